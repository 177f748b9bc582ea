import { and, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { PgSequence } from 'drizzle-orm/pg-core'
import type { OrderKind, OrderStatus } from '#common/schemas/orders.ts'
import type { PageQuery } from '#common/schemas/pagination.ts'
import { PURCHASE_ORDER_STATUSES } from '#common/schemas/statuses.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable, Transaction } from '#server/db/client.ts'
import { orders, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { decodeCursor, pageOf } from '#server/lib/cursor.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { type OrderWithOrganization, toOrderResponse } from './present.ts'

export async function isFirstPaidOrder(db: Queryable, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.status, PURCHASE_ORDER_STATUSES),
        gt(orders.totalCents, 0),
      ),
    )
    .limit(1)
  return row === undefined
}

/** A readable reference from a sequence: ORD-2026-000123, CS-2026-000101. */
export async function nextReference(tx: Transaction, sequence: PgSequence, prefix: string): Promise<string> {
  const next = await tx.execute<{ value: string }>(sql.raw(`SELECT nextval('${sequence.seqName}') AS value`))
  return `${prefix}-${new Date().getUTCFullYear()}-${String(Number(next.rows[0]?.value)).padStart(6, '0')}`
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
  return inTransaction(ctx.db, async ({ tx }) => {
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
