import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { creditEntries, invoices, users } from '#server/db/schema/index.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** Officers' side of billing: credit notes in their own series, overdue invoices, credit grants. */

let server: TestServer
let officer: Awaited<ReturnType<typeof memberOf>>
const MONTH = '2026-09'

beforeAll(async () => {
  server = await startTestServer()
  const operator = await createOrganization(server.db)
  officer = await memberOf(server, operator.id)
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
})
afterAll(() => server.close())

/** An organization with a month invoiced: a cluster that ran 40 hours in September. */
async function invoicedCustomer() {
  const organization = await createOrganization(server.db)
  const since = new Date('2026-09-03T00:00:00Z')
  await runningCluster(server.db, organization.id, testConfiguration('corrected'), { since })
  for (const hour of hoursFrom(since, 40)) await meterHour(server.db, hour)
  const invoice = await issueMonthlyInvoice(server.db, {
    organizationId: organization.id,
    month: MONTH,
    rates: FALLBACK_RATES,
    at: new Date('2026-10-01T00:15:00Z'),
  })
  return { organization, invoice: invoice! }
}

function creditNote(invoiceId: string, amountCents: number, reason = 'Service credit for an outage') {
  return server.app.inject({
    method: 'POST',
    url: `/api/officers/invoices/${invoiceId}/credit-notes`,
    headers: officer.headers,
    payload: { amountCents, reason },
  })
}

async function invoiceRow(id: string) {
  const [row] = await server.db.select().from(invoices).where(eq(invoices.id, id))
  return row!
}

