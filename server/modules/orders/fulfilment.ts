import { eq } from 'drizzle-orm'
import { priceConfiguration } from '#common/cluster-rules.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { ServerContext } from '#server/context.ts'
import { clusters, type OrderRow, orders } from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { startOperation } from '#server/provisioning/index.ts'

/** Who acts: every order and cluster is read and changed through the caller's organization. */

/**
 * A confirmed order becomes a cluster: the row is created `pending` and the engine's create
 * operation is started, all in the caller's transaction (the first step's job commits with it).
 */
export async function createClusterForOrder(
  ctx: ServerContext,
  uow: UnitOfWork,
  order: OrderRow,
  catalog: Catalog,
  requestedBy: string,
): Promise<OrderRow> {
  const { tx } = uow
  const configuration = order.configuration
  if (!configuration) throw new Error(`Order ${order.id} has no configuration`)
  const version = catalog.kubernetesVersions.find(
    (entry) => entry.version === configuration.kubernetesVersion,
  )
  // The cluster keeps its monthly price as agreed (the promotion taken off), whatever cycle was ordered.
  const agreed = priceConfiguration(configuration, catalog, {
    billingCycle: 'monthly',
    promoCode: order.price?.promoCode ?? null,
    isFirstPaidOrder: true,
  })
  const [cluster] = await tx
    .insert(clusters)
    .values({
      organizationId: order.organizationId,
      name: configuration.name,
      status: 'pending',
      orderId: order.id,
      createdBy: order.createdBy,
      clusterTypeId: configuration.clusterTypeId,
      dataCenterCode: configuration.dataCenterCode,
      kubernetesVersion: configuration.kubernetesVersion,
      kubernetesPatch: version?.latestPatch ?? `${configuration.kubernetesVersion}.0`,
      configuration,
      driver: ctx.config.provisioning.driver,
      monthlyPriceCents: agreed.totalCents,
    })
    .returning()
  await startOperation(uow, ctx, {
    clusterId: cluster!.id,
    kind: 'create',
    parameters: {},
    requestedBy,
  })
  // A yearly order is invoiced for its year now; the job exists only if this transaction commits.
  if (order.price?.billingCycle === 'yearly') await uow.enqueue(QUEUES.orderInvoice, { orderId: order.id })
  const [updated] = await tx
    .update(orders)
    .set({ clusterId: cluster!.id, status: 'confirmed', updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning()
  return updated!
}
