import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { registerRequestSchema } from './schemas/auth.ts'
import {
  defaultIssueMessage,
  matchValidationMessage,
  VALIDATION_MESSAGES,
  type ValidationMessageId,
  validationMessage,
} from './validation-messages.ts'

describe('validation messages', () => {
  it('fills in the values of a message', () => {
    expect(validationMessage('passwordTooShort', { minimum: 12 })).toBe(
      'Password must be at least 12 characters',
    )
    expect(validationMessage('flavorNotAllowed', { flavor: 'GPU L4', type: 'Sandbox' })).toBe(
      'GPU L4 is not available for Sandbox clusters',
    )
  })

  it('finds every message of the catalog back from its English text, values included', () => {
    const sample = {
      minimum: 3,
      maximum: 40,
      name: 'Paris 2 (PAR2)',
      version: '1.34',
      flavor: 'M',
      type: 'Red',
    }
    for (const id of Object.keys(VALIDATION_MESSAGES) as ValidationMessageId[]) {
      const text = validationMessage(id, sample)
      const matched = matchValidationMessage(text)
      expect(matched, id).toBeDefined()
      // Two ids may share their words; the match must then read the same.
      expect(validationMessage(matched!.id, matched!.values), id).toBe(text)
    }
  })

  it('does not match text outside the catalog', () => {
    expect(matchValidationMessage('Something else went wrong')).toBeUndefined()
  })

  it('words zod’s own checks with the catalog', () => {
    const schema = z.object({
      note: z.string().max(5),
      count: z.number().int().min(2),
      kind: z.enum(['a', 'b']),
    })
    const result = schema.safeParse({ note: 'too long', count: 1, kind: 'c' }, { error: defaultIssueMessage })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Use at most 5 characters',
      'Enter 2 or more',
      'Choose one of the options',
    ])
  })

  it('keeps a schema’s own words before the generic ones', () => {
    const result = registerRequestSchema.safeParse(
      { username: 'ab', email: 'x', name: '', password: 'short', companyName: '', companyId: 'a' },
      { error: defaultIssueMessage },
    )
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Username must be at least 3 characters',
      'Enter a valid email address',
      'Enter your name',
      'Password must be at least 12 characters',
      'Billing ID must be at least 3 characters',
      'Enter your company name',
      'A new organization gets its Billing ID from us; leave it out',
    ])
  })
})
