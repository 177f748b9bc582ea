import type { RealtimeMessageType } from './realtime.ts'
import type { Resource } from './resources.ts'

/**
 * What each realtime message makes stale: the web app refreshes the queries that read these.
 * Apart from the messages' schemas (realtime.ts), so the browser's refresh rules carry no zod.
 */
export const REALTIME_CHANGES: Record<RealtimeMessageType, readonly Resource[]> = {
  notification: ['notifications'],
  // An order's state follows its cluster's; the sidebar counts the clusters; cost runs with nodes.
  cluster: ['clusters', 'orders', 'billing', 'usage'],
  installation: ['installations', 'orders'],
  ticket: ['tickets'],
}
