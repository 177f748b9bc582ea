import { createHash } from 'node:crypto'
import type { DriverCluster, DriverNode } from '../driver.ts'

/**
 * The nodes of a simulated cluster, moved the way Cluster API moves machines: a pool grows by one
 * node at a time (it joins, then turns Ready), shrinks by draining its newest node first, and is
 * upgraded with a surge of one (a node of the new version joins, turns Ready, then an old one is
 * drained and goes). Every list is computed from the nodes the operation started with, its target
 * and how far the step has come, so asking twice at the same moment gives the same nodes.
 */

/** The private network every simulated cluster's nodes live on: pool p gets 10.0.(p+1).0/24. */
export const NODE_NETWORK = '10.0.0.0/16'
/** Kubernetes' own alphabet for generated name suffixes (no vowels, no look-alikes). */
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789'
/** The first host address of a pool's /24 (below are the gateway and the load balancers). */
const FIRST_HOST = 10
const HOSTS_PER_POOL = 240

/** A node's place in its pool: its name and address follow from it. */
type Slot = number

export function nodeAt(cluster: DriverCluster, poolName: string, slot: Slot, version: string): DriverNode {
  const poolIndex = Math.max(
    0,
    cluster.configuration.nodePools.findIndex((pool) => pool.name === poolName),
  )
  return {
    name: `${cluster.name}-${poolName}-${nameSuffix(`${cluster.id}/${poolName}/${slot}`)}`,
    poolName,
    internalIp: `10.0.${poolIndex + 1}.${FIRST_HOST + (slot % HOSTS_PER_POOL)}`,
    kubeletVersion: version,
    status: 'ready',
  }
}

function slotOf(node: DriverNode): Slot {
  return Number(node.internalIp.split('.')[3]) - FIRST_HOST
}

/** Pools in the configuration's order, nodes in name order within each: how every list reads. */
export function sortNodes(cluster: DriverCluster, nodes: DriverNode[]): DriverNode[] {
  const order = new Map(cluster.configuration.nodePools.map((pool, index) => [pool.name, index]))
  return [...nodes].sort(
    (a, b) =>
      (order.get(a.poolName) ?? order.size) - (order.get(b.poolName) ?? order.size) ||
      a.name.localeCompare(b.name),
  )
}

/** One node joining, or one leaving, a pool: the unit a scale or an upgrade proceeds by. */
type Move = { poolName: string; join?: DriverNode; leave?: DriverNode }

/** Where a step's node changes stand: the list now, and when the next change is due. */
export type NodeProgress = { nodes: DriverNode[]; done: boolean; secondsToNext: number }

/**
 * Brings each pool to its target count, one node at a time: a joining node shows `provisioning`
 * for its share of the step, then Ready; a leaving node (the newest first) shows `draining`, then
 * is gone. `fraction` is how much of the step has passed (0–1).
 */
export function scaleProgress(
  cluster: DriverCluster,
  start: DriverNode[],
  targets: Map<string, number>,
  version: string,
  timing: { fraction: number; seconds: number },
): NodeProgress {
  const moves: Move[] = []
  for (const pool of cluster.configuration.nodePools) {
    const nodes = poolNodes(start, pool.name)
    const target = targets.get(pool.name) ?? nodes.length
    const used = new Set(nodes.map(slotOf))
    for (let slot = 0, joining = nodes.length; joining < target; slot++) {
      if (used.has(slot)) continue
      moves.push({ poolName: pool.name, join: nodeAt(cluster, pool.name, slot, version) })
      joining++
    }
    for (const node of nodes.slice(target).reverse()) moves.push({ poolName: pool.name, leave: node })
  }
  return progress(start, moves, timing)
}

/**
 * Replaces every node with one of the new version, pool by pool with a surge of one: for each old
 * node a new one joins and turns Ready, then the old one is drained and goes.
 */
export function upgradeProgress(
  cluster: DriverCluster,
  start: DriverNode[],
  version: string,
  timing: { fraction: number; seconds: number },
): NodeProgress {
  const moves: Move[] = []
  for (const pool of cluster.configuration.nodePools) {
    const nodes = poolNodes(start, pool.name)
    const used = new Set(nodes.map(slotOf))
    let next = 0
    for (const old of nodes.filter((node) => node.kubeletVersion !== version)) {
      while (used.has(next)) next++
      used.add(next)
      moves.push({ poolName: pool.name, join: nodeAt(cluster, pool.name, next, version) })
      moves.push({ poolName: pool.name, leave: old })
    }
  }
  return progress(start, moves, timing)
}

function poolNodes(nodes: DriverNode[], poolName: string): DriverNode[] {
  return nodes.filter((node) => node.poolName === poolName).sort((a, b) => slotOf(a) - slotOf(b))
}

/** Applies the moves finished by now; the one under way shows its node joining or draining. */
function progress(
  start: DriverNode[],
  moves: Move[],
  { fraction, seconds }: { fraction: number; seconds: number },
): NodeProgress {
  const finished = moves.length === 0 ? 0 : Math.min(moves.length, Math.floor(fraction * moves.length))
  let nodes: DriverNode[] = start.map((node) => ({ ...node, status: 'ready' }))
  for (const move of moves.slice(0, finished)) {
    if (move.join) nodes.push(move.join)
    if (move.leave) nodes = nodes.filter((node) => node.name !== move.leave!.name)
  }
  const underWay = moves[finished]
  let withState: DriverNode[] = nodes
  if (underWay?.join) withState = [...nodes, { ...underWay.join, status: 'provisioning' }]
  if (underWay?.leave)
    withState = nodes.map((node) =>
      node.name === underWay.leave!.name ? { ...node, status: 'draining' } : node,
    )
  const done = finished >= moves.length
  const secondsToNext = done ? 0 : ((finished + 1) / moves.length - fraction) * seconds
  return { nodes: withState, done, secondsToNext }
}

function nameSuffix(seed: string): string {
  const digest = createHash('sha256').update(seed).digest()
  return Array.from(digest.subarray(0, 5), (byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join('')
}
