import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { formatAmount } from '#common/pricing.ts'
import { priceProduct } from '#common/product-rules.ts'
import { absoluteHref, href } from '#common/routes.ts'
import {
  type CustomSolution,
  type CustomSolutionRequest,
  type QuoteRequest,
  quoteMonthlyTotalCents,
} from '#common/schemas/custom-solutions.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  type CustomSolutionQuoteRow,
  type CustomSolutionRow,
  customSolutionQuotes,
  customSolutionReferenceSequence,
  customSolutions,
  organizations,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, notFound, unprocessable } from '#server/lib/errors.ts'
import {
  customSolutionForOfficersMail,
  customSolutionReceivedMail,
  quoteAnsweredMail,
  quoteReadyMail,
} from '#server/mail/custom-solution-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { currencyOf } from '#server/modules/billing/index.ts'
import { createNotification, notifyOfficers } from '#server/modules/notifications/index.ts'
import { nextReference, type OrderKindDefinition, placeOrder } from '#server/modules/orders/index.ts'

/**
 * Custom solutions: a customer's request for what the catalog lacks, officers' quotes, and the
 * customer's answer — an accepted quote becomes a confirmed order. Each step notifies and mails
 * the other side in the transaction that takes it.
 */

export async function submitCustomSolution(
  ctx: ServerContext,
  caller: Caller,
  request: CustomSolutionRequest,
) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const reference = await nextReference(tx, customSolutionReferenceSequence, 'CS')
    const [row] = await tx
      .insert(customSolutions)
      .values({ ...request, reference, organizationId: caller.organizationId, createdBy: caller.userId })
      .returning()
    const [requester] = await tx.select().from(users).where(eq(users.id, caller.userId))
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, caller.organizationId))
    if (requester)
      await sendMail(uow, customSolutionReceivedMail, requester, {
        name: requester.name,
        reference,
        title: request.title,
        url: absoluteHref(ctx.config.appUrl, 'customSolutions'),
      })
    await notifyOfficers(uow, {
      link: href('officersPanel'),
      title: 'New custom solution request',
      message: `${organization?.name ?? 'A customer'} asks for “${request.title}” (${reference}).`,
    })
    await sendMail(uow, customSolutionForOfficersMail, ctx.config.salesInbox, {
      reference,
      title: request.title,
      organization: organization?.name ?? '',
      url: absoluteHref(ctx.config.appUrl, 'officersPanel'),
    })
    return (await present(tx, [row!]))[0]!
  })
}

export async function listCustomSolutions(db: Queryable, caller: Caller): Promise<CustomSolution[]> {
  const rows = await db
    .select()
    .from(customSolutions)
    .where(eq(customSolutions.organizationId, caller.organizationId))
    .orderBy(desc(customSolutions.createdAt))
  return present(db, rows)
}

export async function listCustomSolutionsForOfficers(
  db: Queryable,
  status: CustomSolution['status'] | undefined,
): Promise<CustomSolution[]> {
  const rows = await db
    .select()
    .from(customSolutions)
    .where(status ? eq(customSolutions.status, status) : undefined)
    .orderBy(desc(customSolutions.createdAt))
    .limit(100)
  return present(db, rows)
}

/** One request of the caller's organization (404 for another's). */
export async function findCustomSolution(db: Queryable, caller: Caller, id: string): Promise<CustomSolution> {
  const row = await requestRow(
    db,
    and(eq(customSolutions.id, id), eq(customSolutions.organizationId, caller.organizationId)),
  )
  return (await present(db, [row]))[0]!
}

async function requestRow(db: Queryable, where: SQL | undefined, lock = false): Promise<CustomSolutionRow> {
  const query = db.select().from(customSolutions).where(where)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Custom solution request not found')
  return row
}

/**
 * An officer's quote, priced in the organization's billing currency: any open one is superseded,
 * the request becomes `quoted`, the customer hears.
 */
