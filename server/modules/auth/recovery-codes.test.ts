import { describe, expect, it } from 'vitest'
import { normaliseRecoveryCode } from './recovery-codes.ts'

describe('normaliseRecoveryCode', () => {
  it('reads a code however it was typed', () => {
    expect(normaliseRecoveryCode('abcde-fghjk')).toBe('abcde-fghjk')
    expect(normaliseRecoveryCode(' ABCDE FGHJK ')).toBe('abcde-fghjk')
    expect(normaliseRecoveryCode('abcdefghjk')).toBe('abcde-fghjk')
  })
})
