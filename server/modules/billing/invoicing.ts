import { and, eq, sql } from 'drizzle-orm'
import type { Currency, ExchangeRates } from '#common/money.ts'
import { CURRENCIES } from '#common/money.ts'
import { INVOICE_PAYMENT_DAYS, type UsageKind } from '#common/schemas/billing.ts'
import { type VatRule, vatCents, vatRuleFor } from '#common/vat.ts'
import type { Database } from '#server/db/client.ts'
import { type InvoiceRow, invoiceLines, invoices, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { chargeLines } from './charges.ts'
import { drawCredits, lockLedger, usableLots } from './credits.ts'
import { startOfMonth, startOfNextMonth } from './metering.ts'

/**
 * Issuing invoices (docs/decisions/016-billing.md). An invoice is written whole in one
 * transaction that also takes its number, so numbers are gap-free: a failed issue rolls its number
 * back with it, and concurrent issues queue on the series' counter row.
 */

const DAY_MS = 86_400_000
const LINE_KIND_ORDER: UsageKind[] = ['control_plane', 'nodes', 'add_on', 'middleware', 'support_plan']

export type DraftLine = {
  kind: InvoiceRow extends never ? never : (typeof invoiceLines.$inferInsert)['kind']
  clusterId: string | null
  clusterName: string | null
  description: string
  quantity: number
  unitPriceMillicents: number | null
  /** Hours × unit price when a monthly cap charged less (the amount); null otherwise. */
  listAmountCents?: number | null
  amountCents: number
}

/** The next number of a series for a year, e.g. INV-2026-000001; the caller's transaction holds it. */
export async function takeDocumentNumber(tx: Database, series: 'INV' | 'CN', year: number): Promise<string> {
  const result = await tx.execute<{ last_number: number }>(sql`
    insert into document_numbers (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = document_numbers.last_number + 1
    returning last_number`)
  const number = result.rows[0]!.last_number
  return `${series}-${year}-${String(number).padStart(6, '0')}`
}

export function currencyOf(code: string): Currency {
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : 'EUR'
}

/** "2026-10" → the first day of that month, UTC. */
export function monthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year!, monthNumber! - 1, 1))
}

export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10)

/** What is left of the organization's usable credits, in USD cents: what an invoice may draw. */
export async function usableCreditsUsdCents(tx: Database, organizationId: string, at: Date): Promise<number> {
  return (await usableLots(tx, organizationId, at)).reduce((total, lot) => total + lot.remainingCents, 0)
}

export type InvoiceAmounts = {
  /** The subtotal less the discount, never below zero. */
  payableCents: number
  /** What the credits cover, in cents of the invoice's currency: never more than is payable. */
  creditsAppliedCents: number
  taxableCents: number
  vat: VatRule
  vatAmount: number
  totalCents: number
}

/**
 * An invoice's amounts from its charges, in cents of its currency: the discount off the subtotal,
 * then the credits (USD, at the invoice's rate), then VAT by the customer's country and VAT
 * number on what is left. Every invoice is summed here, and an order's review asks it too.
 */
export function invoiceAmounts(input: {
  subtotalCents: number
  discountCents: number
  creditsUsdCents: number
  rate: number
  customer: { countryCode: string; vatNumber: string | null }
}): InvoiceAmounts {
  const payable = Math.max(0, input.subtotalCents - input.discountCents)
  const creditsAppliedCents = Math.min(payable, creditsInCurrencyCents(input.creditsUsdCents, input.rate))
  const taxableCents = payable - creditsAppliedCents
  const vat = vatRuleFor({ countryCode: input.customer.countryCode, vatNumber: input.customer.vatNumber })
  const vatAmount = vatCents(taxableCents, vat.basisPoints)
  return {
    payableCents: payable,
    creditsAppliedCents,
    taxableCents,
    vat,
    vatAmount,
    totalCents: taxableCents + vatAmount,
  }
}

/** A credits balance (USD cents) as an invoice counts it in its currency: rounded down. */
export function creditsInCurrencyCents(usdCents: number, rate: number): number {
  return Math.floor(usdCents * rate)
}

/**
 * Writes and numbers an invoice from its lines: credits are applied after the discount, then VAT
 * by the customer's country and VAT number. Answers null when the source already has its invoice.
 */
