import { describe, expect, it } from 'vitest'
import { ApiError } from '#web/lib/api-client.ts'
import { applyServerErrors, serverFieldProblems } from './server-errors.ts'

/** A stand-in for the two methods of a react-hook-form form that the helper calls. */
function recordingForm(values: Record<string, unknown>) {
  const errors: { name: string; message: string | undefined; focus: boolean | undefined }[] = []
  return {
    errors,
    getValues: ((name: string) =>
      name
        .split('.')
        .reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], values)) as never,
    setError: ((name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) =>
      errors.push({ name, message: error.message, focus: options?.shouldFocus })) as never,
  }
}

describe('serverFieldProblems', () => {
  it('maps the 400 issues of the body to their fields, the first message of each', () => {
    const error = new ApiError(400, 'Invalid body.email: Enter a valid email address', {
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.email', message: 'second message for the same field' },
        { path: 'body.companyId', message: 'Billing ID must be at least 3 characters' },
        { path: 'querystring.x', message: 'not the body' },
      ],
    })
    expect(serverFieldProblems(error)).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'companyId', message: 'Billing ID must be at least 3 characters' },
      { field: 'querystring.x', message: 'not the body' },
    ])
  })

  it('reads nested paths under a prefix', () => {
    const error = new ApiError(400, 'Invalid', {
      issues: [
        { path: 'body.configuration.nodePools.0.name', message: 'Name the pool' },
        { path: 'body.idempotency', message: 'outside the prefix' },
      ],
    })
    expect(serverFieldProblems(error, { prefix: 'configuration' })).toEqual([
      { field: 'nodePools.0.name', message: 'Name the pool' },
    ])
  })

  it('maps the codes that concern one field', () => {
    const taken = new ApiError(409, 'This username is taken. Please choose another.', {
      code: 'USERNAME_TAKEN',
    })
    expect(serverFieldProblems(taken, { fieldOfCode: { USERNAME_TAKEN: 'username' } })).toEqual([
      { field: 'username', message: 'This username is taken. Please choose another.' },
    ])
    expect(serverFieldProblems(taken, { fieldOfCode: { EMAIL_TAKEN: 'email' } })).toEqual([])
  })

  it('finds no field in other failures', () => {
    expect(serverFieldProblems(new ApiError(401, 'Invalid username or password', {}))).toEqual([])
    expect(serverFieldProblems(new Error('offline'))).toEqual([])
    expect(serverFieldProblems(new ApiError(500, 'Internal server error', 'text'))).toEqual([])
  })
})

describe('applyServerErrors', () => {
  it('puts field problems on the form’s own fields, focusing the first', () => {
    const form = recordingForm({ email: 'x', companyId: 'a' })
    const error = new ApiError(400, 'Invalid', {
      issues: [
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.unknown', message: 'not a field of this form' },
        { path: 'body.companyId', message: 'Billing ID must be at least 3 characters' },
      ],
    })
    expect(applyServerErrors(form, error)).toBe(true)
    expect(form.errors).toEqual([
      { name: 'email', message: 'Enter a valid email address', focus: true },
      { name: 'companyId', message: 'Billing ID must be at least 3 characters', focus: false },
    ])
  })

  it('says a failure that is no field’s for the form as a whole', () => {
    const form = recordingForm({ username: '' })
    expect(applyServerErrors(form, new ApiError(401, 'Invalid username or password', {}))).toBe(false)
    expect(form.errors).toEqual([
      { name: 'root.server', message: 'Invalid username or password', focus: undefined },
    ])
    const worded = recordingForm({ username: '' })
    applyServerErrors(worded, new ApiError(429, 'Too many', {}), { formMessage: () => 'Slow down' })
    expect(worded.errors[0]?.message).toBe('Slow down')
  })
})
