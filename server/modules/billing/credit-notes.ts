import { and, eq, sql } from 'drizzle-orm'
import { creditNoteRefundTexts } from '#common/credit-note-texts.ts'
import type { ExchangeRates } from '#common/money.ts'
import type { CreditGrantRequest } from '#common/schemas/billing.ts'
import { vatCents } from '#common/vat.ts'
import type { Database } from '#server/db/client.ts'
import { invoiceLines, invoices, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { grantCredits } from './credit-ledger.ts'
import { currencyOf } from './currency.ts'
import { takeDocumentNumber } from './invoice-issuing.ts'
import { lineDescription } from './line-descriptions.ts'

const YEAR_MS = 365 * 24 * 3_600_000

/**
 * Officers' corrections. An issued invoice is never edited: a credit note, numbered in its own
 * gap-free series (CN-2026-000001), takes back part of it with the same VAT treatment. On an
 * invoice still due it lowers what is left to pay; on a paid one it becomes credits.
 */
export async function issueCreditNote(
  db: Database,
  input: { invoiceId: string; amountCents: number; reason: string; officer: Caller; at?: Date },
) {
  const at = input.at ?? new Date()
  return inTransaction(db, async ({ tx }) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.kind, 'invoice')))
      .for('update')
    if (!invoice) throw notFound('Invoice not found')
    const [credited] = await tx
      .select({ total: sql<number>`coalesce(sum(${invoices.taxableCents}), 0)::bigint` })
      .from(invoices)
      .where(eq(invoices.correctsInvoiceId, invoice.id))
    const creditable = invoice.taxableCents - Number(credited?.total ?? 0)
    if (input.amountCents > creditable)
      throw unprocessable(
        `At most ${(creditable / 100).toFixed(2)} ${invoice.currency} of this invoice can still be credited.`,
      )

    const vat = vatCents(input.amountCents, invoice.vatBasisPoints)
    const total = input.amountCents + vat
    const [note] = await tx
      .insert(invoices)
      .values({
        ...invoiceCopy(invoice),
        kind: 'credit_note',
        number: await takeDocumentNumber(tx, 'CN', at.getUTCFullYear()),
        source: `credit-note:${crypto.randomUUID()}`,
        status: 'paid',
        issuedAt: at,
        dueAt: at,
        paidAt: at,
        subtotalCents: input.amountCents,
        discountCents: 0,
        creditsAppliedCents: 0,
        taxableCents: input.amountCents,
        vatCents: vat,
        totalCents: total,
        amountPaidCents: total,
        correctsInvoiceId: invoice.id,
        reason: input.reason,
        issuedBy: input.officer.userId,
      })
      .returning()
    await tx.insert(invoiceLines).values({
      invoiceId: note!.id,
      position: 0,
      kind: 'correction',
      description: lineDescription.correction(invoice.number, input.reason),
      clusterName: null,
      quantity: 1,
      unitPriceMillicents: null,
      amountCents: input.amountCents,
    })

    const due = invoice.status === 'paid' ? 0 : Math.max(0, invoice.totalCents - invoice.amountPaidCents)
    const settled = Math.min(due, total)
    if (settled > 0) {
      const paid = invoice.amountPaidCents + settled >= invoice.totalCents
      await tx
        .update(invoices)
        .set({
          amountPaidCents: invoice.amountPaidCents + settled,
          ...(paid ? { status: 'paid' as const, paidAt: at } : {}),
        })
        .where(eq(invoices.id, invoice.id))
    }
    // What the invoice no longer asks for goes back as credits, in USD at the invoice's rate.
    const refund = total - settled
    if (refund > 0)
      await grantCredits(tx, {
        organizationId: invoice.organizationId,
        amountCents: Math.round(refund / invoice.exchangeRate),
        expiresAt: new Date(at.getTime() + YEAR_MS),
        ...creditNoteRefundTexts(note!.number),
        grantedBy: input.officer.userId,
        at,
      })
    await recordAudit(
      tx,
      { ...input.officer, organizationId: invoice.organizationId },
      'credit_note.issued',
      { type: 'invoice', id: note!.id, label: note!.number },
      { invoice: invoice.number, amountCents: input.amountCents, reason: input.reason },
    )
    return note!
  })
}

/** The customer and VAT fields a credit note takes from the invoice it corrects. */
function invoiceCopy(invoice: typeof invoices.$inferSelect) {
  return {
    organizationId: invoice.organizationId,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    currency: invoice.currency,
    exchangeRate: invoice.exchangeRate,
    vatTreatment: invoice.vatTreatment,
    vatBasisPoints: invoice.vatBasisPoints,
    vatMention: invoice.vatMention,
    customerName: invoice.customerName,
    customerAddress: invoice.customerAddress,
    customerCountryCode: invoice.customerCountryCode,
    customerVatNumber: invoice.customerVatNumber,
    purchaseOrderNumber: invoice.purchaseOrderNumber,
    billingEmail: invoice.billingEmail,
  }
}

/** Credits an officer grants an organization, found by its billing ID, until the end of a day. */
export async function grantCreditsByOfficer(
  db: Database,
  request: CreditGrantRequest,
  officer: Caller,
  rates: ExchangeRates,
) {
  const [organization] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      billingCurrency: organizations.billingCurrency,
    })
    .from(organizations)
    .where(eq(organizations.billingId, request.billingId))
  if (!organization) throw notFound('No organization has this billing ID')
  // The officer types the organization's currency; an amount meant in another one is refused
  // rather than converted behind their back.
  const currency = currencyOf(organization.billingCurrency)
  if (request.currency !== currency)
    throw unprocessable(
      `${organization.name} is billed in ${currency}: enter the amount in ${currency}.`,
      'CURRENCY_MISMATCH',
    )
  const expiresAt = new Date(`${request.expiresOn}T23:59:59Z`)
  if (expiresAt.getTime() <= Date.now()) throw unprocessable('The expiry date must be in the future.')
  // The ledger is kept in USD cents (docs/decisions/016-billing.md): the grant is converted once,
  // at the day's rate, which is stored beside what was typed.
  const exchangeRate = rates[currency]
  const usdCents = Math.round(request.amountCents / exchangeRate)
  await inTransaction(db, async ({ tx }) => {
    await grantCredits(tx, {
      organizationId: organization.id,
      amountCents: usdCents,
      entered: { amountCents: request.amountCents, currency, exchangeRate },
      expiresAt,
      note: request.note,
      grantedBy: officer.userId,
    })
    await recordAudit(
      tx,
      { ...officer, organizationId: organization.id },
      'credits.granted',
      { type: 'organization', id: organization.id, label: organization.name },
      {
        amountCents: request.amountCents,
        currency,
        usdCents,
        exchangeRate,
        expiresAt: expiresAt.toISOString(),
      },
    )
  })
  return {
    organizationName: organization.name,
    amountCents: request.amountCents,
    currency,
    expiresAt: expiresAt.toISOString(),
  }
}
