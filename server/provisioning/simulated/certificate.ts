import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto'
import { isIP } from 'node:net'

/**
 * Real X.509 v3 certificates on ECDSA P-256 keys, as kubeadm issues them: a cluster's self-signed
 * CA (CN=kubernetes, ten years, a certificate-signing CA) and the API server's serving certificate
 * signed by it. node:crypto parses and verifies certificates but cannot build them, so the DER is
 * written here. The CA's key is returned as PEM: the simulated control plane keeps it (sealed) to
 * sign its serving certificates.
 */

const CA_VALIDITY_YEARS = 10
const SERVING_VALIDITY_YEARS = 1
/** A serving certificate is valid from a little before it is made, for clocks slightly behind. */
const CLOCK_SKEW_MS = 5 * 60 * 1000
const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extendedKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
}
/** digitalSignature, keyEncipherment and keyCertSign: the usages kubeadm gives its CA. */
const CA_KEY_USAGE = Buffer.from([0x02, 0xa4])
/** digitalSignature and keyEncipherment, as kubeadm gives the API server's certificate. */
const SERVING_KEY_USAGE = Buffer.from([0x05, 0xa0])

/** A certificate and its private key, both PEM. */
export type CertificateAndKey = { certificate: string; privateKey: string }

/** A new cluster CA and the key it signs with. */
export function certificateAuthority(options: { commonName: string; notBefore: Date }): CertificateAndKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const subjectPublicKeyInfo = publicKey.export({ type: 'spki', format: 'der' })
  const name = distinguishedName(options.commonName)
  const certificate = signedCertificate({
    issuer: name,
    subject: name,
    subjectPublicKeyInfo,
    signingKey: privateKey,
    notBefore: options.notBefore,
    notAfter: yearsAfter(options.notBefore, CA_VALIDITY_YEARS),
    extensions: [
      extension(OID.basicConstraints, true, sequence(boolean(true))),
      extension(OID.keyUsage, true, tlv(0x03, CA_KEY_USAGE)),
      extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(subjectPublicKeyInfo))),
    ],
  })
  return { certificate, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
}

/** A self-signed CA certificate whose key is thrown away (nothing will be signed with it). */
export function selfSignedCaCertificate(options: { commonName: string; notBefore: Date }): string {
  return certificateAuthority(options).certificate
}

/**
 * The API server's serving certificate, signed by the cluster's CA: its names (DNS names, or IP
 * addresses) as subject alternative names, for server authentication only.
 */
export function servingCertificate(options: {
  ca: CertificateAndKey
  hostNames: string[]
  commonName?: string
  notBefore?: Date
}): CertificateAndKey {
  const ca = new X509Certificate(options.ca.certificate)
  const caCommonName = /(?:^|\n)CN=([^\n]*)/.exec(ca.subject)?.[1] ?? 'kubernetes'
  const caPublicKeyInfo = ca.publicKey.export({ type: 'spki', format: 'der' })
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const subjectPublicKeyInfo = publicKey.export({ type: 'spki', format: 'der' })
  const notBefore = new Date((options.notBefore ?? new Date()).getTime() - CLOCK_SKEW_MS)
  const alternativeNames = options.hostNames.map((host) =>
    isIP(host) === 4
      ? tlv(0x87, Buffer.from(host.split('.').map(Number)))
      : tlv(0x82, Buffer.from(host, 'ascii')),
  )
  const certificate = signedCertificate({
    issuer: distinguishedName(caCommonName),
    subject: distinguishedName(options.commonName ?? 'kube-apiserver'),
    subjectPublicKeyInfo,
    signingKey: createPrivateKey(options.ca.privateKey),
    notBefore,
    notAfter: yearsAfter(notBefore, SERVING_VALIDITY_YEARS),
    extensions: [
      extension(OID.keyUsage, true, tlv(0x03, SERVING_KEY_USAGE)),
      extension(OID.extendedKeyUsage, false, sequence(oid(OID.serverAuth))),
      extension(OID.basicConstraints, true, sequence()),
      extension(OID.authorityKeyIdentifier, false, sequence(tlv(0x80, keyIdentifier(caPublicKeyInfo)))),
      extension(OID.subjectAltName, false, sequence(...alternativeNames)),
    ],
  })
  return { certificate, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
}

function signedCertificate(parts: {
  issuer: Buffer
  subject: Buffer
  subjectPublicKeyInfo: Buffer
  signingKey: KeyObject
  notBefore: Date
  notAfter: Date
  extensions: Buffer[]
}): string {
  const signatureAlgorithm = sequence(oid(OID.ecdsaWithSha256))
  const serial = randomBytes(16)
  serial[0]! &= 0x7f // a positive INTEGER
  const tbsCertificate = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    signatureAlgorithm,
    parts.issuer,
    sequence(time(parts.notBefore), time(parts.notAfter)),
    parts.subject,
    parts.subjectPublicKeyInfo,
    explicit(3, sequence(...parts.extensions)),
  )
  const signature = sign('sha256', tbsCertificate, parts.signingKey)
  const certificate = sequence(tbsCertificate, signatureAlgorithm, bitString(signature))
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? []
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`
}

function distinguishedName(commonName: string): Buffer {
  return sequence(set(sequence(oid(OID.commonName), utf8String(commonName))))
}

function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date)
  later.setUTCFullYear(later.getUTCFullYear() + years)
  return later
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
