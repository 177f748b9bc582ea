import type { RealtimeMessage } from '#common/contract/realtime.ts'
import type { DatabaseUnit } from '#server/db/transaction.ts'

/** The PostgreSQL channel every instance listens on to reach its own WebSocket clients. */
export const REALTIME_CHANNEL = 'clusterdeck_realtime'

/** A message for one user's sockets, or for every active member of an organization. */
export type RealtimeEnvelope =
  | { userId: string; organizationId?: undefined; message: RealtimeMessage }
  | { userId?: undefined; organizationId: string; message: RealtimeMessage }

/** Published in the unit of work: the message leaves only if the change it reports commits. */
export async function publishToUser(uow: DatabaseUnit, userId: string, message: RealtimeMessage) {
  const envelope: RealtimeEnvelope = { userId, message }
  await uow.notify(REALTIME_CHANNEL, JSON.stringify(envelope))
}

/** Reaches every signed-in member of the organization (cluster and order changes). */
export async function publishToOrganization(
  uow: DatabaseUnit,
  organizationId: string,
  message: RealtimeMessage,
) {
  const envelope: RealtimeEnvelope = { organizationId, message }
  await uow.notify(REALTIME_CHANNEL, JSON.stringify(envelope))
}
