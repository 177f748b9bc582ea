import { describe, expect, it } from 'vitest'
import { type OrderFulfilment, registeredOrderKind, registerOrderKind } from './kinds.ts'

/** The registry of order kinds: each module registers its own, once, and approval finds it. */

const customOrders: OrderFulfilment = { kind: 'custom', fulfil: async ({ order }) => order }

describe('the registry of order kinds', () => {
  it('finds a registered kind, and takes the same definition again (another app in the process)', () => {
    registerOrderKind(customOrders)
    registerOrderKind(customOrders)
    expect(registeredOrderKind('custom')).toBe(customOrders)
  })

  it('refuses a second definition of a kind', () => {
    registerOrderKind(customOrders)
    expect(() => registerOrderKind({ ...customOrders })).toThrow('registered twice')
  })

  it('says so when a kind was never registered', () => {
    expect(() => registeredOrderKind('support_plan')).toThrow('No order kind support_plan is registered')
  })
})
