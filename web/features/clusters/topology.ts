import type { ClusterDetail } from '#common/schemas/clusters.ts'
import type { Messages } from '#web/locales/en.ts'
import type { CatalogNames } from './catalog-names.ts'
import { statusTone } from './cluster-status.ts'

export type TopologyFactKey = keyof Messages['clusterOperations']['topology']['facts']

/**
 * The cluster as a graph (what /clusters/{id}/topology draws): the control plane, its node pools
 * and their nodes, and the add-ons, each with a live state, and where each sits on the canvas.
 * Pure, so the shape and the layout are tested without a browser.
 */
export type TopologyKind = 'controlPlane' | 'pool' | 'node' | 'addOn'
export type TopologyState = 'healthy' | 'changing' | 'warning' | 'failed' | 'stopped'
export const TOPOLOGY_STATES: readonly TopologyState[] = [
  'healthy',
  'changing',
  'warning',
  'failed',
  'stopped',
]

export type TopologyItem = {
  id: string
  kind: TopologyKind
  label: string
  /** A second line: flavor, IP, version… */
  detail: string
  state: TopologyState
  /** What the details panel lists, as [label key, value]. */
  facts: [TopologyFactKey, string][]
  position: { x: number; y: number }
}

/** `side`: the link leaves the control plane sideways (to the add-ons beside it). */
export type TopologyLink = { id: string; source: string; target: string; side?: true }
export type Topology = { items: TopologyItem[]; links: TopologyLink[] }

export const TOPOLOGY_NODE_WIDTH = 200
const COLUMN_GAP = 40
const ROW_HEIGHT = 96
const POOL_Y = 170
const NODES_Y = 330
/** A pool with more nodes than this stacks them in several columns. */
const NODES_PER_COLUMN = 6

const CLUSTER_TONE_STATES = {
  success: 'healthy',
  progress: 'changing',
  paused: 'stopped',
  muted: 'stopped',
  danger: 'failed',
} as const satisfies Record<string, TopologyState>

const NODE_STATES = {
  ready: 'healthy',
  provisioning: 'changing',
  draining: 'warning',
  deleting: 'stopped',
} as const satisfies Record<ClusterDetail['nodes'][number]['status'], TopologyState>

export function buildTopology(cluster: ClusterDetail, names: CatalogNames): Topology {
  const clusterState = CLUSTER_TONE_STATES[statusTone(cluster.status)]
  const controlPlaneId = 'control-plane'
  const items: TopologyItem[] = []
  const links: TopologyLink[] = []

  // Pools side by side, each as wide as its columns of nodes.
  let x = 0
  const pools = cluster.configuration.nodePools.map((pool) => {
    const nodes = cluster.nodes.filter((node) => node.poolName === pool.name)
    const columns = Math.max(1, Math.ceil(nodes.length / NODES_PER_COLUMN))
    const width = columns * TOPOLOGY_NODE_WIDTH + (columns - 1) * COLUMN_GAP
    const placed = { pool, nodes, columns, x, width }
    x += width + COLUMN_GAP
    return placed
  })
  const totalWidth = Math.max(TOPOLOGY_NODE_WIDTH, x - COLUMN_GAP)
  const controlPlaneX = (totalWidth - TOPOLOGY_NODE_WIDTH) / 2

  items.push({
    id: controlPlaneId,
    kind: 'controlPlane',
    label: cluster.name,
    detail: `Kubernetes ${cluster.kubernetesPatch || cluster.kubernetesVersion}`,
    state: clusterState,
    facts: [
      ['status', cluster.status],
      ['version', cluster.kubernetesPatch || cluster.kubernetesVersion],
      ['endpoint', cluster.endpoint ?? '—'],
      ['dataCenter', names.dataCenter(cluster.dataCenterCode)],
    ],
    position: { x: controlPlaneX, y: 0 },
  })

  for (const { pool, nodes, x: poolX, width } of pools) {
    const poolId = `pool:${pool.name}`
    const ready = nodes.filter((node) => node.status === 'ready').length
    items.push({
      id: poolId,
      kind: 'pool',
      label: pool.name,
      detail: names.flavor(pool.flavorId),
      state: poolState(clusterState, nodes, pool.nodeCount),
      facts: [
        ['flavor', names.flavor(pool.flavorId)],
        ['nodes', `${ready}/${pool.nodeCount}`],
        ['autoscaling', pool.autoscaling.enabled ? `${pool.autoscaling.min}–${pool.autoscaling.max}` : 'off'],
      ],
      position: { x: poolX + (width - TOPOLOGY_NODE_WIDTH) / 2, y: POOL_Y },
    })
    links.push({ id: `${controlPlaneId}->${poolId}`, source: controlPlaneId, target: poolId })
    nodes.forEach((node, index) => {
      const nodeId = `node:${node.name}`
      const column = Math.floor(index / NODES_PER_COLUMN)
      const row = index % NODES_PER_COLUMN
      items.push({
        id: nodeId,
        kind: 'node',
        label: node.name,
        detail: node.internalIp,
        state: NODE_STATES[node.status],
        facts: [
          ['status', node.status],
          ['pool', node.poolName],
          ['ip', node.internalIp],
          ['version', node.kubeletVersion],
        ],
        position: { x: poolX + column * (TOPOLOGY_NODE_WIDTH + COLUMN_GAP), y: NODES_Y + row * ROW_HEIGHT },
      })
      links.push({ id: `${poolId}->${nodeId}`, source: poolId, target: nodeId })
    })
  }

  // Add-ons in a column to the right of the control plane's row.
  cluster.configuration.addOnIds.forEach((addOnId, index) => {
    const id = `add-on:${addOnId}`
    items.push({
      id,
      kind: 'addOn',
      label: names.addOn(addOnId),
      detail: addOnId,
      state: clusterState,
      facts: [
        ['status', cluster.status],
        ['id', addOnId],
      ],
      position: { x: totalWidth + COLUMN_GAP * 2, y: index * ROW_HEIGHT },
    })
    links.push({ id: `${controlPlaneId}->${id}`, source: controlPlaneId, target: id, side: true })
  })

  return { items, links }
}

/** A pool is healthy when all its wanted nodes are ready, changing while nodes come and go. */
function poolState(
  clusterState: TopologyState,
  nodes: ClusterDetail['nodes'],
  wanted: number,
): TopologyState {
  if (clusterState === 'failed') return 'failed'
  if (nodes.some((node) => node.status === 'draining')) return 'warning'
  const ready = nodes.filter((node) => node.status === 'ready').length
  if (clusterState === 'stopped' && ready === 0) return 'stopped'
  if (ready === wanted && nodes.length === wanted) return 'healthy'
  return 'changing'
}
