import { api as endpoints } from '../common/contract/index.ts'
import type { ClusterDetail, Operation } from '../common/schemas/clusters.ts'
import type { Context } from './command.ts'
import { CliError, EXIT } from './errors.ts'

/**
 * Follows a cluster's operation until it finishes, polling the cluster and its operations with a
 * growing pause (the WebSocket takes only a browser's session cookie). On a terminal the progress
 * is one line redrawn; elsewhere a line per change of step or node count.
 */

export const DEFAULT_TIMEOUT_MS = 30 * 60_000
const FIRST_PAUSE_MS = 500
const LONGEST_PAUSE_MS = 5_000

export type Progress = { update: (operation: Operation, cluster: ClusterDetail) => void; done: () => void }

function readyNodes(cluster: ClusterDetail) {
  return cluster.nodes.filter((node) => node.status === 'ready').length
}

function wantedNodes(cluster: ClusterDetail) {
  return cluster.configuration.nodePools.reduce((total, pool) => total + pool.nodeCount, 0)
}

/** What one poll shows: the operation's kind, percentage and step, and the nodes ready. */
export function progressLine(operation: Operation, cluster: ClusterDetail): string {
  const step =
    operation.steps.find((entry) => entry.status === 'running' || entry.status === 'failed') ??
    operation.steps.findLast((entry) => entry.status === 'succeeded')
  const index = step ? operation.steps.indexOf(step) + 1 : 0
  const width = 20
  const filled = Math.round((operation.progressPercent / 100) * width)
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`
  const stepText = step ? `step ${index}/${operation.steps.length} ${step.name} (${step.status})` : 'queued'
  return `${cluster.name} ${operation.kind} ${bar} ${Math.round(operation.progressPercent)}% ${stepText}, nodes ${readyNodes(cluster)}/${wantedNodes(cluster)} ready`
}

export function progressOf(context: Context): Progress {
  const { io } = context
  let last = ''
  let lastStep = ''
  let lastNodes = ''
  if (io.stderrIsTTY)
    return {
      update: (operation, cluster) => {
        const line = progressLine(operation, cluster)
        if (line !== last) io.stderr(`\r\x1b[K${line}`)
        last = line
      },
      done: () => {
        if (last) io.stderr('\n')
      },
    }
  return {
    update: (operation, cluster) => {
      for (const step of operation.steps) {
        const key = `${step.name}:${step.status}`
        if (step.status !== 'pending' && !lastStep.includes(`|${key}|`)) {
          io.stderr(`${cluster.name}: ${operation.kind} step ${step.name} ${step.status}\n`)
          lastStep += `|${key}|`
        }
      }
      const nodes = `${readyNodes(cluster)}/${wantedNodes(cluster)}`
      if (nodes !== lastNodes) io.stderr(`${cluster.name}: nodes ${nodes} ready\n`)
      lastNodes = nodes
    },
    done: () => {},
  }
}

/** Waits out `check` with growing pauses until it returns a value or the deadline passes. */
export async function pollUntil<T>(
  context: Context,
  deadline: number,
  check: () => Promise<T | undefined>,
  what: string,
): Promise<T> {
  let pause = FIRST_PAUSE_MS
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() + pause > deadline) throw new CliError(EXIT.timeout, `Timed out waiting for ${what}`)
    await context.io.sleep(pause)
    pause = Math.min(Math.round(pause * 1.5), LONGEST_PAUSE_MS)
  }
}

/** Follows the operation (the one a change started, or the cluster's current one) to its end. */
export async function followOperation(
  context: Context,
  clusterId: string,
  operationId: string | undefined,
  deadline: number,
): Promise<ClusterDetail> {
  const progress = progressOf(context)
  try {
    const finished = await pollUntil(
      context,
      deadline,
      async () => {
        const cluster = await context.call(endpoints.clusters.get, { params: { id: clusterId } })
        const { items } = await context.call(endpoints.clusters.operations, { params: { id: clusterId } })
        const operation = operationId ? items.find((entry) => entry.id === operationId) : items[0]
        if (!operation) return undefined
        progress.update(operation, cluster)
        if (operation.status === 'succeeded' || operation.status === 'failed') return { operation, cluster }
        return undefined
      },
      `the operation on cluster ${clusterId}`,
    )
    progress.done()
    if (finished.operation.status === 'failed')
      throw new CliError(
        EXIT.operationFailed,
        `The ${finished.operation.kind} of ${finished.cluster.name} failed: ${finished.operation.error ?? 'no reason given'}`,
      )
    // The cluster as the operation left it.
    return await context.call(endpoints.clusters.get, { params: { id: clusterId } })
  } catch (error) {
    progress.done()
    throw error
  }
}
