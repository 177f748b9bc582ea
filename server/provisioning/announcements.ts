import { eq } from 'drizzle-orm'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import type { Language } from '#common/language.ts'
import { absoluteHref, href } from '#common/routes.ts'
import type { ClusterStatus } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import { type Cluster, type ClusterOperation, clusterEvents, users } from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import type { PreparedMail } from '#server/mail/send-mail.ts'
import { publishToOrganization } from '#server/realtime/publish.ts'

/**
 * How the engine makes a change known: a line in the cluster's event log, a live message to the
 * organization, and a notification and mail to whoever asked. All of it commits with the change.
 */

type EventInput = {
  type: string
  fromStatus?: ClusterStatus
  toStatus?: ClusterStatus
  message: string
  data?: Record<string, unknown>
  /** When it happened, if not now (a cluster built at once with its past). */
  at?: Date
}

export async function recordEvent(tx: Transaction, cluster: Cluster, operationId: string, event: EventInput) {
  await tx.insert(clusterEvents).values({
    clusterId: cluster.id,
    organizationId: cluster.organizationId,
    operationId,
    type: event.type,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    message: event.message,
    data: event.data ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  })
}

/** Every member of the organization hears of the change (delivered by PostgreSQL at commit). */
export async function publishClusterChange(
  uow: UnitOfWork,
  cluster: Cluster,
  status: ClusterStatus,
  operationId: string | null,
): Promise<void> {
  const message: RealtimeMessageOf<'cluster'> = {
    type: 'cluster',
    clusterId: cluster.id,
    status,
    operationId,
  }
  await publishToOrganization(uow, cluster.organizationId, message)
}

type Requester = { email: string; name: string; language: Language }

/**
 * A notification (linking to the cluster's page) and a mail for the person who asked for the
 * operation, if they still exist. Both commit with the transaction.
 */
export async function tellRequester(
  uow: UnitOfWork,
  ctx: ServerContext,
  cluster: Cluster,
  operation: ClusterOperation,
  compose: (
    user: Requester,
    clusterUrl: string,
  ) => {
    notification: { type: 'success' | 'error'; title: string; message: string }
    mail: PreparedMail
  },
): Promise<void> {
  const { tx } = uow
  const userId = operation.requestedBy
  if (!userId) return
  const [user] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return
  const link = href('clusterDetail', { id: cluster.id })
  const { notification, mail } = compose(
    user,
    absoluteHref(ctx.config.appUrl, 'clusterDetail', { id: cluster.id }),
  )
  const { notify } = ctx.provisioningHooks
  const channels = await notify.channelsFor(tx, userId, 'cluster_status')
  if (channels.app) await notify.createNotification(uow, { userId, ...notification, link })
  if (channels.email) await mail.send(uow, user)
}
