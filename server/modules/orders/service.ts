import { createHash } from 'node:crypto'
import { and, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { PgSequence } from 'drizzle-orm/pg-core'
import { configurationIssues, priceConfiguration } from '#common/cluster-rules.ts'
import { type Currency, convertFromUsd, type ExchangeRates } from '#common/money.ts'
import { PROMO_CODE } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { CLUSTER_STATUSES, type ClusterConfiguration, type PriceBreakdown } from '#common/schemas/clusters.ts'
import { INSTALLATION_STATUSES } from '#common/schemas/installations.ts'
import type { OrderKind, OrderQuote, OrderRequest, OrderStatus } from '#common/schemas/orders.ts'
import type { PageQuery } from '#common/schemas/pagination.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import {
  clusters,
  installations,
  orderReferenceSequence,
  orders,
  organizations,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { decodeCursor, pageOf } from '#server/lib/cursor.ts'
import { conflict, invalidFields, notFound, unprocessable } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { assertEmailVerified } from '#server/modules/auth/index.ts'
import { previewOrderInvoice } from '#server/modules/billing/index.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { createClusterForOrder } from './fulfilment.ts'
import { type OrderWithOrganization, toOrderResponse } from './present.ts'

/** Orders that count as a purchase: the promotion is for an organization's first one only. */
const PURCHASE_STATUSES: OrderStatus[] = ['pending_approval', 'confirmed', 'fulfilled']

/** Checks a configuration against the catalog: a 400 naming each field at fault. */
export function assertValidConfiguration(configuration: ClusterConfiguration, catalog: Catalog) {
  const issues = configurationIssues(configuration, catalog)
  if (issues.length > 0)
    throw invalidFields(
      issues.map((issue) => ({
        path: ['body', 'configuration', ...issue.path].join('.'),
        message: issue.message,
      })),
    )
}

export async function isFirstPaidOrder(db: Queryable, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.status, PURCHASE_STATUSES),
        gt(orders.totalCents, 0),
      ),
    )
    .limit(1)
  return row === undefined
}

/**
 * The server's price for a request, what the review step shows beside the browser's own figure,
 * with what the order's invoice will charge the caller's organization (VAT, credits) and how the
 * rest is paid.
 */
export async function quoteOrder(
  ctx: ServerContext,
  caller: Caller,
  request: OrderRequest,
  rates: ExchangeRates,
): Promise<OrderQuote> {
  const catalog = await getCatalog(ctx.db)
  assertValidConfiguration(request.configuration, catalog)
  const price = priceConfiguration(request.configuration, catalog, {
    billingCycle: request.billingCycle,
    promoCode: request.promoCode,
    isFirstPaidOrder: await isFirstPaidOrder(ctx.db, caller.organizationId),
  })
  return { ...price, invoice: await previewOrderInvoice(ctx, caller.organizationId, price, rates) }
}

/** A stable fingerprint of the request: keys sorted, so the same body in another order matches. */
export function requestHash(request: object): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      )
    return value
  }
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex')
}

function approvalReasonOf(
  configuration: ClusterConfiguration,
  price: PriceBreakdown,
  catalog: Catalog,
  credit: OrderCredit,
  rates: ExchangeRates,
): string | null {
  const dataCenter = catalog.dataCenters.find((center) => center.code === configuration.dataCenterCode)
  if (dataCenter?.complianceTags.includes('HDS'))
    return `${dataCenter.name} is an HDS data center: an officer checks every order for it`
  return creditReasonOf(credit, price.totalCents, rates)
}

/**
 * What an order is weighed against: the credit limit, in cents of the organization's billing
 * currency, and what the organization is already in for, in USD cents like every price.
 */
export type OrderCredit = { limitCents: number; currency: Currency; exposureCents: number }

/**
 * Why an order must wait for an officer for its amount, or null. The order and the exposure are
 * converted at today's rate into the currency the limit was set in.
 */
export function creditReasonOf(credit: OrderCredit, totalCents: number, rates: ExchangeRates): string | null {
  const weighed = Math.round(convertFromUsd(totalCents + credit.exposureCents, credit.currency, rates))
  if (weighed > credit.limitCents)
    return 'The order, with your orders waiting for approval and what your running clusters and products cost each month, is above your organization’s credit limit'
  return null
}

