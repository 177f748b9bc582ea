import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { supportAttachments, supportMessages, supportTickets } from '#server/db/schema/index.ts'
import { HttpError, tooManyRequests } from '#server/lib/errors.ts'
import { incrementBucket } from '#server/plugins/rate-limit.ts'
import type { CheckedAttachment } from './attachments.ts'

/**
 * What one organization (or one visitor's address) may send the desk: so many tickets and replies
 * an hour (SUPPORT_REQUESTS_PER_HOUR), and so many megabytes of files over the last 24 hours
 * (SUPPORT_UPLOAD_MB_PER_DAY). Files are kept in PostgreSQL: these keep one sender from filling it.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** Whose allowance a message counts against. */
export type Uploader = { organizationId: string } | { visitorEmail: string }

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * The per-organization limit on the routes that carry files, after the member check and before
 * the body is validated: a refused request costs no more than reading it.
 */
export function limitOrganizationRequests(ctx: ServerContext) {
  return async (request: FastifyRequest) => {
    const limit = ctx.config.supportUploads.requestsPerHour
    const counter = await incrementBucket(ctx.db, `support-requests:${request.user.organizationId}`, HOUR_MS)
    if (counter.current > limit)
      throw tooManyRequests(
        counter.ttl / 1000,
        `Your organization has sent ${limit} tickets and replies in the last hour, the most the desk takes. Please try again in ${Math.max(1, Math.ceil(counter.ttl / 60_000))} minute(s), or call us for an emergency.`,
      )
  }
}

/** The bytes of files the uploader sent over the last 24 hours. */
export async function bytesSentToday(db: Queryable, uploader: Uploader, now = new Date()): Promise<number> {
  const whose =
    'organizationId' in uploader
      ? eq(supportTickets.organizationId, uploader.organizationId)
      : and(isNull(supportTickets.organizationId), eq(supportTickets.requesterEmail, uploader.visitorEmail))
  const since = new Date(now.getTime() - DAY_MS)
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${supportAttachments.size}), 0)` })
    .from(supportTickets)
    .innerJoin(supportMessages, eq(supportMessages.ticketId, supportTickets.id))
    .innerJoin(supportAttachments, eq(supportAttachments.messageId, supportMessages.id))
    .where(and(whose, gt(supportMessages.createdAt, since), gt(supportAttachments.createdAt, since)))
  return Number(row?.bytes ?? 0)
}

/** 413 when the files would take the uploader past its daily allowance; nothing is stored then. */
export async function assertUploadQuota(
  ctx: ServerContext,
  uploader: Uploader,
  attachments: CheckedAttachment[],
): Promise<void> {
  const adding = attachments.reduce((total, file) => total + file.content.length, 0)
  if (adding === 0) return
  const allowance = ctx.config.supportUploads.bytesPerDay
  const sent = await bytesSentToday(ctx.db, uploader)
  if (sent + adding > allowance)
    throw new HttpError(
      413,
      `${'organizationId' in uploader ? 'Your organization has' : 'You have'} sent ${megabytes(sent)} of files in the last 24 hours and may send up to ${megabytes(allowance)} a day: these files (${megabytes(adding)}) would go past it. Send the message without them, or send them later.`,
      { code: 'UPLOAD_QUOTA_EXCEEDED' },
    )
}

/** The files of a mail that fit in the allowance; those that do not are left out, the text still lands. */
export async function filesWithinQuota(
  ctx: ServerContext,
  uploader: Uploader,
  attachments: CheckedAttachment[],
): Promise<CheckedAttachment[]> {
  let left = ctx.config.supportUploads.bytesPerDay - (await bytesSentToday(ctx.db, uploader))
  return attachments.filter((file) => {
    if (file.content.length > left) return false
    left -= file.content.length
    return true
  })
}
