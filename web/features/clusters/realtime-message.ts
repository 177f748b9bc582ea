import { CLUSTER_STATUSES, type ClusterRealtimeMessage } from '#common/schemas/clusters.ts'

/** A realtime socket message about one of the organization's clusters (anything else is ignored). */
export function isClusterMessage(message: unknown): message is ClusterRealtimeMessage {
  if (!message || typeof message !== 'object') return false
  const { type, clusterId, status } = message as Partial<Record<keyof ClusterRealtimeMessage, unknown>>
  return (
    type === 'cluster' &&
    typeof clusterId === 'string' &&
    typeof status === 'string' &&
    (CLUSTER_STATUSES as readonly string[]).includes(status)
  )
}
