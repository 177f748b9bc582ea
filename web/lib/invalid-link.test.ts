import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { invalidLinkMessage, isInvalidLink } from './invalid-link.ts'

describe('isInvalidLink', () => {
  const refused = new ApiError(400, 'This link is invalid or has expired. Please request a new one.', {
    message: 'This link is invalid or has expired. Please request a new one.',
    code: 'INVALID_TOKEN',
  })
  const malformed = new ApiError(400, 'Invalid body.token: Too small', {
    code: 'VALIDATION_FAILED',
    issues: [{ path: 'body.token', message: 'Too small' }],
  })

  it('recognises a refused or malformed token and words it for a person', () => {
    expect(isInvalidLink(refused)).toBe(true)
    expect(isInvalidLink(malformed)).toBe(true)
    expect(invalidLinkMessage(refused, 'fallback')).toBe(
      'This link is invalid or has expired. Please request a new one.',
    )
    expect(invalidLinkMessage(malformed, 'fallback')).toBe('fallback')
  })

  it('leaves other failures alone', () => {
    const weakPassword = new ApiError(400, 'Invalid body.password', {
      issues: [{ path: 'body.password', message: 'Password must be at least 12 characters' }],
    })
    expect(isInvalidLink(weakPassword)).toBe(false)
    expect(isInvalidLink(new ApiError(429, 'Too many requests', { code: 'RATE_LIMITED' }))).toBe(false)
    expect(isInvalidLink(new Error('offline'))).toBe(false)
  })
})