const LIVE_CLUSTER_STATUSES = CLUSTER_STATUSES.filter((status) => status !== 'deleted' && status !== 'failed')
const LIVE_INSTALLATION_STATUSES = INSTALLATION_STATUSES.filter(
  (status) => status !== 'uninstalled' && status !== 'failed',
)

/**
 * What the organization is already in for: orders still waiting for approval, and the monthly
 * price of its live clusters and products. Each new order is weighed with it, not alone, so many
 * small orders cannot pass the limit one by one.
 */
async function creditExposureCents(db: Queryable, organizationId: string): Promise<number> {
  const result = await db.execute<{ cents: string }>(sql`
    select
      coalesce((select sum(${orders.totalCents}) from ${orders}
        where ${orders.organizationId} = ${organizationId} and ${orders.status} = 'pending_approval'), 0)
      + coalesce((select sum(${clusters.monthlyPriceCents}) from ${clusters}
        where ${clusters.organizationId} = ${organizationId}
          and ${inArray(clusters.status, LIVE_CLUSTER_STATUSES)}), 0)
      + coalesce((select sum(${installations.monthlyPriceCents}) from ${installations}
        where ${installations.organizationId} = ${organizationId}
          and ${inArray(installations.status, LIVE_INSTALLATION_STATUSES)}), 0) as cents`)
  return Number(result.rows[0]?.cents ?? 0)
}

export type PlacedOrder = { order: ReturnType<typeof toOrderResponse>; created: boolean }

/**
 * Places an order. The price is recomputed here from the catalog; the browser's figure is ignored.
 * One transaction, serialised per organization (its row is locked), so two tabs cannot both spend
 * the promotion or both use one Idempotency-Key. Orders for an HDS data center or above the
 * credit limit wait for an officer; the others create their cluster and start provisioning.
 */
export async function placeOrder(
  ctx: ServerContext,
  caller: Caller,
  request: OrderRequest,
  idempotencyKey: string,
  rates: ExchangeRates,
): Promise<PlacedOrder> {
  const catalog = await getCatalog(ctx.db)
  assertValidConfiguration(request.configuration, catalog)
  const hash = requestHash(request)

  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const { organization, existing, credit } = await beginOrder(tx, caller, idempotencyKey, hash)
    if (existing) return { order: existing, created: false }

    const price = priceConfiguration(request.configuration, catalog, {
      billingCycle: request.billingCycle,
      promoCode: request.promoCode,
      isFirstPaidOrder: await isFirstPaidOrder(tx, caller.organizationId),
    })
    if (price.promoMessage) throw unprocessable(price.promoMessage, 'PROMO_CODE_REFUSED')
    await assertClusterNameFree(tx, caller.organizationId, request.configuration.name)

    const approvalReason = approvalReasonOf(request.configuration, price, catalog, credit, rates)
    const [order] = await tx
      .insert(orders)
      .values({
        reference: await nextReference(tx, orderReferenceSequence, 'ORD'),
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        status: approvalReason ? 'pending_approval' : 'confirmed',
        totalCents: price.totalCents,
        idempotencyKey,
        requestHash: hash,
        configuration: request.configuration,
        price,
        currency: request.currency,
        promoCode: price.promoCode === PROMO_CODE ? PROMO_CODE : null,
        approvalReason,
      })
      .returning()
    await auditOrder(tx, caller, order!, 'order.placed')
    let stored = order!
    if (!approvalReason)
      stored = await createClusterForOrder(ctx, tx, sqlExecutor, stored, catalog, caller.userId)
    return { order: toOrderResponse({ ...stored, organizationName: organization.name }), created: true }
  })
}

/**
 * The start of every order's transaction: the organization's row locked (its orders are placed one
 * at a time, so two tabs cannot both spend the promotion or one key), and the order already made
 * with this Idempotency-Key, if any — the same body returns it, another body is a 409. Ordering
 * needs a proven address, and each order is weighed against the credit limit with what the
 * organization is already in for.
 */
export async function beginOrder(tx: Database, caller: Caller, idempotencyKey: string, hash: string) {
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId))
    .for('update')
  if (!organization) throw notFound('Organization not found')
  const [orderer] = await tx
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
  assertEmailVerified(orderer ?? { emailVerified: false })
  const [existing] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, caller.organizationId), eq(orders.idempotencyKey, idempotencyKey)))
  if (existing && existing.requestHash !== hash)
    throw conflict(
      'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      'IDEMPOTENCY_KEY_REUSED',
    )
  return {
    organization,
    existing: existing ? toOrderResponse({ ...existing, organizationName: organization.name }) : null,
    credit: {
      limitCents: organization.creditLimitCents,
      currency: organization.billingCurrency,
      exposureCents: existing ? 0 : await creditExposureCents(tx, caller.organizationId),
    },
  }
}

