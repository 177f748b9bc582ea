import { eq, sql } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import type { UsageKind } from '#common/schemas/billing.ts'
import type { Database, Transaction } from '#server/db/client.ts'
import { type InvoiceRow, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { DAY_MS, monthOf, startOfMonth, startOfNamedMonth, startOfNextMonth } from './calendar.ts'
import { chargeLines } from './charges.ts'
import { currencyOf } from './currency.ts'
import { type DraftLine, finaliseInvoice } from './invoice-issuing.ts'

/** A month's invoices: issued on the 1st for the month before, from its metered usage. */

const LINE_KIND_ORDER: UsageKind[] = ['control_plane', 'nodes', 'add_on', 'middleware', 'support_plan']

/**
 * The lines of an organization's month: one per cluster resource, add-on and plan with its hours,
 * hourly price and amount as the usage screens show them (charges.ts); a line that reached its
 * monthly price keeps its hours and price and says by how much the cap lowered it.
 */
export async function monthlyLines(
  tx: Transaction,
  organizationId: string,
  month: string,
  rate: number,
): Promise<DraftLine[]> {
  const from = startOfNamedMonth(month)
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
  return inTransaction(db, async ({ tx }) => {
    const [organization] = await tx
      .select({ currency: organizations.billingCurrency })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
    if (!organization) return null
    const rate = input.rates[currencyOf(organization.currency)]
    const lines = await monthlyLines(tx, input.organizationId, input.month, rate)
    if (lines.length === 0) return null
    const periodStart = startOfNamedMonth(input.month)
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
  const from = startOfNamedMonth(month)
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
