import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { HIBERNATING_CLUSTER_TYPE_IDS, nextMinorVersion, priceConfiguration } from '#common/cluster-rules.ts'
import { HOURS_PER_MONTH } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type {
  ClusterDetail,
  ClusterStatus,
  ClusterSummary,
  clusterListQuerySchema,
} from '#common/schemas/clusters.ts'
import type { PageQuery } from '#common/schemas/pagination.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  type Cluster,
  clusterEvents,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
  orders,
} from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'
import {
  decodeOffsetCursor,
  decodeSequenceCursor,
  encodeOffsetCursor,
  encodeSequenceCursor,
} from '#server/lib/cursor.ts'
import { notFound } from '#server/lib/errors.ts'
import { likeEscaped } from '#server/lib/like.ts'
import { operationView } from '#server/provisioning/index.ts'

/** Statuses a cluster is billed in: its nodes exist and serve. */
const BILLED_STATUSES: ClusterStatus[] = ['running', 'scaling', 'updating']

export async function findCluster(
  db: Queryable,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(clusters)
    .where(and(eq(clusters.id, id), eq(clusters.organizationId, caller.organizationId)))
  const [cluster] = options.lock ? await query.for('update') : await query
  if (!cluster) throw notFound('Cluster not found')
  return cluster
}

export function toClusterSummary(cluster: Cluster, nodeCount: number): ClusterSummary {
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    statusReason: cluster.statusReason,
    clusterTypeId: cluster.clusterTypeId,
    dataCenterCode: cluster.dataCenterCode,
    kubernetesVersion: cluster.kubernetesVersion,
    nodeCount,
    monthlyPriceCents: cluster.monthlyPriceCents,
    createdAt: cluster.createdAt.toISOString(),
    updatedAt: cluster.updatedAt.toISOString(),
  }
}

const SORTS: Record<z.infer<typeof clusterListQuerySchema>['sort'], SQL[]> = {
  created_desc: [desc(clusters.createdAt), desc(clusters.id)],
  created_asc: [asc(clusters.createdAt), asc(clusters.id)],
  name_asc: [asc(clusters.name), asc(clusters.id)],
  name_desc: [desc(clusters.name), desc(clusters.id)],
  cost_desc: [desc(clusters.monthlyPriceCents), desc(clusters.id)],
}

export async function listClusters(
  db: Queryable,
  caller: Caller,
  query: z.infer<typeof clusterListQuerySchema>,
) {
  const offset = decodeOffsetCursor(query.cursor)
  const escaped = query.search === undefined ? undefined : likeEscaped(query.search)
  const rows = await db
    .select({
      cluster: clusters,
      nodeCount: sql<number>`(SELECT count(*)::int FROM ${clusterNodes} WHERE ${clusterNodes.clusterId} = ${clusters.id})`,
    })
    .from(clusters)
    .where(
      and(
        eq(clusters.organizationId, caller.organizationId),
        query.status ? eq(clusters.status, query.status) : ne(clusters.status, 'deleted'),
        query.type ? eq(clusters.clusterTypeId, query.type) : undefined,
        escaped ? ilike(clusters.name, `%${escaped}%`) : undefined,
      ),
    )
    .orderBy(...SORTS[query.sort])
    .limit(query.limit + 1)
    .offset(offset)
  const items = rows.slice(0, query.limit).map((row) => toClusterSummary(row.cluster, row.nodeCount))
  const nextCursor = rows.length > query.limit ? encodeOffsetCursor(offset + query.limit) : null
  return { items, nextCursor }
}

/** The latest operation of a cluster (the running one, else the last finished) with its steps. */
export async function latestOperation(db: Queryable, clusterId: string) {
  const [operation] = await db
    .select()
    .from(clusterOperations)
    .where(eq(clusterOperations.clusterId, clusterId))
    .orderBy(desc(clusterOperations.createdAt))
    .limit(1)
  if (!operation) return null
  const steps = await db
    .select()
    .from(clusterSteps)
    .where(eq(clusterSteps.operationId, operation.id))
    .orderBy(asc(clusterSteps.position))
  return operationView(operation, steps, new Date())
}

