import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import type { CustomSolution } from '#common/schemas/custom-solutions.ts'
import type { Order } from '#common/schemas/orders.ts'
import { customSolutionQuotes, notifications, orders, users } from '#server/db/schema/index.ts'
import { waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { createOrganization, memberOf } from '#tests/helpers/billing.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Custom solutions against the real server: a request, an officer's quote, the customer's answer
 * (declined, quoted again, accepted into an order), with the notifications and mails of each step,
 * and nobody else's requests in sight.
 */

const SALES_INBOX = 'custom-solutions-sales@example.com'
let server: TestServer
let customer: Awaited<ReturnType<typeof memberOf>>
let customerOrganization: string
let stranger: Awaited<ReturnType<typeof memberOf>>
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  server = await startTestServer({ SALES_INBOX })
  const organization = await createOrganization(server.db)
  customerOrganization = organization.name
  customer = await memberOf(server, organization.id, 'user')
  stranger = await memberOf(server, (await createOrganization(server.db)).id, 'admin')
  officer = await memberOf(server, (await createOrganization(server.db)).id, 'user')
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
})
afterAll(() => server.close())

const request = {
  title: 'A data platform for nightly Spark jobs',
  workload: 'Spark jobs reading 2 TB from object storage every night, results in PostgreSQL',
  components: 'Spark operator, MinIO, Airflow, PostgreSQL',
  compliance: ['gdpr', 'iso27001'],
  sla: 'business',
  budget: 4_000,
  currency: 'EUR',
  deadline: '2027-03-01',
}
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

describe('a custom solution', () => {
  let solution: CustomSolution

  it('is requested, confirmed by mail, and announced to the officers', async () => {
    const invalid = await inject('POST', '/api/custom-solutions', customer.headers, {
      ...request,
      title: ' ',
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().issues[0].path).toBe('body.title')

    const created = await inject('POST', '/api/custom-solutions', customer.headers, request)
    expect(created.statusCode, created.body).toBe(201)
    solution = created.json()
    expect(solution).toMatchObject({
      status: 'submitted',
      reference: expect.stringMatching(/^CS-\d{4}-\d{6}$/),
      quotes: [],
    })
    await waitForMailWithSubject(server.db, customer.email, `We received your request ${solution.reference}`)
    await waitForMailWithSubject(
      server.db,
      SALES_INBOX,
      `New custom solution request ${solution.reference} from ${customerOrganization}`,
    )
    const [told] = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, officer.userId))
    expect(told).toMatchObject({ title: 'New custom solution request', link: '/officers/panel' })

    const theirs = await inject('GET', `/api/custom-solutions/${solution.id}`, stranger.headers)
    expect(theirs.statusCode).toBe(404)
    expect((await inject('GET', '/api/custom-solutions', stranger.headers)).json().items).toEqual([])
  })

  it('gets an officer’s quote, which the customer declines, then a new one it accepts as an order', async () => {
    expect((await inject('GET', '/api/officers/custom-solutions', customer.headers)).statusCode).toBe(403)
    const queue = await inject('GET', '/api/officers/custom-solutions?status=submitted', officer.headers)
    expect(queue.json().items.map((item: CustomSolution) => item.id)).toContain(solution.id)

    const quote = {
      lines: [
        { description: 'Managed Spark platform', quantity: 1, unitMonthlyCents: 250_000 },
        { description: 'Object storage, per TB', quantity: 3, unitMonthlyCents: 2_500 },
      ],
      currency: 'EUR',
      validUntil: inTwoWeeks(),
      note: 'Includes onboarding',
    }
    const first = await inject(
      'POST',
      `/api/officers/custom-solutions/${solution.id}/quotes`,
      officer.headers,
      quote,
    )
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      status: 'quoted',
      quotes: [{ status: 'open', monthlyTotalCents: 257_500 }],
    })
    await waitForMailWithSubject(server.db, customer.email, `Your quote for ${solution.reference} is ready`)

    const firstQuote = first.json().quotes[0].id
    const declined = await inject(
      'POST',
      `/api/custom-solutions/${solution.id}/quotes/${firstQuote}/decline`,
      customer.headers,
      { reason: 'Above our budget' },
    )
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json()).toMatchObject({
      status: 'declined',
      quotes: [{ status: 'declined', declineReason: 'Above our budget' }],
    })
    await waitForMailWithSubject(
      server.db,
      officer.email,
      `${customerOrganization} declined the quote for ${solution.reference}`,
    )

    const second = await inject(
      'POST',
      `/api/officers/custom-solutions/${solution.id}/quotes`,
      officer.headers,
      {
        ...quote,
        lines: [{ description: 'Managed Spark platform', quantity: 1, unitMonthlyCents: 199_000 }],
      },
    )
    const secondQuote = second.json().quotes[0].id
    // Another organization cannot answer it; an answered quote cannot be answered again.
    expect(
      (
        await inject(
          'POST',
          `/api/custom-solutions/${solution.id}/quotes/${secondQuote}/accept`,
          stranger.headers,
        )
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await inject(
          'POST',
          `/api/custom-solutions/${solution.id}/quotes/${firstQuote}/accept`,
          customer.headers,
        )
      ).statusCode,
    ).toBe(409)

    const accepted = await inject(
      'POST',
      `/api/custom-solutions/${solution.id}/quotes/${secondQuote}/accept`,
      customer.headers,
    )
    expect(accepted.statusCode, accepted.body).toBe(201)
    const order = accepted.json()
    expect(order).toMatchObject({
      kind: 'custom',
      status: 'confirmed',
      customSolution: { id: solution.id, reference: solution.reference },
      // The organization is billed in EUR: the order is the quote in USD cents at the day's rate
      // (the test server has no rate service: the fallback rates).
      price: { totalCents: Math.round(199_000 / FALLBACK_RATES.EUR), promoCode: null },
    })
    const fetched = await inject('GET', `/api/orders/${order.id}`, customer.headers)
    expect(fetched.json().id).toBe(order.id)
    const now = (await inject('GET', `/api/custom-solutions/${solution.id}`, customer.headers)).json()
    expect(now).toMatchObject({
      status: 'accepted',
      quotes: [{ status: 'accepted', orderId: order.id }, { status: 'declined' }],
    })
    await waitForMailWithSubject(
      server.db,
      officer.email,
      `${customerOrganization} accepted the quote for ${solution.reference}`,
    )
    const again = await inject(
      'POST',
      `/api/officers/custom-solutions/${solution.id}/quotes`,
      officer.headers,
      quote,
    )
    expect(again.statusCode).toBe(409)
  })

  it('refuses a quote that is already past its date', async () => {
    const created = (await inject('POST', '/api/custom-solutions', customer.headers, request)).json()
    const past = await inject(
      'POST',
      `/api/officers/custom-solutions/${created.id}/quotes`,
      officer.headers,
      {
        lines: [{ description: 'Platform', quantity: 1, unitMonthlyCents: 1_000 }],
        currency: 'EUR',
        validUntil: '2026-01-01',
        note: null,
      },
    )
    expect(past.statusCode).toBe(422)
    expect(past.json().code).toBe('QUOTE_EXPIRED')
  })
})

