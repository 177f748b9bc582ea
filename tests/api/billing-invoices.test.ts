import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { EXPORT_MENTION, REVERSE_CHARGE_MENTION } from '#common/vat.ts'
import { creditEntries, invoiceLines, invoices } from '#server/db/schema/index.ts'
import { grantCredits } from '#server/modules/billing/credit-ledger.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { pdfAttachments } from '#tests/helpers/pdf.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** Monthly invoices against the real database: VAT by customer, gap-free numbers, PARIS and credits. */

let server: TestServer
const MONTH = '2026-10'
const ISSUED_AT = new Date('2026-11-01T02:00:00Z')
const rates = FALLBACK_RATES

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** An organization with a cluster that ran `hours` hours from 2 October. */
async function customerWithUsage(
  overrides: Parameters<typeof createOrganization>[1] = {},
  options: { hours?: number; promoCode?: string } = {},
) {
  const organization = await createOrganization(server.db, overrides)
  const since = new Date('2026-10-02T00:00:00Z')
  const cluster = await runningCluster(server.db, organization.id, testConfiguration('billed'), {
    since,
    promoCode: options.promoCode ?? null,
  })
  // Only this organization's periods exist from this instant, so metering here touches its own.
  for (const hour of hoursFrom(since, options.hours ?? 3)) await meterHour(server.db, hour)
  return { organization, cluster }
}

function issue(organizationId: string, month = MONTH) {
  return issueMonthlyInvoice(server.db, { organizationId, month, rates, at: ISSUED_AT })
}

async function linesOf(invoiceId: string) {
  return server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))
}

describe('VAT', () => {
  it('charges a French customer 20%', async () => {
    const { organization } = await customerWithUsage({ countryCode: 'FR', vatNumber: 'FR40303265045' })
    const invoice = (await issue(organization.id))!
    expect(invoice.vatTreatment).toBe('domestic')
    expect(invoice.vatBasisPoints).toBe(2_000)
    expect(invoice.vatCents).toBe(Math.round(invoice.taxableCents * 0.2))
    expect(invoice.totalCents).toBe(invoice.taxableCents + invoice.vatCents)
    expect(invoice.vatMention).toBeNull()
    expect(invoice.currency).toBe('EUR')
    expect(invoice.exchangeRate).toBe(rates.EUR)
    const lines = await linesOf(invoice.id)
    expect(lines.reduce((total, line) => total + line.amountCents, 0)).toBe(invoice.subtotalCents)
  })

  it('reverse-charges an EU business with a VAT number of its country', async () => {
    const { organization } = await customerWithUsage({ countryCode: 'DE', vatNumber: 'DE123456789' })
    const invoice = (await issue(organization.id))!
    expect(invoice).toMatchObject({
      vatTreatment: 'reverse_charge',
      vatBasisPoints: 0,
      vatCents: 0,
      vatMention: REVERSE_CHARGE_MENTION,
      customerVatNumber: 'DE123456789',
    })
    expect(invoice.totalCents).toBe(invoice.taxableCents)
  })

  it('charges French VAT to an EU customer whose VAT number does not fit its country', async () => {
    const { organization } = await customerWithUsage({ countryCode: 'DE', vatNumber: 'DE12345' })
    expect((await issue(organization.id))!.vatTreatment).toBe('domestic')
  })

  it('charges no VAT outside the EU, with the export mention', async () => {
    const { organization } = await customerWithUsage({ countryCode: 'US', billingCurrency: 'USD' })
    const invoice = (await issue(organization.id))!
    expect(invoice).toMatchObject({ vatTreatment: 'export', vatCents: 0, vatMention: EXPORT_MENTION })
    expect(invoice.currency).toBe('USD')
    expect(invoice.exchangeRate).toBe(1)
  })
})