export async function sendQuote(
  ctx: ServerContext,
  officerId: string,
  id: string,
  quote: QuoteRequest,
  rates: ExchangeRates,
) {
  if (quote.validUntil < new Date().toISOString().slice(0, 10))
    throw unprocessable('A quote must be valid until today or later', 'QUOTE_EXPIRED')
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const request = await requestRow(tx, eq(customSolutions.id, id), true)
    if (request.status === 'accepted')
      throw conflict(`${request.reference} was accepted already: it needs no other quote`, 'ALREADY_ACCEPTED')
    const [organization] = await tx
      .select({ name: organizations.name, billingCurrency: organizations.billingCurrency })
      .from(organizations)
      .where(eq(organizations.id, request.organizationId))
    // The officer prices in the organization's currency; prices meant in another one are refused
    // rather than converted behind their back.
    const currency = currencyOf(organization!.billingCurrency)
    if (quote.currency !== currency)
      throw unprocessable(
        `${organization!.name} is billed in ${currency}: enter the prices in ${currency}.`,
        'CURRENCY_MISMATCH',
      )
    await tx
      .update(customSolutionQuotes)
      .set({ status: 'superseded' })
      .where(and(eq(customSolutionQuotes.customSolutionId, id), eq(customSolutionQuotes.status, 'open')))
    const monthlyTotalCents = quoteMonthlyTotalCents(quote.lines)
    // Orders are priced in USD cents: the total is converted once, at the day's rate, which is
    // stored beside the prices as typed.
    const exchangeRate = rates[currency]
    await tx.insert(customSolutionQuotes).values({
      customSolutionId: id,
      lines: quote.lines,
      monthlyTotalCents,
      currency,
      exchangeRate,
      monthlyTotalUsdCents: Math.round(monthlyTotalCents / exchangeRate),
      validUntil: quote.validUntil,
      note: quote.note,
      createdBy: officerId,
    })
    const [updated] = await tx
      .update(customSolutions)
      .set({ status: 'quoted', updatedAt: new Date() })
      .where(eq(customSolutions.id, id))
      .returning()
    if (request.createdBy) {
      await createNotification(uow, {
        userId: request.createdBy,
        type: 'info',
        title: 'Your quote is ready',
        message: `${request.reference}: ${formatAmount(monthlyTotalCents, currency)} a month, valid until ${quote.validUntil}.`,
        link: href('customSolutions'),
      })
      const [customer] = await tx.select().from(users).where(eq(users.id, request.createdBy))
      if (customer)
        await sendMail(uow, quoteReadyMail, customer, {
          name: customer.name,
          reference: request.reference,
          title: request.title,
          totalCents: monthlyTotalCents,
          currency,
          validUntil: quote.validUntil,
          url: absoluteHref(ctx.config.appUrl, 'customSolutions'),
        })
    }
    return (await present(tx, [updated!]))[0]!
  })
}

/**
 * A custom solution's order: the customer accepts the open quote and it becomes a confirmed order
 * of kind `custom` (its monthly total in USD cents, converted when it was quoted; PARIS not
 * applying to a negotiated price), and the officer who quoted hears of it.
 */
export const customSolutionOrders: OrderKindDefinition<{ id: string; quoteId: string }> = {
  kind: 'custom',
  admission: 'accepted quote',
  // The price was agreed with an officer, who answers for it.
  weighedAgainstCreditLimit: false,
  price: async ({ db, caller, request: answered }) => {
    const { request, quote } = await openQuote(db, caller, answered.id, answered.quoteId)
    // Orders are priced in USD cents; the customer was shown the quote's currency.
    const total = quote.monthlyTotalUsdCents
    return {
      ordered: {
        customSolution: {
          id: request.id,
          reference: request.reference,
          title: request.title,
          quoteId: quote.id,
        },
      },
      price: priceProduct(total, { promoCode: null, isFirstPaidOrder: false }),
      currency: currencyOf(quote.currency),
    }
  },
  fulfil: async ({ ctx, uow, order, organizationName }) => {
    const { tx } = uow
    if (!order.customSolution) throw new Error(`Order ${order.id} orders no custom solution`)
    const [quote] = await tx
      .update(customSolutionQuotes)
      .set({ status: 'accepted', orderId: order.id })
      .where(eq(customSolutionQuotes.id, order.customSolution.quoteId))
      .returning()
    const [request] = await tx
      .update(customSolutions)
      .set({ status: 'accepted', updatedAt: new Date() })
      .where(eq(customSolutions.id, order.customSolution.id))
      .returning()
    await tellQuoter(ctx, uow, quote!, request!, organizationName, {
      accepted: true,
      detail: order.reference,
    })
    return order
  },
}

/** The customer accepts the open quote of their request: the order it became. */
export async function acceptQuote(
  ctx: ServerContext,
  caller: Caller,
  answered: { id: string; quoteId: string },
) {
  return (await placeOrder(ctx, { caller, kind: customSolutionOrders, request: answered })).order
}

