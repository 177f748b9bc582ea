import type { ClusterStatus, OperationKind } from '#common/schemas/clusters.ts'
import { poolsOf } from './operation-parameters.ts'

/**
 * The cluster lifecycle as operations drive it: the status a cluster shows while each kind of
 * operation runs, where it rests afterwards, where each kind may start from, and the words the
 * event log and notifications use for them.
 */

/** Where a cluster stands while an operation of each kind runs, and where it rests afterwards. */
export const TRANSITIONAL_STATUS: Record<OperationKind, ClusterStatus> = {
  create: 'provisioning',
  scale: 'scaling',
  upgrade: 'updating',
  hibernate: 'hibernating',
  wake: 'scaling',
  delete: 'deleting',
}
export const RESTING_STATUS: Record<OperationKind, ClusterStatus> = {
  create: 'running',
  scale: 'running',
  upgrade: 'running',
  hibernate: 'hibernated',
  wake: 'running',
  delete: 'deleted',
}
/** The statuses each kind of operation may start from. */
export const STARTS_FROM: Record<OperationKind, ClusterStatus[]> = {
  create: ['pending'],
  scale: ['running'],
  upgrade: ['running'],
  hibernate: ['running'],
  wake: ['hibernated'],
  delete: ['pending', 'running', 'hibernated', 'failed'],
}
export const OPERATION_NAMES: Record<OperationKind, string> = {
  create: 'Provisioning',
  scale: 'Scaling',
  upgrade: 'Upgrade',
  hibernate: 'Hibernation',
  wake: 'Wake-up',
  delete: 'Deletion',
}

/** `control_plane` → `Control plane`. */
export function stepLabel(name: string): string {
  const words = name.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function startedMessage(kind: OperationKind, parameters: Record<string, unknown>): string {
  switch (kind) {
    case 'scale':
      return `Scaling ${poolsOf(parameters)
        .map((change) => `node pool ${change.poolName} to ${change.nodeCount} node(s)`)
        .join(', ')}`
    case 'upgrade':
      return `Upgrade to Kubernetes ${String(parameters.patch)} started`
    default:
      return `${OPERATION_NAMES[kind]} started`
  }
}

export function finishedMessage(kind: OperationKind, clusterName: string): string {
  switch (kind) {
    case 'create':
      return `${clusterName} is running`
    case 'hibernate':
      return `${clusterName} is hibernating: every node pool is at zero nodes`
    case 'wake':
      return `${clusterName} woke up and is running`
    case 'delete':
      return `${clusterName} was deleted`
    default:
      return `${OPERATION_NAMES[kind]} finished; ${clusterName} is running`
  }
}
