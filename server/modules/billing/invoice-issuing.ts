import { and, eq, sql } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { INVOICE_PAYMENT_DAYS } from '#common/schemas/billing.ts'
import type { Transaction } from '#server/db/client.ts'
import { type InvoiceRow, invoiceLines, invoices, organizations } from '#server/db/schema/index.ts'
import { DAY_MS } from './calendar.ts'
import { drawCredits, lockLedger } from './credit-ledger.ts'
import { currencyOf } from './currency.ts'
import { invoiceAmounts, usableCreditsUsdCents } from './invoice-amounts.ts'

/**
 * Issuing invoices (docs/decisions/016-billing.md): the writing and numbering every invoice shares,
 * a month's (monthly-invoices.ts) and a yearly order's (yearly-order-invoices.ts). An invoice is
 * written whole in one transaction that also takes its number, so numbers are gap-free: a failed
 * issue rolls its number back with it, and concurrent issues queue on the series' counter row.
 */

const isoDay = (at: Date) => at.toISOString().slice(0, 10)

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
export async function takeDocumentNumber(
  tx: Transaction,
  series: 'INV' | 'CN',
  year: number,
): Promise<string> {
  const result = await tx.execute<{ last_number: number }>(sql`
    insert into document_numbers (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = document_numbers.last_number + 1
    returning last_number`)
  const number = result.rows[0]!.last_number
  return `${series}-${year}-${String(number).padStart(6, '0')}`
}

/**
 * Writes and numbers an invoice from its lines: credits are applied after the discount, then VAT
 * by the customer's country and VAT number. Answers null when the source already has its invoice.
 */
export async function finaliseInvoice(
  tx: Transaction,
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
