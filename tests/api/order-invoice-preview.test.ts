import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import type { OrderQuote } from '#common/schemas/orders.ts'
import { invoices } from '#server/db/schema/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { grantCredits } from '#server/modules/billing/credit-ledger.ts'
import { issueOrderInvoice } from '#server/modules/billing/yearly-order-invoices.ts'
import { createOrganization, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { blueConfiguration, orderBody } from '#tests/helpers/orders.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The order quote's `invoice`: what the order's invoice will charge (credits first, then VAT by
 * the organization's country and VAT number, in its billing currency) and the ways to pay that
 * are configured, checked against the invoice the order then gets.
 */

let server: TestServer
const rates = FALLBACK_RATES
const DAY_MS = 86_400_000

beforeAll(async () => {
  // Both ways to pay configured: card and SEPA (Stripe, on a closed port) and bank transfer.
  server = await startTestServer({
    PROVISIONING_SPEED: '2000',
    STRIPE_SECRET_KEY: 'sk_test_invoice_preview',
    STRIPE_WEBHOOK_SECRET: 'whsec_invoice_preview',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    SELLER_IBAN: 'FR7630004000031234567890143',
    SELLER_BIC: 'BNPAFRPPXXX',
  })
})
afterAll(() => server.close())

type Member = Awaited<ReturnType<typeof memberOf>>

async function customer(overrides: Parameters<typeof createOrganization>[1]) {
  const organization = await createOrganization(server.db, overrides)
  return { organization, member: await memberOf(server, organization.id) }
}

async function quote(member: Member, body: object, url = '/api/orders/quote'): Promise<OrderQuote> {
  const response = await server.app.inject({ method: 'POST', url, headers: member.headers, payload: body })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** Places the order and issues its invoice, as the order-invoice job does at that day's rates. */
async function invoiceOf(member: Member, body: object) {
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...member.headers, 'idempotency-key': randomUUID() },
    payload: body,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const orderId = placed.json().id as string
  expect(placed.json().status).toBe('confirmed')
  // The job may have issued it already (at the same rates, the server's being the fallback ones).
  await issueOrderInvoice(server.db, { orderId, rates, at: new Date() })
  const [invoice] = await server.db
    .select()
    .from(invoices)
    .where(eq(invoices.source, `order:${orderId}`))
  return invoice!
}

const yearlyWithParis = () => orderBody(blueConfiguration(), { billingCycle: 'yearly', promoCode: 'PARIS' })

describe('the VAT of the order’s invoice', () => {
  it.each([
    {
      who: 'a French business: French VAT at 20%',
      organization: { countryCode: 'FR', vatNumber: 'FR40303265045', billingCurrency: 'EUR' },
      treatment: 'domestic',
      percent: 20,
    },
    {
      who: 'a German business with its VAT number: reverse charge, no VAT',
      organization: { countryCode: 'DE', vatNumber: 'DE123456789', billingCurrency: 'EUR' },
      treatment: 'reverse_charge',
      percent: 0,
    },
    {
      who: 'a customer in the United States: no VAT, in dollars',
      organization: { countryCode: 'US', vatNumber: null, billingCurrency: 'USD' },
      treatment: 'export',
      percent: 0,
    },
  ] as const)(
    'quotes for $who, as its invoice then charges',
    async ({ organization, treatment, percent }) => {
      const { member } = await customer(organization)
      const body = yearlyWithParis()
      const quoted = await quote(member, body)
      const rate = rates[organization.billingCurrency]
      // Ten months of $425.84 less PARIS, each converted to the cent as the invoice's lines are.
      const amountCents = Math.round(425_840 * rate) - Math.round(21_292 * rate)
      const vatCents = Math.round((amountCents * percent) / 100)
      expect(quoted.invoice).toEqual({
        currency: organization.billingCurrency,
        exchangeRate: rate,
        amountCents,
        creditsBalanceCents: 0,
        creditsAppliedCents: 0,
        taxableCents: amountCents,
        vatTreatment: treatment,
        vatRatePercent: percent,
        vatCents,
        totalCents: amountCents + vatCents,
        payment: {
          card: true,
          bankTransfer: {
            beneficiary: 'Clusterdeck SAS',
            iban: 'FR76 3000 4000 0312 3456 7890 143',
            bic: 'BNPAFRPPXXX',
          },
          billingEmail: 'billing@clusterdeck.eu',
        },
      })
      if (treatment === 'domestic') expect(vatCents).toBeGreaterThan(0)

      const invoice = await invoiceOf(member, body)
      expect({
        currency: invoice.currency,
        exchangeRate: invoice.exchangeRate,
        amountCents: invoice.subtotalCents - invoice.discountCents,
        creditsAppliedCents: invoice.creditsAppliedCents,
        taxableCents: invoice.taxableCents,
        vatTreatment: invoice.vatTreatment,
        vatRatePercent: invoice.vatBasisPoints / 100,
        vatCents: invoice.vatCents,
        totalCents: invoice.totalCents,
      }).toEqual({
        currency: quoted.invoice.currency,
        exchangeRate: quoted.invoice.exchangeRate,
        amountCents: quoted.invoice.amountCents,
        creditsAppliedCents: quoted.invoice.creditsAppliedCents,
        taxableCents: quoted.invoice.taxableCents,
        vatTreatment: quoted.invoice.vatTreatment,
        vatRatePercent: quoted.invoice.vatRatePercent,
        vatCents: quoted.invoice.vatCents,
        totalCents: quoted.invoice.totalCents,
      })
    },
  )

  it('quotes a monthly order’s VAT on a month of it', async () => {
    const { member } = await customer({ countryCode: 'FR', billingCurrency: 'GBP' })
    const quoted = await quote(member, orderBody(blueConfiguration()))
    const amountCents = Math.round(42_584 * rates.GBP)
    expect(quoted.invoice).toMatchObject({
      currency: 'GBP',
      amountCents,
      vatTreatment: 'domestic',
      vatCents: Math.round(amountCents * 0.2),
    })
  })
})

describe('the credits, used first', () => {
  it('takes them off before VAT as the invoice does, and shows no other organization’s', async () => {
    const { organization, member } = await customer({ countryCode: 'FR', billingCurrency: 'EUR' })
    await grantCredits(server.db, {
      organizationId: organization.id,
      amountCents: 10_000,
      expiresAt: new Date(Date.now() + 90 * DAY_MS),
      note: 'Welcome credits',
      grantedBy: null,
    })
    const body = yearlyWithParis()
    const quoted = await quote(member, body)
    const balance = Math.floor(10_000 * rates.EUR)
    const amountCents = Math.round(425_840 * rates.EUR) - Math.round(21_292 * rates.EUR)
    expect(quoted.invoice).toMatchObject({
      creditsBalanceCents: balance,
      creditsAppliedCents: balance,
      taxableCents: amountCents - balance,
      vatCents: Math.round((amountCents - balance) * 0.2),
    })

    // Another organization's member sees its own balance (none), never this one's.
    const other = await customer({ countryCode: 'FR', billingCurrency: 'EUR' })
    expect((await quote(other.member, body)).invoice).toMatchObject({
      creditsBalanceCents: 0,
      creditsAppliedCents: 0,
    })

    const invoice = await invoiceOf(member, body)
    expect(invoice).toMatchObject({
      creditsAppliedCents: quoted.invoice.creditsAppliedCents,
      taxableCents: quoted.invoice.taxableCents,
      vatCents: quoted.invoice.vatCents,
      totalCents: quoted.invoice.totalCents,
    })
  })
})

describe('a product order', () => {
  it('quotes its invoice the same way', async () => {
    const { organization, member } = await customer({ countryCode: 'DE', vatNumber: 'DE123456789' })
    const since = new Date('2026-11-01T00:00:00Z')
    const cluster = await runningCluster(server.db, organization.id, plainConfiguration('shop'), { since })
    const quoted = await quote(
      member,
      {
        productId: 'postgresql',
        clusterId: cluster.id,
        namespace: 'databases',
        planId: 'm',
        version: '18.1',
        settings: { databaseName: 'shop' },
        currency: 'EUR',
        promoCode: null,
      },
      '/api/installations/quote',
    )
    expect(quoted.totalCents).toBe(14_750)
    expect(quoted.invoice).toMatchObject({
      currency: 'EUR',
      amountCents: Math.round(14_750 * rates.EUR),
      vatTreatment: 'reverse_charge',
      vatCents: 0,
      payment: { card: true, bankTransfer: expect.objectContaining({ bic: 'BNPAFRPPXXX' }) },
    })
  })
})

describe('the ways to pay', () => {
  it('names neither card nor bank transfer when the operator configured none', async () => {
    const bare = await startTestServer()
    try {
      const organization = await createOrganization(bare.db, { countryCode: 'FR' })
      const member = await memberOf(bare, organization.id)
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        headers: member.headers,
        payload: orderBody(blueConfiguration()),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().invoice.payment).toEqual({
        card: false,
        bankTransfer: null,
        billingEmail: 'billing@clusterdeck.eu',
      })
    } finally {
      await bare.close()
    }
  })
})
