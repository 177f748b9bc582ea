import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { creditEntries, invoices, payments, stripeEvents } from '#server/db/schema/index.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { createOrganization, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'
import { type StripeApiServer, startStripeApiServer } from '#tests/helpers/stripe-api-server.ts'

/**
 * Payments through the real Stripe SDK against a local server that speaks Stripe's API: Checkout
 * for credits, invoices and saved methods, and the signed webhook that alone records a payment.
 */

let server: TestServer
let stripe: StripeApiServer

beforeAll(async () => {
  stripe = await startStripeApiServer()
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    // Bank transfer is offered only with the operator's account.
    SELLER_IBAN: 'FR7630004000031234567890143',
    SELLER_BIC: 'BNPAFRPPXXX',
  })
})
afterAll(async () => {
  await server.close()
  await stripe.close()
})

type Caller = { headers: Record<string, string> }
function call(caller: Caller, options: InjectOptions) {
  return server.app.inject({
    ...options,
    headers: { ...caller.headers, ...(options.payload ? { 'content-type': 'application/json' } : {}) },
  })
}

/** The Checkout session a URL of the local Stripe server opens. */
function sessionOf(url: string) {
  const session = stripe.sessions.get(url.split('/').at(-1)!)
  if (!session) throw new Error(`No session behind ${url}`)
  return session
}

function sendWebhook(payload: string, signature: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/billing/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  })
}

async function creditBalance(caller: Caller): Promise<number> {
  return (await call(caller, { method: 'GET', url: '/api/billing/credits' })).json().balanceCents
}

describe('buying credits', () => {
  it('records the purchase from the signed webhook only, once however often it arrives', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const checkout = await call(admin, {
      method: 'POST',
      url: '/api/billing/credits/checkout',
      payload: { amount: 50 },
    })
    expect(checkout.statusCode, checkout.body).toBe(200)
    const session = sessionOf(checkout.json().url)
    expect(session).toMatchObject({ mode: 'payment', currency: 'eur', amount_total: 5_000 })
    const paymentId = new URL(String(session.success_url)).searchParams.get('payment')!

    // Back from Checkout before the webhook: the page must still wait.
    const pending = await call(admin, { method: 'GET', url: `/api/billing/payments/${paymentId}` })
    expect(pending.json()).toMatchObject({ status: 'pending', amountCents: 5_000, currency: 'EUR' })
    expect(await creditBalance(admin)).toBe(0)

    const { payload, signature } = stripe.completionEvent(session.id)
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200)
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200)

    const paid = await call(admin, { method: 'GET', url: `/api/billing/payments/${paymentId}` })
    expect(paid.json()).toMatchObject({ status: 'succeeded', purpose: 'credits', amountCents: 5_000 })
    // €50 at the offline rate of 0.845 is $59.17, credited once.
    expect(await creditBalance(admin)).toBe(Math.round(5_000 / FALLBACK_RATES.EUR))
    const entries = await server.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        note: 'Bought by card or SEPA Direct Debit',
        noteFrench: 'Acheté par carte ou prélèvement SEPA',
      }),
    ])
  })

  it('refuses a webhook with a bad signature with 400 and records nothing', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const checkout = await call(admin, {
      method: 'POST',
      url: '/api/billing/credits/checkout',
      payload: { amount: 20 },
    })
    const session = sessionOf(checkout.json().url)
    const { payload, signature, eventId } = stripe.completionEvent(session.id)

    const forged = signature.replace(/v1=([0-9a-f])/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`)
    const answers = await Promise.all([
      sendWebhook(payload, forged),
      sendWebhook(payload.replace('"paid"', '"paid" '), signature),
      server.app.inject({
        method: 'POST',
        url: '/api/billing/stripe-webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400])
    expect(answers[0]!.json().message).toBe('The webhook signature does not match')
    expect(await server.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toEqual([])
    const [payment] = await server.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, session.id))
    expect(payment!.status).toBe('pending')
    expect(await creditBalance(admin)).toBe(0)
  })

  it('lets members read billing but only admins pay', async () => {
    const organization = await createOrganization(server.db)
    const member = await memberOf(server, organization.id, 'user')
    const refused = await call(member, {
      method: 'POST',
      url: '/api/billing/credits/checkout',
      payload: { amount: 20 },
    })
    expect(refused.statusCode).toBe(403)
    expect((await call(member, { method: 'GET', url: '/api/billing/credits' })).statusCode).toBe(200)
  })
})

describe('paying an invoice', () => {
  it('marks the invoice paid when Stripe confirms, and refuses a second payment', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const since = new Date('2026-10-03T00:00:00Z')
    await runningCluster(server.db, organization.id, testConfiguration('payable'), { since })
    await meterHour(server.db, since)
    const invoice = (await issueMonthlyInvoice(server.db, {
      organizationId: organization.id,
      month: '2026-10',
      rates: FALLBACK_RATES,
      at: new Date('2026-11-01T02:00:00Z'),
    }))!

    const checkout = await call(admin, {
      method: 'POST',
      url: `/api/billing/invoices/${invoice.id}/checkout`,
    })
    expect(checkout.statusCode, checkout.body).toBe(200)
    const session = sessionOf(checkout.json().url)
    expect(session.amount_total).toBe(invoice.totalCents)
    const { payload, signature } = stripe.completionEvent(session.id)
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200)

    const [paid] = await server.db.select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: invoice.totalCents })
    const again = await call(admin, { method: 'POST', url: `/api/billing/invoices/${invoice.id}/checkout` })
    expect(again.statusCode).toBe(409)

    // Another organization's admin finds no such invoice.
    const stranger = await memberOf(server, (await createOrganization(server.db)).id)
    const foreign = await call(stranger, {
      method: 'POST',
      url: `/api/billing/invoices/${invoice.id}/checkout`,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('payment methods', () => {
  it('adds a card through Checkout in setup mode, makes it the default and removes it', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const checkout = await call(admin, { method: 'POST', url: '/api/billing/payment-methods/checkout' })
    expect(checkout.statusCode, checkout.body).toBe(200)
    const session = sessionOf(checkout.json().url)
    expect(session.mode).toBe('setup')
    const methodId = stripe.addCard(String(session.customer), { brand: 'visa', last4: '4242' })

    const listed = await call(admin, { method: 'GET', url: '/api/billing/payment-methods' })
    expect(listed.json()).toMatchObject({
      cardPaymentsConfigured: true,
      items: [{ id: methodId, type: 'card', brand: 'visa', last4: '4242', isDefault: false }],
    })
    expect(listed.json().bankTransfer.iban).toMatch(/^FR76/)

    const made = await call(admin, {
      method: 'POST',
      url: `/api/billing/payment-methods/${methodId}/default`,
    })
    expect(made.statusCode).toBe(204)
    const after = await call(admin, { method: 'GET', url: '/api/billing/payment-methods' })
    expect(after.json().items[0].isDefault).toBe(true)

    const stranger = await memberOf(server, (await createOrganization(server.db)).id)
    const foreign = await call(stranger, {
      method: 'DELETE',
      url: `/api/billing/payment-methods/${methodId}`,
    })
    expect(foreign.statusCode).toBe(404)
    const removed = await call(admin, { method: 'DELETE', url: `/api/billing/payment-methods/${methodId}` })
    expect(removed.statusCode).toBe(204)
    expect((await call(admin, { method: 'GET', url: '/api/billing/payment-methods' })).json().items).toEqual(
      [],
    )
  })
})
