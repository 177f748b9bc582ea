import type { ClusterDetail, ClusterStatus, Operation } from '#common/schemas/clusters.ts'

/**
 * How each cluster status reads at a glance: settled, on its way somewhere, paused, gone or failed.
 * Badges, topology colours and the polling fallback all follow this.
 */
export type StatusTone = 'success' | 'progress' | 'paused' | 'muted' | 'danger'

const TONES: Record<ClusterStatus, StatusTone> = {
  running: 'success',
  pending: 'progress',
  provisioning: 'progress',
  updating: 'progress',
  scaling: 'progress',
  hibernating: 'progress',
  deleting: 'progress',
  hibernated: 'paused',
  deleted: 'muted',
  failed: 'danger',
}

export function statusTone(status: ClusterStatus): StatusTone {
  return TONES[status]
}

/** A status the cluster only passes through: something is being done to it. */
export function isTransitional(status: ClusterStatus): boolean {
  return TONES[status] === 'progress'
}

/** The operation is still under way (queued or running). */
export function isOperationActive(operation: Pick<Operation, 'status'> | null | undefined): boolean {
  return operation?.status === 'queued' || operation?.status === 'running'
}

/** Something is changing the cluster: its changes are locked until it ends (the server says 409). */
export function isClusterBusy(cluster: Pick<ClusterDetail, 'status' | 'operation'>): boolean {
  return isOperationActive(cluster.operation) || isTransitional(cluster.status)
}

/** The cluster can take a change now: settled (running or hibernated) and no operation under way. */
export function canChange(cluster: Pick<ClusterDetail, 'status' | 'operation'>): boolean {
  return !isClusterBusy(cluster) && (cluster.status === 'running' || cluster.status === 'hibernated')
}