describe('a quote in the organization’s billing currency', () => {
  const lines = [
    { description: 'Managed Kafka', quantity: 1, unitMonthlyCents: 123_456 },
    { description: 'Retention, per TB', quantity: 3, unitMonthlyCents: 1_999 },
  ]
  // 1,234.56 + 3 × 19.99, as typed.
  const typedTotal = 129_453

  /** A request of a new organization billed in `currency`, by a member reading mails in `language`. */
  async function requestOf(currency: 'EUR' | 'GBP', language: 'en' | 'fr') {
    const organization = await createOrganization(server.db, { billingCurrency: currency })
    const member = await memberOf(server, organization.id, 'user')
    await server.db.update(users).set({ language }).where(eq(users.id, member.userId))
    const created = await inject('POST', '/api/custom-solutions', member.headers, request)
    expect(created.statusCode, created.body).toBe(201)
    return { organization, member, solution: created.json() as CustomSolution }
  }
  const sendQuote = (solution: CustomSolution, currency: string) =>
    inject('POST', `/api/officers/custom-solutions/${solution.id}/quotes`, officer.headers, {
      lines,
      currency,
      validUntil: inTwoWeeks(),
      note: null,
    })

  it('is typed in EUR for an organization billed in EUR, shown back and mailed in EUR, and ordered in USD', async () => {
    const { organization, member, solution } = await requestOf('EUR', 'en')
    // The officer reads the currency to price in beside the request.
    const queue = await inject('GET', '/api/officers/custom-solutions?status=submitted', officer.headers)
    expect(queue.json().items.find((item: CustomSolution) => item.id === solution.id)).toMatchObject({
      organizationName: organization.name,
      billingCurrency: 'EUR',
    })

    // Prices meant in another currency are refused, not converted.
    for (const other of ['USD', 'GBP']) {
      const refused = await sendQuote(solution, other)
      expect(refused.statusCode, refused.body).toBe(422)
      expect(refused.json()).toMatchObject({
        code: 'CURRENCY_MISMATCH',
        message: `${organization.name} is billed in EUR: enter the prices in EUR.`,
      })
    }
    const stillNone = await inject('GET', `/api/custom-solutions/${solution.id}`, member.headers)
    expect(stillNone.json()).toMatchObject({ status: 'submitted', quotes: [] })

    const sent = await sendQuote(solution, 'EUR')
    expect(sent.statusCode, sent.body).toBe(201)
    // The customer reads the prices as typed, to the cent, in EUR.
    const read = await inject('GET', `/api/custom-solutions/${solution.id}`, member.headers)
    expect(read.json()).toMatchObject({
      status: 'quoted',
      billingCurrency: 'EUR',
      quotes: [{ status: 'open', currency: 'EUR', lines, monthlyTotalCents: typedTotal }],
    })
    const mail = await waitForMailWithSubject(
      server.db,
      member.email,
      `Your quote for ${solution.reference} is ready`,
    )
    expect(mail.text).toContain('comes to €1,294.53 a month')
    expect(mail.text).not.toContain('$')

    // The day's rate is kept with the quote, and the USD figure converted once from it.
    const quoteId = read.json().quotes[0].id
    const usdCents = Math.round(typedTotal / FALLBACK_RATES.EUR)
    const [stored] = await server.db
      .select()
      .from(customSolutionQuotes)
      .where(eq(customSolutionQuotes.id, quoteId))
    expect(stored).toMatchObject({
      currency: 'EUR',
      exchangeRate: FALLBACK_RATES.EUR,
      monthlyTotalCents: typedTotal,
      monthlyTotalUsdCents: usdCents,
    })

    const accepted = await inject(
      'POST',
      `/api/custom-solutions/${solution.id}/quotes/${quoteId}/accept`,
      member.headers,
    )
    expect(accepted.statusCode, accepted.body).toBe(201)
    const order = accepted.json() as Order
    expect(usdCents).toBe(153_199)
    expect(order).toMatchObject({ kind: 'custom', currency: 'EUR', price: { totalCents: usdCents } })
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ organizationId: organization.id, totalCents: usdCents })
  })

  it('mails a French reader the amount in the organization’s currency, the French way', async () => {
    const { organization, member, solution } = await requestOf('GBP', 'fr')
    expect((await sendQuote(solution, 'EUR')).json()).toMatchObject({
      code: 'CURRENCY_MISMATCH',
      message: `${organization.name} is billed in GBP: enter the prices in GBP.`,
    })
    expect((await sendQuote(solution, 'GBP')).statusCode).toBe(201)
    const read = (await inject('GET', `/api/custom-solutions/${solution.id}`, member.headers)).json()
    expect(read.quotes[0]).toMatchObject({ currency: 'GBP', monthlyTotalCents: typedTotal })
    const mail = await waitForMailWithSubject(
      server.db,
      member.email,
      `Votre devis pour ${solution.reference} est prêt`,
    )
    expect(mail.text).toMatch(/s’élève à 1\s294,53\s£ par mois/)
  })

  it('reads a quote written before quotes had a currency as USD, as it was', async () => {
    const { member, solution } = await requestOf('EUR', 'en')
    // As the migration leaves them: USD, rate 1, the USD total its own total.
    const [legacy] = await server.db
      .insert(customSolutionQuotes)
      .values({
        customSolutionId: solution.id,
        lines: [{ description: 'Platform', quantity: 1, unitMonthlyCents: 50_000 }],
        monthlyTotalCents: 50_000,
        currency: 'USD',
        exchangeRate: 1,
        monthlyTotalUsdCents: 50_000,
        validUntil: inTwoWeeks(),
      })
      .returning()
    const read = (await inject('GET', `/api/custom-solutions/${solution.id}`, member.headers)).json()
    expect(read.quotes[0]).toMatchObject({ id: legacy!.id, currency: 'USD', monthlyTotalCents: 50_000 })
    const accepted = await inject(
      'POST',
      `/api/custom-solutions/${solution.id}/quotes/${legacy!.id}/accept`,
      member.headers,
    )
    expect(accepted.json()).toMatchObject({ currency: 'USD', price: { totalCents: 50_000 } })
  })
})
