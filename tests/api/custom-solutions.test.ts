import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomSolution } from '#common/schemas/custom-solutions.ts'
import { notifications, users } from '#server/db/schema/index.ts'
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
      price: { totalCents: 199_000, promoCode: null },
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
        validUntil: '2026-01-01',
        note: null,
      },
    )
    expect(past.statusCode).toBe(422)
    expect(past.json().code).toBe('QUOTE_EXPIRED')
  })
})
