import { and, eq } from 'drizzle-orm'
import { href } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import { orders } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { notifyOfEvent } from '#server/modules/notifications/index.ts'
import { registeredOrderKind } from './kinds.ts'
import { toOrderResponse } from './present.ts'
import { auditOrder, findOrderForOfficer } from './service.ts'

/**
 * Officers decide on orders that wait for approval (HDS data centers, above the credit limit).
 * Approval fulfils the order by its kind (a cluster created and provisioned, a product installed)
 * in the same transaction; either way the person who ordered hears of it.
 */
export async function decideOrder(
  ctx: ServerContext,
  officer: Caller,
  orderId: string,
  decision: { approve: boolean; note: string | null },
) {
  // A cluster is created from the catalog; it is read before the transaction, side by side.
  const catalog = decision.approve ? await getCatalog(ctx.db) : null
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
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
    const kind = decision.approve ? registeredOrderKind(locked.kind) : null
    let stored = locked
    if (kind) {
      await kind.assertFulfillable?.(tx, locked)
      const [approved] = await tx.update(orders).set(decided).where(eq(orders.id, orderId)).returning()
      stored = await kind.fulfil({
        ctx,
        uow,
        order: approved!,
        organizationName: order.organizationName,
        catalog,
        requestedBy: locked.createdBy ?? officer.userId,
      })
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
    if (locked.createdBy) {
      const approved = kind?.approvedNotice?.(stored)
      await notifyOfEvent(uow, 'orders', {
        userId: locked.createdBy,
        type: decision.approve ? 'success' : 'warning',
        title: decision.approve ? 'Order approved' : 'Order declined',
        message: decision.approve
          ? `Order ${locked.reference} was approved${approved ? `: ${approved.message}.` : '.'}`
          : `Order ${locked.reference} was declined${decision.note ? `: ${decision.note}` : '.'}`,
        link: approved?.link ?? href('orderStatus', { id: locked.id }),
      })
    }
    return toOrderResponse({ ...stored, organizationName: order.organizationName })
  })
}