describe('credit notes', () => {
  it('lower what an open invoice asks, with its VAT, numbered in their own gap-free series', async () => {
    const { invoice } = await invoicedCustomer()
    const issued = await Promise.all([
      creditNote(invoice.id, 10),
      creditNote(invoice.id, 20),
      creditNote(invoice.id, 30),
    ])
    expect(issued.map((response) => response.statusCode)).toEqual([201, 201, 201])
    const numbers = issued.map((response) => response.json().number as string)
    const sequence = numbers.map((number) => Number(number.split('-')[2])).sort((a, b) => a - b)
    expect(numbers.every((number) => /^CN-2026-\d{6}$/.test(number))).toBe(true)
    expect(sequence).toEqual([sequence[0]!, sequence[0]! + 1, sequence[0]! + 2])
    const all = await server.db.execute<{ number: string }>(
      sql`select number from invoices where number like 'CN-2026-%' order by number`,
    )
    expect(all.rows.map((row) => row.number)).toEqual(
      all.rows.map((_, index) => `CN-2026-${String(index + 1).padStart(6, '0')}`),
    )

    const first = await invoiceRow(issued[0]!.json().id)
    expect(first.kind).toBe('credit_note')
    expect(first.correctsInvoiceId).toBe(invoice.id)
    expect(first.reason).toBe('Service credit for an outage')
    expect(first.vatBasisPoints).toBe(invoice.vatBasisPoints)
    expect(first.totalCents).toBe(first.taxableCents + first.vatCents)
    const credited = (await Promise.all(issued.map((response) => invoiceRow(response.json().id)))).reduce(
      (total, note) => total + note.totalCents,
      0,
    )
    expect((await invoiceRow(invoice.id)).amountPaidCents).toBe(credited)

    const customer = await memberOf(server, invoice.organizationId)
    const detail = await server.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${first.id}`,
      headers: customer.headers,
    })
    expect(detail.json()).toMatchObject({
      kind: 'credit_note',
      correctsInvoiceNumber: invoice.number,
      amountDueCents: 0,
    })
  })

  it('turn what was already paid into credits, and never credit more than the invoice', async () => {
    const { organization, invoice } = await invoicedCustomer()
    await server.db
      .update(invoices)
      .set({ status: 'paid', amountPaidCents: invoice.totalCents })
      .where(eq(invoices.id, invoice.id))
    const response = await creditNote(invoice.id, 50)
    expect(response.statusCode).toBe(201)
    const note = await invoiceRow(response.json().id)
    const entries = await server.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'grant',
        amountCents: Math.round(note.totalCents / invoice.exchangeRate),
        note: `Credit note ${note.number}`,
        noteFrench: `Avoir ${note.number}`,
      }),
    ])

    const tooMuch = await creditNote(invoice.id, invoice.taxableCents)
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().message).toMatch(/At most .* can still be credited/)
    const unknown = await creditNote('00000000-0000-4000-8000-000000000000', 10)
    expect(unknown.statusCode).toBe(404)
  })
})

describe('officers', () => {
  it('list overdue invoices of every organization with their customer', async () => {
    const { organization, invoice } = await invoicedCustomer()
    await server.db.update(invoices).set({ status: 'overdue' }).where(eq(invoices.id, invoice.id))
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/officers/invoices?limit=100',
      headers: officer.headers,
    })
    expect(response.statusCode).toBe(200)
    const listed = response.json().items as {
      id: string
      status: string
      organizationName: string
      billingId: string
    }[]
    expect(listed.every((item) => item.status === 'overdue')).toBe(true)
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: invoice.id,
        organizationName: organization.name,
        billingId: organization.billingId,
      }),
    )
  })

  it('grant credits by billing ID until a day to come, in the organization’s billing currency', async () => {
    const organization = await createOrganization(server.db, { billingCurrency: 'EUR' })
    const grant = (payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/officers/credits', headers: officer.headers, payload })
    const granted = await grant({
      billingId: organization.billingId,
      amountCents: 10_000,
      currency: 'EUR',
      expiresOn: '2099-06-30',
      note: 'Goodwill',
    })
    expect(granted.statusCode, granted.body).toBe(201)
    expect(granted.json()).toEqual({
      organizationName: organization.name,
      amountCents: 10_000,
      currency: 'EUR',
      expiresAt: '2099-06-30T23:59:59.000Z',
    })
    // The ledger keeps USD cents (decision 016), converted once at the day's rate, which is
    // stored beside the 100.00 EUR typed.
    const [lot] = await server.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    const rate = FALLBACK_RATES.EUR
    expect(lot).toMatchObject({
      kind: 'grant',
      enteredCents: 10_000,
      enteredCurrency: 'EUR',
      exchangeRate: rate,
      amountCents: Math.round(10_000 / rate),
    })
    const customer = await memberOf(server, organization.id, 'user')
    const credits = await server.app.inject({
      method: 'GET',
      url: '/api/billing/credits',
      headers: customer.headers,
    })
    expect(credits.json()).toMatchObject({
      balanceCents: Math.round(10_000 / rate),
      entries: [
        expect.objectContaining({
          kind: 'grant',
          note: 'Goodwill',
          entered: { amountCents: 10_000, currency: 'EUR' },
        }),
      ],
    })
    expect(formatAmount(credits.json().entries[0].entered.amountCents, 'EUR')).toBe('€100.00')

    // An amount meant in another currency than the organization's is refused, not converted.
    const inDollars = await grant({
      billingId: organization.billingId,
      amountCents: 10_000,
      currency: 'USD',
      expiresOn: '2099-06-30',
      note: 'x',
    })
    expect(inDollars.statusCode).toBe(422)
    expect(inDollars.json()).toEqual({
      message: `${organization.name} is billed in EUR: enter the amount in EUR.`,
      code: 'CURRENCY_MISMATCH',
    })
    const valid = { billingId: organization.billingId, currency: 'EUR', note: 'x' }
    expect(
      (await grant({ ...valid, billingId: 'CD-NOBODY', amountCents: 5_000, expiresOn: '2099-06-30' }))
        .statusCode,
    ).toBe(404)
    expect((await grant({ ...valid, amountCents: 5_000, expiresOn: '2001-01-01' })).statusCode).toBe(422)
    expect((await grant({ ...valid, amountCents: 5, expiresOn: '2099-06-30' })).statusCode).toBe(400)
    expect(
      (await grant({ ...valid, currency: undefined, amountCents: 5_000, expiresOn: '2099-06-30' }))
        .statusCode,
    ).toBe(400)
    expect(
      await server.db.select().from(creditEntries).where(eq(creditEntries.organizationId, organization.id)),
    ).toHaveLength(1)
  })

  it('grant credits to a GBP organization in pounds', async () => {
    const organization = await createOrganization(server.db, { billingCurrency: 'GBP' })
    const granted = await server.app.inject({
      method: 'POST',
      url: '/api/officers/credits',
      headers: officer.headers,
      payload: {
        billingId: organization.billingId,
        amountCents: 2_550,
        currency: 'GBP',
        expiresOn: '2099-06-30',
        note: 'Pounds',
      },
    })
    expect(granted.statusCode, granted.body).toBe(201)
    expect(granted.json()).toMatchObject({ amountCents: 2_550, currency: 'GBP' })
    const [lot] = await server.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    expect(lot).toMatchObject({ enteredCents: 2_550, enteredCurrency: 'GBP' })
  })
})

describe('credit notes written before the ledger kept their French', () => {
  it('get it from the migration; an officer’s own note stays as typed', async () => {
    const organization = await createOrganization(server.db)
    const notes = [
      'Welcome credit',
      'Bought by card or SEPA Direct Debit',
      'Credit note AV-2026-000007',
      'Goodwill',
    ]
    await server.db.insert(creditEntries).values(
      notes.map((note) => ({
        organizationId: organization.id,
        kind: note.startsWith('Bought') ? ('purchase' as const) : ('grant' as const),
        amountCents: 1_000,
        note,
      })),
    )
    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../server/db/migrations/0023_credit_notes_french.sql'),
      'utf8',
    )
    const backfill = migration.split('--> statement-breakpoint')[1]!
    await server.db.execute(sql.raw(backfill))
    const rows = await server.db
      .select({ note: creditEntries.note, noteFrench: creditEntries.noteFrench })
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    expect(Object.fromEntries(rows.map((row) => [row.note, row.noteFrench]))).toEqual({
      'Welcome credit': 'Crédit de bienvenue',
      'Bought by card or SEPA Direct Debit': 'Acheté par carte ou prélèvement SEPA',
      'Credit note AV-2026-000007': 'Avoir AV-2026-000007',
      Goodwill: null,
    })
  })
})
