import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Secrets kept in the database (an installation's generated password, a TOTP seed, the one-time
 * links of queued mail, the development outbox's mail) are sealed with AES-256-GCM under the
 * configured key: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version prefix lets a
 * later key rotation tell old values from new ones, and tells sealed values from older plain ones.
 */

const ALGORITHM = 'aes-256-gcm'
const IV_BYTES = 12

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')
}

const SEALED_PREFIX = 'v1.'

/** Whether a stored value is sealed (values stored before sealing are plain text). */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX)
}

/** Throws when the value was not sealed with this key or was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret')
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  )
}

/** A password a person can copy: 24 characters of letters and digits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const bytes = randomBytes(24)
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}
