import { asc, eq } from 'drizzle-orm'
import type { ClusterConfiguration, OperationKind } from '#common/schemas/clusters.ts'
import type { Transaction } from '#server/db/client.ts'
import { type Cluster, clusterNodes, kubernetesVersions } from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/lib/errors.ts'
import type { DriverNode, ScaleParameters } from './driver.ts'

/**
 * An operation's parameters: completed and checked when it starts, stored on its row, and read
 * back by the steps and by the operation's end.
 */

/** The parameters stored on the operation, complete enough for any driver to act on alone. */
export async function operationParameters(
  tx: Transaction,
  cluster: Cluster,
  configuration: ClusterConfiguration,
  kind: OperationKind,
  given: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const own = await ownParameters(tx, cluster, configuration, kind, given)
  // The nodes it starts from: a driver moves them step by step towards the operation's target.
  return kind === 'create' || kind === 'delete'
    ? own
    : { ...own, nodesAtStart: await nodesOf(tx, cluster.id) }
}

async function ownParameters(
  tx: Transaction,
  cluster: Cluster,
  configuration: ClusterConfiguration,
  kind: OperationKind,
  given: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  switch (kind) {
    case 'scale': {
      const pools = poolsOf(given)
      if (pools.length === 0) throw badRequest('Say which node pool to scale')
      for (const change of pools) {
        if (!configuration.nodePools.some((pool) => pool.name === change.poolName))
          throw notFound(`Node pool ${change.poolName} not found`)
      }
      return { pools }
    }
    case 'hibernate':
      return { pools: configuration.nodePools.map((pool) => scaleOf(pool, 0)) }
    case 'wake':
      return { pools: configuration.nodePools.map((pool) => scaleOf(pool, pool.nodeCount)) }
    case 'upgrade': {
      const version = typeof given.version === 'string' ? given.version : ''
      if (!version) throw badRequest('Say which Kubernetes version to upgrade to')
      const patch =
        typeof given.patch === 'string' && given.patch ? given.patch : await latestPatch(tx, version)
      return { version, patch, fromVersion: cluster.kubernetesVersion, fromPatch: cluster.kubernetesPatch }
    }
    default:
      return {}
  }
}

async function nodesOf(tx: Transaction, clusterId: string): Promise<DriverNode[]> {
  return tx
    .select({
      name: clusterNodes.name,
      poolName: clusterNodes.poolName,
      internalIp: clusterNodes.internalIp,
      kubeletVersion: clusterNodes.kubeletVersion,
      status: clusterNodes.status,
    })
    .from(clusterNodes)
    .where(eq(clusterNodes.clusterId, clusterId))
    .orderBy(asc(clusterNodes.name))
}

/** The nodes an operation started from, as its parameters keep them. */
export function nodesAtStartOf(parameters: Record<string, unknown>): DriverNode[] | undefined {
  return Array.isArray(parameters.nodesAtStart) ? (parameters.nodesAtStart as DriverNode[]) : undefined
}

export function configurationOf(cluster: Cluster): ClusterConfiguration {
  if (!cluster.configuration) throw new Error(`Cluster ${cluster.id} has no configuration`)
  return cluster.configuration
}

/** The catalog's newest patch of a minor version (`.0` when the catalog does not list it). */
export async function latestPatch(tx: Transaction, version: string): Promise<string> {
  const [row] = await tx
    .select({ latestPatch: kubernetesVersions.latestPatch })
    .from(kubernetesVersions)
    .where(eq(kubernetesVersions.version, version))
  return row?.latestPatch ?? `${version}.0`
}

/** Scale parameters as stored (`{ pools }`), or a single pool's change given alone. */
export function poolsOf(parameters: Record<string, unknown>): ScaleParameters[] {
  if (Array.isArray(parameters.pools)) return parameters.pools as ScaleParameters[]
  if (typeof parameters.poolName === 'string') return [parameters as unknown as ScaleParameters]
  return []
}

export function applyScale(
  configuration: ClusterConfiguration,
  changes: ScaleParameters[],
): ClusterConfiguration {
  return {
    ...configuration,
    nodePools: configuration.nodePools.map((pool) => {
      const change = changes.find((entry) => entry.poolName === pool.name)
      return change ? { ...pool, nodeCount: change.nodeCount, autoscaling: change.autoscaling } : pool
    }),
  }
}

function scaleOf(pool: ClusterConfiguration['nodePools'][number], nodeCount: number): ScaleParameters {
  return { poolName: pool.name, nodeCount, autoscaling: pool.autoscaling }
}
