import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS as SEEDED } from '#server/db/seed/demo-accounts.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'

describe('demo accounts of the development sign-in', () => {
  it('are the seeded ones, in the same order', () => {
    expect(DEMO_ACCOUNTS.map(({ username, name }) => ({ username, name }))).toEqual(
      SEEDED.map(({ username, name }) => ({ username, name })),
    )
  })
})
