import type { SqlExecutor } from '#server/db/transaction.ts'

/** The PostgreSQL channel every instance listens on to reach its own WebSocket clients. */
export const REALTIME_CHANNEL = 'clusterdeck_realtime'

export type RealtimeEnvelope = { userId: string; message: Record<string, unknown> }

export async function publishToUser(
  sqlExecutor: SqlExecutor,
  userId: string,
  message: Record<string, unknown>,
) {
  const envelope: RealtimeEnvelope = { userId, message }
  await sqlExecutor.executeSql('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(envelope)])
}
