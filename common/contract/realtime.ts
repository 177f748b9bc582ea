import { z } from 'zod'
import { notificationSchema } from '../schemas/notifications.ts'
import { CLUSTER_STATUSES, INSTALLATION_STATUSES, TICKET_STATUSES } from '../schemas/statuses.ts'

/*
 * What the server pushes on the app's one WebSocket (/ws), a union on `type`: the server publishes
 * only these, the web app reads only these (anything else on the socket is dropped).
 */

/** A notification was created for the user (pushed to that user's sockets). */
const notificationMessageSchema = notificationSchema.extend({
  type: z.literal('notification'),
  notificationType: z.string(),
  userId: z.uuid(),
})

/** One of the organization's clusters changed (an operation's step, a status). */
const clusterMessageSchema = z.object({
  type: z.literal('cluster'),
  clusterId: z.uuid(),
  status: z.enum(CLUSTER_STATUSES),
  operationId: z.uuid().nullable(),
})

/** One of the organization's installations changed. */
const installationMessageSchema = z.object({
  type: z.literal('installation'),
  installationId: z.uuid(),
  clusterId: z.uuid(),
  status: z.enum(INSTALLATION_STATUSES),
  operationId: z.uuid().nullable(),
})

/** A ticket of the organization (or one an officer follows) changed: a reply, a note, a state. */
const ticketMessageSchema = z.object({
  type: z.literal('ticket'),
  ticketId: z.uuid(),
  status: z.enum(TICKET_STATUSES),
})

export const realtimeMessageSchema = z.discriminatedUnion('type', [
  notificationMessageSchema,
  clusterMessageSchema,
  installationMessageSchema,
  ticketMessageSchema,
])

export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>
export type RealtimeMessageType = RealtimeMessage['type']
export type RealtimeMessageOf<Type extends RealtimeMessageType> = Extract<RealtimeMessage, { type: Type }>

/** A socket frame's message, or undefined when it is not one the server sends. */
export function parseRealtimeMessage(data: unknown): RealtimeMessage | undefined {
  const parsed = realtimeMessageSchema.safeParse(data)
  return parsed.success ? parsed.data : undefined
}
