import { describe, expect, it } from 'vitest'
import { loginRequestSchema, registerRequestSchema } from '#common/schemas/auth.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { invalidLinkMessage, isInvalidLink, serverFieldErrors, validateForm } from './form-errors.ts'

const REGISTER_FIELDS = ['username', 'email', 'name', 'password', 'companyName', 'companyId'] as const

describe('validateForm', () => {
  it('gives the parsed values when the form is valid', () => {
    const result = validateForm(registerRequestSchema, {
      username: ' ada ',
      email: 'Ada@Example.EU',
      name: 'Ada',
      password: 'a long enough passphrase',
      companyName: 'Analytical Engines',
      companyId: 'ae-001',
    })
    expect(result).toEqual({
      success: true,
      data: {
        username: 'ada',
        email: 'ada@example.eu',
        name: 'Ada',
        password: 'a long enough passphrase',
        companyName: 'Analytical Engines',
        companyId: 'AE-001',
      },
    })
  })

  it('gives the first message of each invalid field, the 12-character rule included', () => {
    const result = validateForm(registerRequestSchema, {
      username: 'a',
      email: 'not-an-email',
      name: '',
      password: 'short',
      companyName: 'Co',
      companyId: 'X1',
    })
    expect(result).toEqual({
      success: false,
      errors: {
        username: 'Username must be at least 3 characters',
        email: 'Enter a valid email address',
        name: 'Enter your name',
        password: 'Password must be at least 12 characters',
        companyId: 'Billing ID must be at least 3 characters',
      },
    })
  })

  it('checks the sign-in form with the login schema', () => {
    expect(validateForm(loginRequestSchema, { username: '', password: '' })).toEqual({
      success: false,
      errors: { username: 'Enter your username or email', password: 'Enter your password' },
    })
  })
})

describe('serverFieldErrors', () => {
  it('maps the 400 issues of the body to their fields', () => {
    const error = new ApiError(400, 'Invalid body.email: Enter a valid email address', {
      message: 'Invalid body.email: Enter a valid email address',
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.email', message: 'second message for the same field' },
        { path: 'body.companyId', message: 'Billing ID must be at least 3 characters' },
        { path: 'body.unknownField', message: 'ignored' },
        { path: 'querystring.x', message: 'ignored' },
      ],
    })
    expect(serverFieldErrors(error, REGISTER_FIELDS)).toEqual({
      email: 'Enter a valid email address',
      companyId: 'Billing ID must be at least 3 characters',
    })
  })

  it('maps the codes that concern one field', () => {
    const taken = new ApiError(409, 'This username is taken. Please choose another.', {
      message: 'This username is taken. Please choose another.',
      code: 'USERNAME_TAKEN',
    })
    expect(serverFieldErrors(taken, REGISTER_FIELDS)).toEqual({
      username: 'This username is taken. Please choose another.',
    })
    const common = new ApiError(422, 'This password is among the most common ones; choose another', {
      code: 'PASSWORD_TOO_COMMON',
    })
    expect(serverFieldErrors(common, ['password'])).toEqual({
      password: 'This password is among the most common ones; choose another',
    })
    const emailTaken = new ApiError(409, 'An account with this email already exists.', {
      code: 'EMAIL_TAKEN',
    })
    expect(serverFieldErrors(emailTaken, ['username', 'password'])).toEqual({})
  })

  it('leaves other failures to the form as a whole', () => {
    expect(serverFieldErrors(new ApiError(401, 'Invalid username or password', {}), ['username'])).toEqual({})
    expect(serverFieldErrors(new Error('offline'), ['username'])).toEqual({})
    expect(serverFieldErrors(new ApiError(500, 'Internal server error', 'text'), ['username'])).toEqual({})
  })
})

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
