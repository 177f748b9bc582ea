import { and, eq } from 'drizzle-orm'
import { href } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import { type OrderRow, orders } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { createInstallationForOrder } from '#server/modules/marketplace/index.ts'
import { notifyOfEvent } from '#server/modules/notifications/index.ts'
import { createClusterForOrder } from './fulfilment.ts'
import { toOrderResponse } from './present.ts'
import { assertClusterNameFree, auditOrder, findOrderForOfficer } from './service.ts'

/**
 * Officers decide on orders that wait for approval (HDS data centers, above the credit limit).
 * Approval creates the cluster and starts provisioning in the same transaction; either way the
 * person who ordered hears of it.
 */
export async function decideOrder(
  ctx: ServerContext,
  officer: Caller,
  orderId: string,
  decision: { approve: boolean; note: string | null },
) {
  const catalog = decision.approve ? await getCatalog(ctx.db) : undefined
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const order = await findOrderForOfficer(tx, orderId)
    const [locked] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_approval')))
      .for('update')
    if (!locked)
      throw conflict(`Order ${order.reference} is no longer waiting for approval`, 'ORDER_NOT_PENDING')

    const decided = {
      decidedBy: officer.userId,
      decidedAt: new Date(),
      decisionNote: decision.note,
      updatedAt: new Date(),
    }
    let stored = locked
    if (decision.approve && locked.kind === 'product') {
      const [approved] = await tx.update(orders).set(decided).where(eq(orders.id, orderId)).returning()
      stored = await createInstallationForOrder(
        ctx,
        tx,
        sqlExecutor,
        approved!,
        locked.createdBy ?? officer.userId,
      )
    } else if (decision.approve && catalog) {
      await assertClusterNameFree(tx, locked.organizationId, locked.configuration!.name)
      const [approved] = await tx.update(orders).set(decided).where(eq(orders.id, orderId)).returning()
      stored = await createClusterForOrder(
        ctx,
        tx,
        sqlExecutor,
        approved!,
        catalog,
        locked.createdBy ?? officer.userId,
      )
    } else {
      const [rejected] = await tx
        .update(orders)
        .set({ ...decided, status: 'cancelled' })
        .where(eq(orders.id, orderId))
        .returning()
      stored = rejected!
    }
    await auditOrder(tx, officer, locked, decision.approve ? 'order.approved' : 'order.rejected', {
      note: decision.note,
    })
    if (locked.createdBy)
      await notifyOfEvent(tx, sqlExecutor, 'orders', {
        userId: locked.createdBy,
        type: decision.approve ? 'success' : 'warning',
        title: decision.approve ? 'Order approved' : 'Order declined',
        message: decision.approve
          ? `Order ${locked.reference} was approved: ${orderedName(locked)} is being ${locked.kind === 'product' ? 'installed' : 'provisioned'}.`
          : `Order ${locked.reference} was declined${decision.note ? `: ${decision.note}` : '.'}`,
        link:
          locked.kind === 'product' && stored.installationId
            ? href('productOrder', { id: stored.installationId })
            : href('orderStatus', { id: locked.id }),
      })
    return toOrderResponse({ ...stored, organizationName: order.organizationName })
  })
}

/** What an order is for, as its notifications name it. */
function orderedName(order: OrderRow): string {
  return order.product
    ? `${order.product.productName} on ${order.product.clusterName}`
    : (order.configuration?.name ?? order.reference)
}
