import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'

/**
 * A real self-signed X.509 v3 CA certificate, as kubeadm issues for a cluster (CN=kubernetes, ten
 * years, a certificate-signing CA), on an ECDSA P-256 key. node:crypto parses and verifies
 * certificates but cannot build them, so the DER is written here; the key is thrown away, since a
 * simulated cluster signs nothing.
 */

const VALIDITY_YEARS = 10
const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
}
/** digitalSignature, keyEncipherment and keyCertSign: the usages kubeadm gives its CA. */
const CA_KEY_USAGE = Buffer.from([0x02, 0xa4])

export function selfSignedCaCertificate(options: { commonName: string; notBefore: Date }): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const subjectPublicKeyInfo = publicKey.export({ type: 'spki', format: 'der' })
  const name = sequence(set(sequence(oid(OID.commonName), utf8String(options.commonName))))
  const notAfter = new Date(options.notBefore)
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS)
  const signatureAlgorithm = sequence(oid(OID.ecdsaWithSha256))

  const serial = randomBytes(16)
  serial[0]! &= 0x7f // a positive INTEGER
  const tbsCertificate = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    signatureAlgorithm,
    name,
    sequence(time(options.notBefore), time(notAfter)),
    name,
    subjectPublicKeyInfo,
    explicit(
      3,
      sequence(
        extension(OID.basicConstraints, true, sequence(boolean(true))),
        extension(OID.keyUsage, true, tlv(0x03, CA_KEY_USAGE)),
        extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(subjectPublicKeyInfo))),
      ),
    ),
  )
  const signature = sign('sha256', tbsCertificate, privateKey)
  const certificate = sequence(tbsCertificate, signatureAlgorithm, bitString(signature))
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? []
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`
}

/** RFC 5280 method 1: the SHA-1 of the public key's bits. */
function keyIdentifier(subjectPublicKeyInfo: Buffer): Buffer {
  // The key's BIT STRING is the SPKI's last element; for P-256 it is the last 65 bytes.
  return createHash('sha1').update(subjectPublicKeyInfo.subarray(-65)).digest()
}

function extension(identifier: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(identifier), ...(critical ? [boolean(true)] : []), octetString(value))
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content])
}

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size])
  const bytes: number[] = []
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items))
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items))
const explicit = (tagNumber: number, content: Buffer) => tlv(0xa0 | tagNumber, content)
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]))
const octetString = (content: Buffer) => tlv(0x04, content)
const bitString = (content: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), content]))
const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'))

function integer(value: Buffer): Buffer {
  let start = 0
  while (start < value.length - 1 && value[start] === 0 && (value[start + 1]! & 0x80) === 0) start++
  const trimmed = value.subarray(start)
  return tlv(0x02, (trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed)
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number)
  const bytes = [first * 40 + second]
  for (const arc of rest) {
    const chunk = [arc & 0x7f]
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f))
    bytes.push(...chunk)
  }
  return tlv(0x06, Buffer.from(bytes))
}

/** UTCTime until 2049, GeneralizedTime after, as RFC 5280 requires. */
function time(date: Date): Buffer {
  const iso = date.toISOString()
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(digits.slice(2)))
    : tlv(0x18, Buffer.from(digits))
}
