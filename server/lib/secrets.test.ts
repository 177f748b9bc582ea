import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generatePassword, isSealed, openSecret, sealSecret } from './secrets.ts'

describe('sealed secrets', () => {
  const key = randomBytes(32)

  it('opens what it sealed, and seals the same text differently each time', () => {
    const first = sealSecret(key, 'pg-password-1')
    const second = sealSecret(key, 'pg-password-1')
    expect(first).not.toBe(second)
    expect(first).not.toContain('pg-password-1')
    expect(openSecret(key, first)).toBe('pg-password-1')
    expect(openSecret(key, second)).toBe('pg-password-1')
  })

  it('refuses another key and an altered value', () => {
    const sealed = sealSecret(key, 'secret')
    expect(() => openSecret(randomBytes(32), sealed)).toThrow()
    const parts = sealed.split('.')
    parts[3] = Buffer.from('other').toString('base64url')
    expect(() => openSecret(key, parts.join('.'))).toThrow()
    expect(() => openSecret(key, 'plain text')).toThrow('Not a sealed secret')
  })

  it('tells a sealed value from a plain one', () => {
    expect(isSealed(sealSecret(key, 'JBSWY3DPEHPK3PXP'))).toBe(true)
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false)
  })

  it('generates passwords of 24 unambiguous characters', () => {
    const password = generatePassword()
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/)
    expect(generatePassword()).not.toBe(password)
  })
})
