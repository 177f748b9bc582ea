import { describe, expect, it } from 'vitest'
import { navigationInvalidationKeys } from './navigation-invalidation-keys.ts'

const ALWAYS = [
  ['/api/sidebar-counts'],
  ['/api/billing/credits'],
  ['/api/billing/summary'],
  ['/api/billing/plans'],
]

describe('navigationInvalidationKeys', () => {
  it('refreshes the sidebar counts and the billing credits, summary and plans everywhere', () => {
    expect(navigationInvalidationKeys('/dashboard')).toEqual(ALWAYS)
    expect(navigationInvalidationKeys('/')).toEqual(ALWAYS)
    expect(navigationInvalidationKeys('/orders/clusters')).toEqual(ALWAYS)
  })

  it('adds the payment methods and invoices on /billing', () => {
    expect(navigationInvalidationKeys('/billing')).toEqual([
      ...ALWAYS,
      ['/api/billing/payment-methods'],
      ['/api/billing/invoices'],
    ])
    expect(navigationInvalidationKeys('/billing-support')).toEqual(ALWAYS)
  })

  it('adds the usage on /usage', () => {
    expect(navigationInvalidationKeys('/usage')).toEqual([...ALWAYS, ['/api/usage']])
    expect(navigationInvalidationKeys('/usage/')).toEqual([...ALWAYS, ['/api/usage']])
  })
})
