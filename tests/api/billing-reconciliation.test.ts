import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#common/language.ts'
import { FALLBACK_RATES, formatPrice } from '#common/money.ts'
import { formatAmount, HOURLY_PRICE_DECIMALS } from '#common/pricing.ts'
import type { Invoice, Usage } from '#common/schemas/billing.ts'
import { invoices, organizations, users } from '#server/db/schema/index.ts'
import { seedDemoBilling } from '#server/db/seed/demo-billing.ts'
import { grantCredits } from '#server/modules/billing/credit-ledger.ts'
import { documentWords, formatDocumentNumber } from '#server/modules/billing/document-words.ts'
import { lineDescriptionIn } from '#server/modules/billing/line-descriptions.ts'
import { issueMonthlyInvoice } from '#server/modules/billing/monthly-invoices.ts'
import { billingSummary } from '#server/modules/billing/summary.ts'
import { usageOf } from '#server/modules/usage/service.ts'
import {
  changeCluster,
  createOrganization,
  memberOf,
  runningCluster,
  type TestOrganization,
} from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { compileSchematrons, schematronErrors, xsdErrors } from '#tests/helpers/facturx-validators.ts'
import { pdfAttachments, pdfText } from '#tests/helpers/pdf.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * One month of four organizations — the demo one and three made here (a French business, a German
 * business under reverse charge, a customer outside the EU), each with several clusters, a
 * hibernation, a pool scaled up mid-hour, an add-on, PARIS, credits — and every figure of that
 * month agrees to the cent: the billing summary (the month as it ran, then as last month), usage
 * (total, per day, per cluster, per kind), the invoice, its PDF read back and its Factur-X XML,
 * whose lines multiply out; the XML and a credit note's pass the official validators.
 */

let server: TestServer
const rates = FALLBACK_RATES
const OCTOBER = '2026-10'
const OCTOBER_START = new Date('2026-10-01T00:00:00Z')
const OCTOBER_LAST_MINUTE = new Date('2026-10-31T23:59:00Z')
const MID_NOVEMBER = new Date('2026-11-15T12:00:00Z')
const ISSUED_AT = new Date('2026-11-01T02:00:00Z')
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 9, day, hour, minute))

type Customer = {
  label: string
  organization: TestOrganization
  language: Language
  invoice: Invoice
  usage: Usage
}
const customers: Customer[] = []
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  await prepare()
  await compileSchematrons()
}, 600_000)
afterAll(() => server.close())

/** Clusters that run, sleep and grow through October, set up before the month is metered. */
async function generatedCustomer(overrides: Parameters<typeof createOrganization>[1]) {
  const organization = await createOrganization(server.db, overrides)
  const configuration = testConfiguration('web-shop')
  const shop = await runningCluster(server.db, organization.id, configuration, {
    since: at(1, 0),
    promoCode: 'PARIS',
  })
  // The web pool grows from 2 to 4 nodes at 10:30 on the 20th.
  await changeCluster(
    server.db,
    shop.id,
    {
      configuration: {
        ...configuration,
        nodePools: configuration.nodePools.map((pool) =>
          pool.name === 'web' ? { ...pool, nodeCount: 4 } : pool,
        ),
      },
    },
    at(20, 10, 30),
  )
  const batch = await runningCluster(server.db, organization.id, testConfiguration('batch'), {
    since: at(4, 9),
  })
  // Asleep from the 10th to the 12th.
  await changeCluster(server.db, batch.id, { status: 'hibernated' }, at(10, 18))
  await changeCluster(server.db, batch.id, { status: 'running' }, at(12, 8))
  await grantCredits(server.db, {
    organizationId: organization.id,
    amountCents: 2_500,
    expiresAt: new Date('2027-06-01T00:00:00Z'),
    note: 'Welcome credit',
    grantedBy: null,
    at: OCTOBER_START,
  })
  return organization
}

