import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A software WebAuthn authenticator (a passkey in code): it makes a P-256 credential and answers
 * the server's registration and sign-in challenges the way a browser and a platform authenticator
 * do, with or without user verification, so API tests can sign in with passkeys for real.
 */

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_CREDENTIAL = 0x40

type RegistrationOptions = { challenge: string; rp: { id: string }; user: { id: string } }
type AuthenticationOptions = { challenge: string; rpId: string }

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  private userHandle = ''
  private signCount = 0
  private readonly origin: string

  constructor(origin: string) {
    this.origin = origin
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  /** The answer to `navigator.credentials.create` for the server's options. */
  register(options: RegistrationOptions) {
    this.userHandle = options.user.id
    const clientDataJSON = this.clientData('webauthn.create', options.challenge)
    const authData = this.authenticatorData(options.rp.id, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, true)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    )
    return {
      id: base64url(this.credentialId),
      rawId: base64url(this.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(clientDataJSON),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** The answer to `navigator.credentials.get`; `userVerified: false` is a passkey used without PIN or biometrics. */
  authenticate(options: AuthenticationOptions, { userVerified = true } = {}) {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge)
    const flags = FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0)
    const authData = this.authenticatorData(options.rpId, flags, false)
    const signer = createSign('SHA256')
    signer.update(Buffer.concat([authData, sha256(clientDataJSON)]))
    return {
      id: base64url(this.credentialId),
      rawId: base64url(this.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signer.sign(this.privateKey)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  private authenticatorData(rpId: string, flags: number, withCredential: boolean): Buffer {
    this.signCount += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.signCount)
    const parts = [
      sha256(rpId),
      Buffer.from([flags | (withCredential ? FLAG_ATTESTED_CREDENTIAL : 0)]),
      counter,
    ]
    if (withCredential) {
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(this.credentialId.length)
      parts.push(Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey()))
    }
    return Buffer.concat(parts)
  }

  /** The public key as COSE: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2) and y (-3). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]) as never,
    )
  }
}