export async function finaliseInvoice(
  tx: Database,
  input: {
    organizationId: string
    source: string
    periodStart: Date
    periodEnd: Date
    lines: DraftLine[]
    rates: ExchangeRates
    at: Date
  },
): Promise<InvoiceRow | null> {
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .for('update')
  if (!organization) throw new Error(`Organization ${input.organizationId} not found`)
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, input.organizationId), eq(invoices.source, input.source)))
  if (existing) return null

  const currency = currencyOf(organization.billingCurrency)
  const rate = input.rates[currency]
  const charges = input.lines.filter((line) => line.kind !== 'discount')
  const subtotalCents = charges.reduce((total, line) => total + line.amountCents, 0)
  const discountCents = -input.lines
    .filter((line) => line.kind === 'discount')
    .reduce((total, line) => total + line.amountCents, 0)

  await lockLedger(tx, input.organizationId)
  const availableUsd = await usableCreditsUsdCents(tx, input.organizationId, input.at)
  const { creditsAppliedCents, taxableCents, vat, vatAmount, totalCents } = invoiceAmounts({
    subtotalCents,
    discountCents,
    creditsUsdCents: availableUsd,
    rate,
    customer: organization,
  })
  const number = await takeDocumentNumber(tx, 'INV', input.at.getUTCFullYear())

  const [invoice] = await tx
    .insert(invoices)
    .values({
      organizationId: organization.id,
      kind: 'invoice',
      number,
      source: input.source,
      status: totalCents === 0 ? 'paid' : 'open',
      periodStart: isoDay(input.periodStart),
      periodEnd: isoDay(input.periodEnd),
      issuedAt: input.at,
      dueAt: new Date(input.at.getTime() + INVOICE_PAYMENT_DAYS * DAY_MS),
      paidAt: totalCents === 0 ? input.at : null,
      currency,
      exchangeRate: rate,
      subtotalCents,
      discountCents,
      creditsAppliedCents,
      taxableCents,
      vatTreatment: vat.treatment,
      vatBasisPoints: vat.basisPoints,
      vatCents: vatAmount,
      vatMention: vat.mention,
      totalCents,
      customerName: organization.name,
      customerAddress: organization.billingAddress,
      customerCountryCode: organization.countryCode,
      customerVatNumber: organization.vatNumber,
      purchaseOrderNumber: organization.purchaseOrderNumber,
      billingEmail: organization.billingEmail,
    })
    .returning()
  if (input.lines.length > 0)
    await tx
      .insert(invoiceLines)
      .values(input.lines.map((line, position) => ({ ...line, invoiceId: invoice!.id, position })))
  if (creditsAppliedCents > 0) {
    // The USD drawn for the amount applied, never more than the lots hold.
    const usdCents = Math.min(availableUsd, Math.round(creditsAppliedCents / rate))
    await drawCredits(tx, {
      organizationId: organization.id,
      amountCents: usdCents,
      invoiceId: invoice!.id,
      at: input.at,
    })
  }
  return invoice!
}

/**
 * The lines of an organization's month: one per cluster resource, add-on and plan with its hours,
 * hourly price and amount as the usage screens show them (charges.ts); a line that reached its
 * monthly price keeps its hours and price and says by how much the cap lowered it.
 */
export async function monthlyLines(
  tx: Database,
  organizationId: string,
  month: string,
  rate: number,
): Promise<DraftLine[]> {
  const from = monthStart(month)
  const charges = await chargeLines(tx, organizationId, from, startOfNextMonth(from), rate)
  return charges
    .sort(
      (a, b) =>
        (a.clusterName ?? '\uffff').localeCompare(b.clusterName ?? '\uffff') ||
        LINE_KIND_ORDER.indexOf(a.kind) - LINE_KIND_ORDER.indexOf(b.kind) ||
        a.resourceKey.localeCompare(b.resourceKey),
    )
    .map((line) => ({
      kind: line.kind,
      clusterId: line.clusterId,
      clusterName: line.clusterName,
      description: line.description,
      quantity: line.quantity,
      unitPriceMillicents: line.unitPriceMillicents,
      listAmountCents: line.amountCents < line.listAmountCents ? line.listAmountCents : null,
      amountCents: line.amountCents,
    }))
}

/** Issues an organization's invoice for a month; null when there was nothing to charge or it exists. */
export async function issueMonthlyInvoice(
  db: Database,
  input: { organizationId: string; month: string; rates: ExchangeRates; at: Date },
): Promise<InvoiceRow | null> {
  return inTransaction(db, async (tx) => {
    const [organization] = await tx
      .select({ currency: organizations.billingCurrency })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
    if (!organization) return null
    const rate = input.rates[currencyOf(organization.currency)]
    const lines = await monthlyLines(tx, input.organizationId, input.month, rate)
    if (lines.length === 0) return null
    const periodStart = monthStart(input.month)
    return finaliseInvoice(tx, {
      organizationId: input.organizationId,
      source: `month:${input.month}`,
      periodStart,
      periodEnd: new Date(startOfNextMonth(periodStart).getTime() - DAY_MS),
      lines,
      rates: input.rates,
      at: input.at,
    })
  })
}

/** The run of the 1st: every organization with charges last month gets its invoice (once). */
export async function issueMonthlyInvoices(
  db: Database,
  input: { month?: string; rates: ExchangeRates; at: Date },
): Promise<InvoiceRow[]> {
  const month = input.month ?? monthOf(new Date(startOfMonth(input.at).getTime() - DAY_MS))
  const from = monthStart(month)
  const due = await db.execute<{ organization_id: string }>(sql`
    select distinct u.organization_id from usage_records u
    where u.hour >= ${from} and u.hour < ${startOfNextMonth(from)} and u.chargeable and u.amount_millicents > 0
      and not exists (select 1 from invoices i where i.organization_id = u.organization_id and i.source = ${`month:${month}`})`)
  const issued: InvoiceRow[] = []
  for (const { organization_id: organizationId } of due.rows) {
    const invoice = await issueMonthlyInvoice(db, { organizationId, month, rates: input.rates, at: input.at })
    if (invoice) issued.push(invoice)
  }
  return issued
}