async function prepare() {
  server = await startTestServer()
  const operator = await createOrganization(server.db)
  officer = await memberOf(server, operator.id)
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
  const generated = [
    {
      label: 'French business',
      organization: await generatedCustomer({ countryCode: 'FR', vatNumber: 'FR40303265045' }),
    },
    {
      label: 'German business (reverse charge)',
      organization: await generatedCustomer({
        countryCode: 'DE',
        vatNumber: 'DE123456789',
        billingAddress: 'Friedrichstraße 12\n10117 Berlin',
      }),
    },
    {
      label: 'customer outside the EU',
      organization: await generatedCustomer({
        countryCode: 'US',
        billingCurrency: 'USD',
        billingAddress: '500 Market Street\n94105 San Francisco',
      }),
    },
  ]
  // The demo organization's months, metered hour by hour (which meters the others' October too)
  // and invoiced on the 1st, as `npm start` seeds them.
  const demo = await createOrganization(server.db, { name: 'Demo Company' })
  await seedDemoBilling(server.db, demo.id, { secretsKey: server.ctx.config.secretsKey, now: ISSUED_AT })
  for (const { organization } of generated)
    await issueMonthlyInvoice(server.db, {
      organizationId: organization.id,
      month: OCTOBER,
      rates,
      at: ISSUED_AT,
    })
  for (const { label, organization } of [{ label: 'demo organization', organization: demo }, ...generated]) {
    const [row] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, organization.id), eq(invoices.source, `month:${OCTOBER}`)))
    const admin = await memberOf(server, organization.id)
    const invoice = (
      await server.app.inject({
        method: 'GET',
        url: `/api/billing/invoices/${row!.id}`,
        headers: admin.headers,
      })
    ).json() as Invoice
    const usage = (
      await server.app.inject({ method: 'GET', url: `/api/usage?month=${OCTOBER}`, headers: admin.headers })
    ).json() as Usage
    const [settings] = await server.db
      .select({ language: organizations.language })
      .from(organizations)
      .where(eq(organizations.id, organization.id))
    customers.push({ label, organization, language: settings!.language, invoice, usage })
  }
}

async function download(customer: Customer, format: 'pdf' | 'facturx'): Promise<Buffer> {
  const admin = await memberOf(server, customer.organization.id)
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/billing/invoices/${customer.invoice.id}/${format}`,
    headers: admin.headers,
  })
  expect(response.statusCode).toBe(200)
  return response.rawPayload
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const decimal = (cents: number) => (cents / 100).toFixed(2)

/** The values of an element of the CII, in document order. */
function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`, 'g'))].map(
    (match) => match[1]!,
  )
}