export async function declineQuote(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  quoteId: string,
  reason: string | null,
) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const { request, quote, organizationName } = await openQuote(tx, caller, id, quoteId)
    await tx
      .update(customSolutionQuotes)
      .set({ status: 'declined', declineReason: reason })
      .where(eq(customSolutionQuotes.id, quote.id))
    const [updated] = await tx
      .update(customSolutions)
      .set({ status: 'declined', updatedAt: new Date() })
      .where(eq(customSolutions.id, id))
      .returning()
    await tellQuoter(ctx, uow, quote, request, organizationName, {
      accepted: false,
      detail: reason ?? '',
    })
    return (await present(tx, [updated!]))[0]!
  })
}

/** The request (locked), its quote, which must still be open and valid, and the customer's name. */
async function openQuote(tx: Queryable, caller: Caller, id: string, quoteId: string) {
  const request = await requestRow(
    tx,
    and(eq(customSolutions.id, id), eq(customSolutions.organizationId, caller.organizationId)),
    true,
  )
  const [quote] = await tx
    .select()
    .from(customSolutionQuotes)
    .where(and(eq(customSolutionQuotes.id, quoteId), eq(customSolutionQuotes.customSolutionId, id)))
  if (!quote) throw notFound('Quote not found')
  if (quote.status !== 'open')
    throw conflict(`This quote is ${quote.status}: it can no longer be answered`, 'QUOTE_CLOSED')
  if (quote.validUntil < new Date().toISOString().slice(0, 10))
    throw conflict(`This quote expired on ${quote.validUntil}: ask for a new one`, 'QUOTE_EXPIRED')
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId))
  return { request, quote, organizationName: organization?.name ?? '' }
}

async function tellQuoter(
  ctx: ServerContext,
  uow: UnitOfWork,
  quote: CustomSolutionQuoteRow,
  request: CustomSolutionRow,
  organizationName: string,
  answer: { accepted: boolean; detail: string },
) {
  const { tx } = uow
  if (!quote.createdBy) return
  const [officer] = await tx.select().from(users).where(eq(users.id, quote.createdBy))
  if (!officer) return
  await createNotification(uow, {
    userId: officer.id,
    type: answer.accepted ? 'success' : 'warning',
    title: answer.accepted ? 'Quote accepted' : 'Quote declined',
    message: `${organizationName} ${answer.accepted ? 'accepted' : 'declined'} the quote for ${request.reference}.`,
    link: href('officersPanel'),
  })
  await sendMail(uow, quoteAnsweredMail, officer, {
    name: officer.name,
    reference: request.reference,
    organization: organizationName,
    accepted: answer.accepted,
    detail: answer.detail,
    url: absoluteHref(ctx.config.appUrl, 'officersPanel'),
  })
}

async function present(db: Queryable, rows: CustomSolutionRow[]): Promise<CustomSolution[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const quotes = await db
    .select()
    .from(customSolutionQuotes)
    .where(inArray(customSolutionQuotes.customSolutionId, ids))
    .orderBy(desc(customSolutionQuotes.createdAt))
  const names = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      billingCurrency: organizations.billingCurrency,
    })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(rows.map((row) => row.organizationId))]))
  const requesterIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))]
  const requesters = requesterIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, requesterIds))
    : []
  return rows.map((row) => {
    const organization = names.find((entry) => entry.id === row.organizationId)
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      title: row.title,
      workload: row.workload,
      components: row.components,
      compliance: row.compliance,
      sla: row.sla,
      budget: row.budget,
      currency: row.currency as CustomSolution['currency'],
      deadline: row.deadline,
      organizationName: organization?.name ?? '',
      billingCurrency: currencyOf(organization?.billingCurrency ?? ''),
      requestedByName: requesters.find((entry) => entry.id === row.createdBy)?.name ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      quotes: quotes
        .filter((quote) => quote.customSolutionId === row.id)
        .map((quote) => ({
          id: quote.id,
          status: quote.status,
          lines: quote.lines,
          monthlyTotalCents: quote.monthlyTotalCents,
          currency: currencyOf(quote.currency),
          validUntil: quote.validUntil,
          note: quote.note,
          declineReason: quote.declineReason,
          orderId: quote.orderId,
          createdAt: quote.createdAt.toISOString(),
        })),
    }
  })
}
