import { asc, eq, inArray } from 'drizzle-orm'
import type { Ticket, TicketSummary } from '#common/schemas/support.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  organizations,
  type SupportTicketRow,
  supportAttachments,
  supportMessages,
  supportPlans,
  users,
} from '#server/db/schema/index.ts'
import { clockAt } from './clocks.ts'

/** Turns ticket rows into the API's shapes, with a fixed number of queries whatever their count. */

export async function presentSummaries(db: Queryable, rows: SupportTicketRow[]): Promise<TicketSummary[]> {
  if (rows.length === 0) return []
  const organizationIds = [
    ...new Set(rows.flatMap((row) => (row.organizationId ? [row.organizationId] : []))),
  ]
  const assigneeIds = [...new Set(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))]
  const names = organizationIds.length
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, organizationIds))
    : []
  const assignees = assigneeIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, assigneeIds))
    : []
  const plans = await db
    .select({ id: supportPlans.id, name: supportPlans.name, coverage: supportPlans.coverage })
    .from(supportPlans)
  const now = new Date()
  return rows.map((row) => {
    const plan = plans.find((candidate) => candidate.id === row.planId) ?? {
      id: row.planId,
      name: row.planId,
      coverage: 'business_hours' as const,
    }
    const stopped = row.status === 'resolved' || row.status === 'closed'
    return {
      id: row.id,
      number: row.number,
      category: row.category,
      priority: row.priority,
      status: row.status,
      subject: row.subject,
      resource: row.resource,
      requesterName: row.requesterName,
      organizationName: names.find((name) => name.id === row.organizationId)?.name ?? null,
      plan,
      assignee: assignees.find((assignee) => assignee.id === row.assigneeId) ?? null,
      clocks: {
        firstResponse: clockAt(
          {
            targetMinutes: row.firstResponseMinutes,
            dueAt: row.firstResponseDueAt,
            metAt: row.firstRespondedAt,
            pausedAt: row.pausedAt,
            stopped,
          },
          now,
          plan.coverage,
        ),
        nextResponse: clockAt(
          {
            targetMinutes: row.nextResponseMinutes,
            dueAt: row.nextResponseDueAt,
            metAt: null,
            pausedAt: row.pausedAt,
            stopped,
          },
          now,
          plan.coverage,
        ),
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  })
}

/** The whole thread; internal notes only for officers. */
export async function presentTicket(
  db: Queryable,
  row: SupportTicketRow,
  options: { withInternalNotes: boolean },
): Promise<Ticket> {
  const [summary] = await presentSummaries(db, [row])
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, row.id))
    .orderBy(asc(supportMessages.createdAt))
  const attachments = await db
    .select({
      id: supportAttachments.id,
      messageId: supportAttachments.messageId,
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      size: supportAttachments.size,
    })
    .from(supportAttachments)
    .where(eq(supportAttachments.ticketId, row.id))
    .orderBy(asc(supportAttachments.createdAt))
  return {
    ...summary!,
    requesterEmail: row.requesterEmail,
    company: row.company,
    cc: row.cc,
    messages: messages
      .filter((message) => options.withInternalNotes || !message.internal)
      .map((message) => ({
        id: message.id,
        authorKind: message.authorKind,
        authorName: message.authorName,
        body: message.body,
        internal: message.internal,
        via: message.via,
        attachments: attachments
          .filter((attachment) => attachment.messageId === message.id)
          .map(({ messageId: _, ...attachment }) => attachment),
        createdAt: message.createdAt.toISOString(),
      })),
    rating: row.ratingScore ? { score: row.ratingScore, comment: row.ratingComment ?? '' } : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }
}