describe.each([0, 1, 2, 3])('customer %i', (index) => {
  const customer = () => customers[index]!

  it('has one month whose summary, usage and invoice agree to the cent', async () => {
    const { organization, invoice, usage } = customer()
    const lines = invoice.lines.filter((line) => line.kind !== 'discount')
    expect(lines.length).toBeGreaterThanOrEqual(5)
    expect(invoice.subtotalCents).toBe(sum(lines.map((line) => line.amountCents)))
    // Usage: the total, every day, every cluster and every kind add up to the invoice's lines.
    expect(usage.currency).toBe(invoice.currency)
    expect(usage.totalCents).toBe(invoice.subtotalCents)
    expect(sum(usage.days.map((day) => day.amountCents))).toBe(invoice.subtotalCents)
    for (const day of usage.days) {
      expect(sum(day.byKind.map((part) => part.amountCents))).toBe(day.amountCents)
      expect(sum(day.byCluster.map((part) => part.amountCents))).toBe(day.amountCents)
    }
    expect(sum(usage.byKind.map((part) => part.amountCents))).toBe(invoice.subtotalCents)
    for (const cluster of usage.clusters)
      expect(cluster.amountCents).toBe(
        sum(
          lines
            .filter((line) => (line.clusterName ?? 'Support plan') === cluster.name)
            .map((line) => line.amountCents),
        ),
      )
    // The summary: the month as it was about to end, then as last month once invoiced.
    const billing = { id: organization.id, billingCurrency: organization.billingCurrency }
    const duringMonth = await billingSummary(server.db, billing, 0, OCTOBER_LAST_MINUTE, rates)
    expect(duringMonth.monthToDateCents).toBe(invoice.subtotalCents)
    const afterMonth = await billingSummary(server.db, billing, 0, MID_NOVEMBER, rates)
    expect(afterMonth.lastMonthCents).toBe(invoice.subtotalCents)
    expect(afterMonth.billingCurrency).toBe(invoice.currency)
    const usageDuringMonth = await usageOf(server.db, billing, OCTOBER, OCTOBER_LAST_MINUTE, rates)
    expect(usageDuringMonth.totalCents).toBe(invoice.subtotalCents)
  })

  it('prints lines that multiply out, as the PDF and the XML say alike', async () => {
    const { invoice } = customer()
    const charged = invoice.lines.filter((line) => line.unitPriceMillicents !== null)
    expect(charged.some((line) => line.listAmountCents !== null)).toBe(true)
    for (const line of charged) {
      expect(line.unitPriceMillicents! % 10).toBe(0)
      const listCents = Math.round((line.quantity * line.unitPriceMillicents!) / 1_000)
      expect(line.listAmountCents ?? line.amountCents).toBe(listCents)
      if (line.listAmountCents !== null) expect(line.amountCents).toBeLessThan(line.listAmountCents)
    }

    // The PDF in the organization's language, read back (its spaces collapsed, as pdfText does).
    const text = await pdfText(await download(customer(), 'pdf'))
    const { language } = customer()
    const spaced = (printed: string) => printed.replace(/\s+/g, ' ')
    const money = (cents: number) => spaced(formatAmount(cents, invoice.currency, language))
    const words = documentWords(language)
    for (const line of charged) {
      const unit = spaced(
        formatPrice(line.unitPriceMillicents! / 100_000, invoice.currency, language, HOURLY_PRICE_DECIMALS),
      )
      const hours = spaced(formatDocumentNumber(line.quantity, language))
      // Its hours, unit price and amount on one row (a long description may wrap above them).
      expect(text, line.description).toContain(
        `${hours} ${unit} ${money(line.listAmountCents ?? line.amountCents)}`,
      )
      expect(text).toContain(lineDescriptionIn(line.description, language).slice(0, 12))
      if (line.listAmountCents !== null)
        expect(text).toContain(
          `${spaced(words.cappedAt(money(line.amountCents)))} ${money(line.amountCents - line.listAmountCents)}`,
        )
    }
    for (const total of [invoice.subtotalCents, invoice.taxableCents, invoice.vatCents, invoice.totalCents])
      expect(text).toContain(money(total))
    // The lines say what they are in the document's language too.
    for (const wording of language === 'fr'
      ? ['Plan de contrôle (', 'Pool de nœuds ']
      : ['Control plane (', 'Node pool '])
      expect(text).toContain(wording)

    const xml = (await pdfAttachments(await download(customer(), 'facturx')))['factur-x.xml']!.toString(
      'utf8',
    )
    const quantities = values(xml, 'BilledQuantity').map(Number)
    const prices = values(xml, 'ChargeAmount').map(Number)
    const lineTotals = values(xml, 'LineTotalAmount')
    expect(quantities).toEqual(charged.map((line) => line.quantity))
    expect(prices).toEqual(charged.map((line) => line.unitPriceMillicents! / 100_000))
    // Each line's total, then the document's: hours × price less the cap's allowance.
    expect(lineTotals).toEqual([
      ...charged.map((line) => decimal(line.amountCents)),
      decimal(invoice.subtotalCents),
    ])
    const allowances = xml
      .split('<ram:IncludedSupplyChainTradeLineItem>')
      .slice(1)
      .map((item) => Number(values(item, 'ActualAmount')[0] ?? 0))
    charged.forEach((line, position) => {
      const gross = Math.round(quantities[position]! * prices[position]! * 100)
      expect(gross - Math.round(allowances[position]! * 100)).toBe(line.amountCents)
    })
    expect(values(xml, 'TaxBasisTotalAmount')).toEqual([decimal(invoice.taxableCents)])
    expect(values(xml, 'GrandTotalAmount')).toEqual([decimal(invoice.totalCents)])
    expect(xml).toMatch(/<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>/)

    expect(xsdErrors(xml), 'Factur-X EN16931 XSD').toEqual([])
    expect(await schematronErrors('en16931', xml), 'EN 16931 CII Schematron').toEqual([])
    expect(await schematronErrors('facturx', xml), 'Factur-X Schematron').toEqual([])
  })
})

describe('a credit note', () => {
  it('of a reconciled invoice lowers what it asks and passes the official validators', async () => {
    const customer = customers[1]!
    const created = await server.app.inject({
      method: 'POST',
      url: `/api/officers/invoices/${customer.invoice.id}/credit-notes`,
      headers: officer.headers,
      payload: { amountCents: 1_234, reason: 'Service credit for an outage' },
    })
    expect(created.statusCode).toBe(201)
    const admin = await memberOf(server, customer.organization.id)
    const note = (
      await server.app.inject({
        method: 'GET',
        url: `/api/billing/invoices/${created.json().id}`,
        headers: admin.headers,
      })
    ).json() as Invoice
    expect(note.kind).toBe('credit_note')
    expect(note.taxableCents).toBe(1_234)
    const xml = (
      await pdfAttachments(
        await download({ ...customer, invoice: { ...customer.invoice, id: note.id } }, 'facturx'),
      )
    )['factur-x.xml']!.toString('utf8')
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(values(xml, 'TaxBasisTotalAmount')).toEqual([decimal(1_234)])
    expect(xsdErrors(xml)).toEqual([])
    expect(await schematronErrors('en16931', xml)).toEqual([])
    expect(await schematronErrors('facturx', xml)).toEqual([])
  })
})
