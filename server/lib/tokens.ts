import { createHmac, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: session ids and one-time links. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as this keyed hash, so a copy of the database yields nothing usable. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url')
}