/** A readable reference from a sequence: ORD-2026-000123, CS-2026-000101. */
export async function nextReference(tx: Database, sequence: PgSequence, prefix: string): Promise<string> {
  const next = await tx.execute<{ value: string }>(sql.raw(`SELECT nextval('${sequence.seqName}') AS value`))
  return `${prefix}-${new Date().getUTCFullYear()}-${String(Number(next.rows[0]?.value)).padStart(6, '0')}`
}

/** A live cluster of the organization already has this name: a 409 the wizard shows on the name. */
export async function assertClusterNameFree(db: Queryable, organizationId: string, name: string) {
  const [taken] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        eq(clusters.organizationId, organizationId),
        eq(clusters.name, name),
        sql`${clusters.status} <> 'deleted'`,
      ),
    )
    .limit(1)
  if (taken) throw conflict(validationMessage('clusterNameTaken', { name }), 'CLUSTER_NAME_TAKEN')
}

const orderColumns = { order: orders, organizationName: organizations.name }

function withOrganizationName(rows: { order: typeof orders.$inferSelect; organizationName: string }[]) {
  return rows.map((row): OrderWithOrganization => ({ ...row.order, organizationName: row.organizationName }))
}

type OrderFilter = { status?: OrderStatus; kind?: OrderKind } & PageQuery

/** The organization's orders, newest first, a page at a time. */
export function listOrders(db: Queryable, organizationId: string, filter: OrderFilter) {
  return selectOrderPage(db, eq(orders.organizationId, organizationId), filter)
}

/** Every organization's orders, for the officers who review them. */
export function listOrdersForOfficers(db: Queryable, filter: OrderFilter) {
  return selectOrderPage(db, undefined, filter)
}

/** One order of the organization; another organization's order is not found. */
export function findOrder(db: Queryable, id: string, organizationId: string) {
  return selectOrder(db, and(eq(orders.id, id), eq(orders.organizationId, organizationId)))
}

/** One order of any organization, for the officers who decide on it. */
export function findOrderForOfficer(db: Queryable, id: string) {
  return selectOrder(db, eq(orders.id, id))
}

async function selectOrderPage(db: Queryable, scope: SQL | undefined, filter: OrderFilter) {
  const after = decodeCursor(filter.cursor)
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(
      and(
        scope,
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.kind ? eq(orders.kind, filter.kind) : undefined,
        after
          ? or(
              lt(orders.createdAt, after.createdAt),
              and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit + 1)
  const page = pageOf(withOrganizationName(rows), filter.limit)
  return { items: page.items.map(toOrderResponse), nextCursor: page.nextCursor }
}

async function selectOrder(db: Queryable, where: SQL | undefined) {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(where)
  const [order] = withOrganizationName(rows)
  if (!order) throw notFound('Order not found')
  return order
}

/** The customer withdraws an order still waiting for approval. */
export async function cancelOrder(ctx: ServerContext, caller: Caller, id: string) {
  return inTransaction(ctx.db, async (tx) => {
    const order = await findOrder(tx, id, caller.organizationId)
    if (order.status !== 'pending_approval')
      throw conflict('Only an order waiting for approval can be cancelled', 'ORDER_NOT_CANCELLABLE')
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', decisionNote: 'Cancelled by the customer', updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending_approval')))
      .returning()
    if (!updated) throw conflict('The order changed meanwhile; reload it', 'ORDER_CHANGED')
    await auditOrder(tx, caller, updated, 'order.cancelled')
    return toOrderResponse({ ...updated, organizationName: order.organizationName })
  })
}

/** The audit entry of an order placed, cancelled or decided, in its transaction. */
export async function auditOrder(
  tx: Queryable,
  caller: Caller,
  order: { id: string; reference: string; organizationId: string; kind: string; totalCents: number },
  action: 'order.placed' | 'order.cancelled' | 'order.approved' | 'order.rejected',
  detail: Record<string, unknown> = {},
) {
  await recordAudit(
    tx,
    { ...caller, organizationId: order.organizationId },
    action,
    { type: 'order', id: order.id, label: order.reference },
    { kind: order.kind, totalCents: order.totalCents, ...detail },
  )
}
