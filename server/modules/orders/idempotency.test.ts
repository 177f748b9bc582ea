import { describe, expect, it } from 'vitest'
import { requestHash } from './idempotency.ts'

/** The fingerprint an Idempotency-Key is kept with. */

describe('requestHash', () => {
  it('is the same for the same body whatever the order of its keys', () => {
    expect(requestHash({ planId: 'pro', currency: 'EUR', nested: { b: 1, a: [2, { d: 3, c: 4 }] } })).toBe(
      requestHash({ nested: { a: [2, { c: 4, d: 3 }], b: 1 }, currency: 'EUR', planId: 'pro' }),
    )
  })

  it('differs for another body', () => {
    expect(requestHash({ planId: 'pro' })).not.toBe(requestHash({ planId: 'business' }))
  })

  it('leaves out the total the browser showed, which the server never reads', () => {
    const body = { productId: 'postgresql', promoCode: null }
    expect(requestHash({ ...body, clientTotalCents: 1 })).toBe(requestHash(body))
    expect(requestHash({ ...body, clientTotalCents: 1 })).toBe(requestHash({ ...body, clientTotalCents: 99 }))
  })
})