export async function listOperations(db: Queryable, caller: Caller, clusterId: string) {
  await findCluster(db, caller, clusterId)
  const operations = await db
    .select()
    .from(clusterOperations)
    .where(eq(clusterOperations.clusterId, clusterId))
    .orderBy(desc(clusterOperations.createdAt))
    .limit(50)
  const steps = operations.length
    ? await db
        .select()
        .from(clusterSteps)
        .where(
          inArray(
            clusterSteps.operationId,
            operations.map((operation) => operation.id),
          ),
        )
        .orderBy(asc(clusterSteps.position))
    : []
  const stepsByOperation = Map.groupBy(steps, (step) => step.operationId)
  const now = new Date()
  return {
    items: operations.map((operation) =>
      operationView(operation, stepsByOperation.get(operation.id) ?? [], now),
    ),
  }
}

export async function listEvents(db: Queryable, caller: Caller, clusterId: string, page: PageQuery) {
  await findCluster(db, caller, clusterId)
  const before = decodeSequenceCursor(page.cursor)
  const rows = await db
    .select()
    .from(clusterEvents)
    .where(
      and(
        eq(clusterEvents.clusterId, clusterId),
        before !== undefined ? sql`${clusterEvents.id} < ${before}` : undefined,
      ),
    )
    .orderBy(desc(clusterEvents.id))
    .limit(page.limit + 1)
  const items = rows.slice(0, page.limit)
  return {
    items: items.map((event) => ({
      id: String(event.id),
      type: event.type,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      createdAt: event.createdAt.toISOString(),
    })),
    nextCursor: rows.length > page.limit ? encodeSequenceCursor(items.at(-1)!.id) : null,
  }
}

/**
 * What the cluster has cost since the first of the month (UTC): its monthly price spread over
 * 730 hours, for the hours it spent in a billed status according to its events.
 */
export function costThisMonthCents(
  monthlyPriceCents: number,
  transitions: { toStatus: ClusterStatus; at: Date }[],
  now: Date,
): number {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  let billedMs = 0
  let current: ClusterStatus | undefined
  let since = monthStart
  for (const transition of transitions) {
    const at = transition.at < monthStart ? monthStart : transition.at
    if (current && BILLED_STATUSES.includes(current)) billedMs += at.getTime() - since.getTime()
    current = transition.toStatus
    since = at
  }
  if (current && BILLED_STATUSES.includes(current)) billedMs += now.getTime() - since.getTime()
  return Math.round((monthlyPriceCents * billedMs) / (HOURS_PER_MONTH * 3_600_000))
}

/** The promotion the cluster's order was placed with, if any. */
async function orderPromoCode(db: Queryable, orderId: string | null): Promise<string | null> {
  if (!orderId) return null
  const [order] = await db
    .select({ promoCode: sql<string | null>`${orders.price} ->> 'promoCode'` })
    .from(orders)
    .where(eq(orders.id, orderId))
  return order?.promoCode ?? null
}

export async function clusterDetail(
  db: Queryable,
  caller: Caller,
  id: string,
  catalog: Catalog,
): Promise<ClusterDetail> {
  const cluster = await findCluster(db, caller, id)
  const [nodes, operation, transitions, promoCode] = await Promise.all([
    db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, id)).orderBy(asc(clusterNodes.name)),
    latestOperation(db, id),
    db
      .select({ toStatus: clusterEvents.toStatus, at: clusterEvents.createdAt })
      .from(clusterEvents)
      .where(and(eq(clusterEvents.clusterId, id), sql`${clusterEvents.toStatus} IS NOT NULL`))
      .orderBy(asc(clusterEvents.id)),
    orderPromoCode(db, cluster.orderId),
  ])
  const configuration = cluster.configuration!
  return {
    ...toClusterSummary(cluster, nodes.length),
    orderId: cluster.orderId,
    configuration,
    kubernetesPatch: cluster.kubernetesPatch,
    upgradeTo: nextMinorVersion(cluster.kubernetesVersion, catalog.kubernetesVersions),
    endpoint: cluster.endpoint,
    nodes: nodes.map((node) => ({
      name: node.name,
      poolName: node.poolName,
      internalIp: node.internalIp,
      kubeletVersion: node.kubeletVersion,
      status: node.status,
    })),
    operation,
    costThisMonthCents: costThisMonthCents(
      cluster.monthlyPriceCents,
      transitions.map((row) => ({ toStatus: row.toStatus!, at: row.at })),
      new Date(),
    ),
    // The monthly price as agreed in the order, the one its hours are billed at.
    price: priceConfiguration(configuration, catalog, {
      billingCycle: 'monthly',
      promoCode,
      isFirstPaidOrder: true,
    }),
    canHibernate: (HIBERNATING_CLUSTER_TYPE_IDS as readonly string[]).includes(cluster.clusterTypeId),
    credentialsRotatedAt: cluster.credentialsRotatedAt?.toISOString() ?? null,
  }
}
