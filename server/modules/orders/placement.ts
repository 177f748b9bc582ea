import { eq } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { PROMO_CODE } from '#common/pricing.ts'
import type { Order, OrderQuote } from '#common/schemas/orders.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import {
  type Organization,
  orderReferenceSequence,
  orders,
  organizations,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { assertEmailVerified } from '#server/modules/auth/index.ts'
import { previewOrderInvoice } from '#server/modules/billing/index.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { creditLimitReason } from './credit-limit.ts'
import { orderPlacedWithKey, requestHash } from './idempotency.ts'
import type { OrderKindDefinition } from './kinds.ts'
import { toOrderResponse } from './present.ts'
import { auditOrder, isFirstPaidOrder, nextReference } from './service.ts'

export type PlacedOrder = { order: Order; created: boolean }

export type Placement<Request> = {
  caller: Caller
  kind: OrderKindDefinition<Request>
  request: Request
  /** The client's key of a `checkout` order: the same key and body give the same order. */
  idempotencyKey?: string
  /** Today's rates, for a kind weighed against the credit limit (set in the billing currency). */
  rates?: ExchangeRates
}

/**
 * Places an order of any kind, in one transaction serialised per organization (its row is locked,
 * so two tabs cannot both spend the promotion or both use one Idempotency-Key). The price comes
 * from the server, never the browser. An order the kind or the credit limit gives a reason to look
 * at waits for an officer; the others are fulfilled at once, in the same transaction.
 */
export async function placeOrder<Request extends object>(
  ctx: ServerContext,
  { caller, kind, request, idempotencyKey, rates }: Placement<Request>,
): Promise<PlacedOrder> {
  const catalog = kind.readsCatalog ? await getCatalog(ctx.db) : null
  if (catalog) kind.validate?.(request, catalog)
  const idempotency =
    kind.admission === 'checkout' ? { key: required(idempotencyKey), hash: requestHash(request) } : null

  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const organization = await lockOrganization(tx, caller.organizationId)
    if (idempotency) {
      await assertProvenAddress(tx, caller.userId)
      const existing = await orderPlacedWithKey(tx, { organizationId: caller.organizationId, ...idempotency })
      if (existing)
        return {
          order: toOrderResponse({ ...existing, organizationName: organization.name }),
          created: false,
        }
    }

    const priced = await kind.price({
      ctx,
      db: tx,
      caller,
      request,
      organization,
      catalog,
      placing: true,
      isFirstPaidOrder: () => isFirstPaidOrder(tx, caller.organizationId),
    })
    const { price } = priced
    if (price.promoMessage) throw unprocessable(price.promoMessage, 'PROMO_CODE_REFUSED')
    await kind.assertFulfillable?.(tx, { organizationId: caller.organizationId, ...priced.ordered })
    const approvalReason =
      priced.approvalReason ??
      (kind.weighedAgainstCreditLimit
        ? await creditLimitReason(tx, organization, price.totalCents, required(rates))
        : null)

    const [order] = await tx
      .insert(orders)
      .values({
        reference: await nextReference(tx, orderReferenceSequence, 'ORD'),
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        kind: kind.kind,
        status: approvalReason ? 'pending_approval' : kind.fulfilledWhenPlaced ? 'fulfilled' : 'confirmed',
        totalCents: price.totalCents,
        idempotencyKey: idempotency?.key ?? null,
        requestHash: idempotency?.hash ?? null,
        ...priced.ordered,
        price,
        currency: priced.currency,
        promoCode: price.promoCode === PROMO_CODE ? PROMO_CODE : null,
        approvalReason,
      })
      .returning()
    await auditOrder(tx, caller, order!, 'order.placed')
    let stored = order!
    if (!approvalReason)
      stored = await kind.fulfil({
        ctx,
        uow,
        order: stored,
        organizationName: organization.name,
        catalog,
        requestedBy: caller.userId,
      })
    return { order: toOrderResponse({ ...stored, organizationName: organization.name }), created: true }
  })
}

/**
 * The server's price for a request, what the form shows beside the browser's own figure, with what
 * the order's invoice will charge the caller's organization (VAT, credits) and how the rest is paid.
 */
export async function quoteOrder<Request extends object>(
  ctx: ServerContext,
  {
    caller,
    kind,
    request,
    rates,
  }: Omit<Placement<Request>, 'idempotencyKey' | 'rates'> & { rates: ExchangeRates },
): Promise<OrderQuote> {
  const catalog = kind.readsCatalog ? await getCatalog(ctx.db) : null
  if (catalog) kind.validate?.(request, catalog)
  const [organization] = await ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId))
  if (!organization) throw notFound('Organization not found')
  const { price } = await kind.price({
    ctx,
    db: ctx.db,
    caller,
    request,
    organization,
    catalog,
    placing: false,
    isFirstPaidOrder: () => isFirstPaidOrder(ctx.db, caller.organizationId),
  })
  return { ...price, invoice: await previewOrderInvoice(ctx, caller.organizationId, price, rates) }
}

/** The organization's row, locked: its orders are placed one at a time. */
async function lockOrganization(tx: Transaction, organizationId: string): Promise<Organization> {
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
  if (!organization) throw notFound('Organization not found')
  return organization
}

/** Ordering outright needs a proven address. */
async function assertProvenAddress(tx: Transaction, userId: string) {
  const [orderer] = await tx
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
  assertEmailVerified(orderer ?? { emailVerified: false })
}

/** What a kind's route always hands over; missing, the route is wired wrong. */
function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('An order of this kind was placed without what its kind needs')
  return value
}
