import { and, asc, eq } from 'drizzle-orm'
import { DEMO_ACCOUNTS } from '#common/demo-accounts.ts'
import {
  type ClusterConfiguration,
  type ClusterStatus,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
  type OperationKind,
} from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  type Cluster,
  clusterEvents,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { startOperation } from '#server/provisioning/index.ts'

/**
 * Clusters for engine tests, made without the orders API: a row for the demo customer's
 * organization, and operations started through the engine as the API would, in a transaction.
 */

export type Requester = { userId: string; organizationId: string; email: string }

/** The seeded verified demo customer (`demo`), who orders the test clusters. */
export async function demoRequester(db: Database): Promise<Requester> {
  const username = DEMO_ACCOUNTS[0]!.username
  const [user] = await db
    .select({ userId: users.id, organizationId: users.organizationId, email: users.email })
    .from(users)
    .where(eq(users.username, username))
  if (!user) throw new Error(`The demo account ${username} is not seeded`)
  return user
}

export function testConfiguration(
  name: string,
  overrides: Partial<ClusterConfiguration> = {},
): ClusterConfiguration {
  return {
    name,
    clusterTypeId: 'orange',
    dataCenterCode: 'de-fra-1',
    kubernetesVersion: '1.36',
    nodePools: [
      {
        name: 'web',
        flavorId: 'dev-2-4',
        nodeCount: 2,
        autoscaling: { enabled: true, min: 1, max: 5 },
        labels: {},
        taints: [],
      },
      {
        name: 'jobs',
        flavorId: 'dev-1-2',
        nodeCount: 1,
        autoscaling: { enabled: false, min: 1, max: 1 },
        labels: {},
        taints: [],
      },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: ['monitoring'],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
    ...overrides,
  }
}

/** A `pending` cluster row, as a confirmed order leaves it. */
export async function insertCluster(
  db: Database,
  requester: Requester,
  configuration: ClusterConfiguration,
): Promise<Cluster> {
  const [cluster] = await db
    .insert(clusters)
    .values({
      organizationId: requester.organizationId,
      name: configuration.name,
      status: 'pending',
      createdBy: requester.userId,
      clusterTypeId: configuration.clusterTypeId,
      dataCenterCode: configuration.dataCenterCode,
      kubernetesVersion: configuration.kubernetesVersion,
      kubernetesPatch: '1.36.6',
      configuration,
      driver: 'simulated',
      monthlyPriceCents: 10_000,
    })
    .returning()
  return cluster!
}

export function startClusterOperation(
  ctx: ServerContext,
  requester: Requester,
  clusterId: string,
  kind: OperationKind,
  parameters: Record<string, unknown> = {},
) {
  return inTransaction(ctx, (uow) =>
    startOperation(uow, ctx, { clusterId, kind, parameters, requestedBy: requester.userId }),
  )
}

/** Inserts a cluster and starts its creation, as placing an order does. */
export async function orderCluster(
  ctx: ServerContext,
  requester: Requester,
  name: string,
  overrides: Partial<ClusterConfiguration> = {},
) {
  const cluster = await insertCluster(ctx.db, requester, testConfiguration(name, overrides))
  const started = await startClusterOperation(ctx, requester, cluster.id, 'create')
  return { cluster, ...started }
}

export async function findClusterRow(db: Database, clusterId: string): Promise<Cluster> {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, clusterId))
  if (!cluster) throw new Error(`Cluster ${clusterId} not found`)
  return cluster
}

/** Polls the cluster until it reaches `status`; fails with where it stands instead. */
export async function waitForClusterStatus(
  db: Database,
  clusterId: string,
  status: ClusterStatus,
  timeoutMs = 20_000,
): Promise<Cluster> {
  const deadline = Date.now() + timeoutMs
  let cluster = await findClusterRow(db, clusterId)
  while (Date.now() < deadline) {
    cluster = await findClusterRow(db, clusterId)
    if (cluster.status === status) return cluster
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(
    `Cluster ${cluster.name} did not become ${status} in ${timeoutMs} ms: it is ${cluster.status} (${cluster.statusReason ?? 'no reason'})`,
  )
}

/** Everything the engine recorded about a cluster, in order. */
export async function clusterRecord(db: Database, clusterId: string) {
  const [operations, steps, nodes, events] = await Promise.all([
    db
      .select()
      .from(clusterOperations)
      .where(eq(clusterOperations.clusterId, clusterId))
      .orderBy(asc(clusterOperations.createdAt)),
    db
      .select()
      .from(clusterSteps)
      .where(eq(clusterSteps.clusterId, clusterId))
      .orderBy(asc(clusterSteps.position)),
    db
      .select()
      .from(clusterNodes)
      .where(eq(clusterNodes.clusterId, clusterId))
      .orderBy(asc(clusterNodes.name)),
    db
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, clusterId))
      .orderBy(asc(clusterEvents.id)),
  ])
  // Steps in the order their operations were started, then by position.
  const operationOrder = new Map(operations.map((operation, index) => [operation.id, index]))
  steps.sort(
    (a, b) =>
      (operationOrder.get(a.operationId) ?? 0) - (operationOrder.get(b.operationId) ?? 0) ||
      a.position - b.position,
  )
  return {
    operations,
    steps,
    nodes,
    events,
    /** The status changes, as `from→to`, in the order they happened. */
    transitions: events
      .filter((event) => event.fromStatus !== null && event.toStatus !== null)
      .map((event) => `${event.fromStatus}→${event.toStatus}`),
  }
}

export async function stepsOf(db: Database, operationId: string) {
  return db
    .select()
    .from(clusterSteps)
    .where(and(eq(clusterSteps.operationId, operationId)))
    .orderBy(asc(clusterSteps.position))
}
