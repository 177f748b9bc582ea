import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Invoice, InvoiceStatus, InvoiceSummary } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { type InvoiceRow, invoiceLines, invoices, organizations } from '#server/db/schema/index.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { notFound } from '#server/lib/errors.ts'
import { currencyOf } from './currency.ts'

/** Reading invoices: an organization's own (another's is not found), newest first. */

export type InvoiceFilter = { limit: number; cursor?: string; status?: InvoiceStatus; year?: number }

export async function listInvoices(db: Database, organizationId: string, filter: InvoiceFilter) {
  const page = await invoicePage(db, eq(invoices.organizationId, organizationId), filter)
  return { items: page.rows.map(toInvoiceSummary), nextCursor: page.nextCursor }
}

/** Invoices of every organization with their customer, for the officers (default: the overdue). */
export async function listInvoicesForOfficers(db: Database, filter: InvoiceFilter) {
  const page = await invoicePage(db, undefined, filter)
  const names = page.rows.length
    ? await db
        .select({ id: organizations.id, billingId: organizations.billingId })
        .from(organizations)
        .where(inArray(organizations.id, [...new Set(page.rows.map((row) => row.organizationId))]))
    : []
  const billingIds = new Map(names.map((row) => [row.id, row.billingId]))
  return {
    items: page.rows.map((row) => ({
      ...toInvoiceSummary(row),
      organizationName: row.customerName,
      billingId: billingIds.get(row.organizationId) ?? '',
      remindersSent: row.remindersSent,
    })),
    nextCursor: page.nextCursor,
  }
}

async function invoicePage(db: Database, scope: SQL | undefined, filter: InvoiceFilter) {
  const after = decodeCursor(filter.cursor)
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        scope,
        filter.status ? eq(invoices.status, filter.status) : undefined,
        filter.year
          ? sql`extract(year from ${invoices.issuedAt} at time zone 'UTC') = ${filter.year}`
          : undefined,
        after
          ? or(
              lt(invoices.issuedAt, after.createdAt),
              and(eq(invoices.issuedAt, after.createdAt), lt(invoices.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(filter.limit + 1)
  const items = rows.slice(0, filter.limit)
  const last = items.at(-1)
  return {
    rows: items,
    nextCursor:
      rows.length > filter.limit && last ? encodeCursor({ createdAt: last.issuedAt, id: last.id }) : null,
  }
}

/** One invoice of the organization with its lines. */
export async function findInvoice(
  db: Database,
  { organizationId, id }: { organizationId: string; id: string },
): Promise<Invoice> {
  return invoiceWhere(db, and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)))
}

/** One invoice of any organization, for the officers. */
export async function findInvoiceForOfficer(db: Database, id: string): Promise<Invoice> {
  return invoiceWhere(db, eq(invoices.id, id))
}

async function invoiceWhere(db: Database, where: SQL | undefined): Promise<Invoice> {
  const [row] = await db.select().from(invoices).where(where)
  if (!row) throw notFound('Invoice not found')
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position))
  const corrected = row.correctsInvoiceId
    ? (
        await db
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, row.correctsInvoiceId))
      )[0]
    : undefined
  return {
    ...toInvoiceSummary(row),
    exchangeRate: row.exchangeRate,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    creditsAppliedCents: row.creditsAppliedCents,
    taxableCents: row.taxableCents,
    vatTreatment: row.vatTreatment,
    vatRatePercent: row.vatBasisPoints / 100,
    vatCents: row.vatCents,
    vatMention: row.vatMention,
    customer: {
      name: row.customerName,
      address: row.customerAddress,
      countryCode: row.customerCountryCode,
      vatNumber: row.customerVatNumber,
      purchaseOrderNumber: row.purchaseOrderNumber,
      email: row.billingEmail,
    },
    paymentReference: row.number,
    correctsInvoiceNumber: corrected?.number ?? null,
    reason: row.reason,
    lines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      clusterName: line.clusterName,
      quantity: line.quantity,
      unitPriceMillicents: line.unitPriceMillicents,
      listAmountCents: line.listAmountCents,
      amountCents: line.amountCents,
    })),
  }
}

export function toInvoiceSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    currency: currencyOf(row.currency),
    totalCents: row.totalCents,
    amountDueCents: row.status === 'paid' ? 0 : Math.max(0, row.totalCents - row.amountPaidCents),
  }
}
