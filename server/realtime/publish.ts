import type { RealtimeMessage } from '#common/contract/realtime.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'

/** The PostgreSQL channel every instance listens on to reach its own WebSocket clients. */
export const REALTIME_CHANNEL = 'clusterdeck_realtime'

/** A message for one user's sockets, or for every active member of an organization. */
export type RealtimeEnvelope =
  | { userId: string; organizationId?: undefined; message: RealtimeMessage }
  | { userId?: undefined; organizationId: string; message: RealtimeMessage }

export async function publishToUser(sqlExecutor: SqlExecutor, userId: string, message: RealtimeMessage) {
  const envelope: RealtimeEnvelope = { userId, message }
  await sqlExecutor.executeSql('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(envelope)])
}

/** Reaches every signed-in member of the organization (cluster and order changes). */
export async function publishToOrganization(
  sqlExecutor: SqlExecutor,
  organizationId: string,
  message: RealtimeMessage,
) {
  const envelope: RealtimeEnvelope = { organizationId, message }
  await sqlExecutor.executeSql('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(envelope)])
}