describe('numbers', () => {
  it('gives 20 invoices finalised at once 20 consecutive numbers', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => createOrganization(server.db)))
    const since = new Date('2026-10-20T00:00:00Z')
    for (const customer of customers)
      await runningCluster(server.db, customer.id, testConfiguration('numbered'), { since })
    await meterHour(server.db, since)

    const issued = await Promise.all(customers.map((customer) => issue(customer.id)))
    const numbers = issued.map((invoice) => Number(invoice!.number.split('-')[2])).sort((a, b) => a - b)
    expect(issued.every((invoice) => invoice!.number.startsWith('INV-2026-'))).toBe(true)
    expect(new Set(numbers).size).toBe(20)
    expect(numbers.at(-1)! - numbers[0]!).toBe(19)
    // And no number anywhere in the year is skipped or repeated.
    const all = await server.db.execute<{ number: string }>(
      sql`select number from invoices where number like 'INV-2026-%' order by number`,
    )
    expect(all.rows.map((row) => row.number)).toEqual(
      all.rows.map((_, index) => `INV-2026-${String(index + 1).padStart(6, '0')}`),
    )
  })

  it('downloads an invoice as a PDF and its lines as CSV, for its organization only', async () => {
    const { organization } = await customerWithUsage()
    const invoice = (await issue(organization.id))!
    const admin = await memberOf(server, organization.id)
    const pdf = await server.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoice.id}/pdf`,
      headers: admin.headers,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const csv = await server.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoice.id}/csv`,
      headers: admin.headers,
    })
    const rows = csv.body.trim().split('\n')
    expect(rows[0]).toBe('invoice,currency,kind,cluster,description,quantity,unit_price,before_cap,amount')
    expect(rows.at(-1)).toBe(
      `${invoice.number},EUR,total,,Total,1,,,${(invoice.totalCents / 100).toFixed(2)}`,
    )
    // Every line's hours × its four-decimal unit price is its amount, to the cent.
    for (const row of rows.slice(1, -3)) {
      const [, , , , , quantity, unitPrice, , amount] = row.split(',')
      expect(Math.round(Number(quantity) * Number(unitPrice) * 100)).toBe(Math.round(Number(amount) * 100))
      expect(unitPrice).toMatch(/^\d+\.\d{4}$/)
    }
    const stranger = await memberOf(server, (await createOrganization(server.db)).id)
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoice.id}/pdf`,
      headers: stranger.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('downloads Factur-X: a PDF carrying the CII XML with the invoice totals', async () => {
    const { organization } = await customerWithUsage({}, { hours: 5, promoCode: 'PARIS' })
    await grantCredits(server.db, {
      organizationId: organization.id,
      amountCents: 20,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      note: 'Welcome credit',
      grantedBy: null,
    })
    const issued = (await issue(organization.id))!
    const admin = await memberOf(server, organization.id)
    const invoice = (
      await server.app.inject({
        method: 'GET',
        url: `/api/billing/invoices/${issued.id}`,
        headers: admin.headers,
      })
    ).json()
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${issued.id}/facturx`,
      headers: admin.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const attachments = await pdfAttachments(response.rawPayload)
    expect(Object.keys(attachments)).toEqual(['factur-x.xml'])
    const xml = attachments['factur-x.xml']!.toString('utf8')
    const summation = xml.slice(xml.indexOf('<ram:SpecifiedTradeSettlementHeaderMonetarySummation>'))
    const element = (name: string) =>
      summation.match(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`))?.[1]
    const decimal = (cents: number) => (cents / 100).toFixed(2)
    expect(xml).toContain('urn:cen.eu:en16931:2017')
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`)
    expect(element('LineTotalAmount')).toBe(decimal(invoice.subtotalCents))
    expect(element('AllowanceTotalAmount')).toBe(decimal(invoice.creditsAppliedCents))
    expect(element('TaxBasisTotalAmount')).toBe(decimal(invoice.taxableCents))
    expect(element('TaxTotalAmount')).toBe(decimal(invoice.vatCents))
    expect(element('GrandTotalAmount')).toBe(decimal(invoice.totalCents))
    expect(element('DuePayableAmount')).toBe(decimal(invoice.totalCents))
    // PARIS is in the lines' prices, not a discount of the document.
    expect(invoice.discountCents).toBe(0)
    expect(invoice.creditsAppliedCents).toBeGreaterThan(0)
    expect(xml).toContain('<ram:RateApplicablePercent>20</ram:RateApplicablePercent>')
  })

  it('issues a month once', async () => {
    const { organization } = await customerWithUsage()
    expect(await issue(organization.id)).not.toBeNull()
    expect(await issue(organization.id)).toBeNull()
    const rows = await server.db.select().from(invoices).where(eq(invoices.organizationId, organization.id))
    expect(rows).toHaveLength(1)
  })
})

describe('discount and credits', () => {
  it('bills a cluster ordered with PARIS at its agreed prices every month, then applies credits before VAT', async () => {
    const { organization } = await customerWithUsage({}, { hours: 200, promoCode: 'PARIS' })
    const { organization: listPriced } = await customerWithUsage({}, { hours: 200 })
    await grantCredits(server.db, {
      organizationId: organization.id,
      amountCents: 1_000,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      note: 'Welcome credit',
      grantedBy: null,
    })
    const invoice = (await issue(organization.id))!
    const lines = await linesOf(invoice.id)
    const listLines = await linesOf((await issue(listPriced.id))!.id)
    expect(lines.some((line) => line.kind === 'discount')).toBe(false)
    expect(invoice.discountCents).toBe(0)
    // Each resource's hourly price is its list price less 5%, at four decimals; hours × price is the amount.
    for (const line of lines) {
      const list = listLines.find((candidate) => candidate.description === line.description)!
      expect(line.quantity).toBe(list.quantity)
      expect(line.unitPriceMillicents!).toBeLessThan(list.unitPriceMillicents!)
      expect(Math.abs(line.unitPriceMillicents! - list.unitPriceMillicents! * 0.95)).toBeLessThanOrEqual(10)
      expect(line.unitPriceMillicents! % 10).toBe(0)
      expect(line.amountCents).toBe(Math.round((line.quantity * line.unitPriceMillicents!) / 1_000))
    }
    // $10.00 of credits is €8.45 at the invoice's rate.
    expect(invoice.creditsAppliedCents).toBe(845)
    expect(invoice.taxableCents).toBe(invoice.subtotalCents - 845)
    expect(invoice.vatCents).toBe(Math.round(invoice.taxableCents * 0.2))

    const ledger = await server.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.organizationId, organization.id))
    expect(ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['grant', 1_000],
      ['applied', -1_000],
    ])

    // November's invoice of the same cluster keeps the agreed prices.
    await meterHour(server.db, new Date('2026-11-01T00:00:00Z'))
    const next = (await issueMonthlyInvoice(server.db, {
      organizationId: organization.id,
      month: '2026-11',
      rates,
      at: new Date('2026-12-01T02:00:00Z'),
    }))!
    const nextLines = await linesOf(next.id)
    for (const line of nextLines)
      expect(line.unitPriceMillicents).toBe(
        lines.find((candidate) => candidate.description === line.description)!.unitPriceMillicents,
      )
    expect(next.creditsAppliedCents).toBe(0)
  })

  it('marks an invoice the credits cover in full as paid', async () => {
    const { organization } = await customerWithUsage({}, { hours: 2 })
    await grantCredits(server.db, {
      organizationId: organization.id,
      amountCents: 100_000,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      note: 'Goodwill',
      grantedBy: null,
    })
    const invoice = (await issue(organization.id))!
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 0, vatCents: 0 })
    expect(invoice.creditsAppliedCents).toBe(invoice.subtotalCents)
  })
})
