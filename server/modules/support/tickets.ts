import { eq } from 'drizzle-orm'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import type { Language } from '#common/language.ts'
import { href } from '#common/routes.ts'
import type { ResponseTargets } from '#common/schemas/catalog.ts'
import type { TicketCategory, TicketPriority, TicketResource, TicketStatus } from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable, Transaction } from '#server/db/client.ts'
import {
  type SupportTicketRow,
  supportAttachments,
  supportMessages,
  supportPlans,
  supportTickets,
  ticketNumberSequence,
  users,
} from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { unprocessable } from '#server/lib/errors.ts'
import { createNotification, notifyOfEvent } from '#server/modules/notifications/index.ts'
import { nextReference } from '#server/modules/orders/index.ts'
import { publishToOrganization, publishToUser } from '#server/realtime/publish.ts'
import type { CheckedAttachment } from './attachments.ts'
import { addCoveredMinutes, type Coverage, resumedDueAt } from './clocks.ts'
import { mailOpened, mailReply } from './ticket-mails.ts'

/**
 * The life of a ticket, shared by the customers', the visitors' and the officers' paths: opening
 * it, adding messages, changing its state with its clocks, and telling everyone concerned.
 */

export type Author = {
  kind: 'customer' | 'visitor' | 'officer'
  userId: string | null
  name: string
  email: string | null
}

export type PlanTerms = { id: string; name: string; coverage: Coverage; responseTargets: ResponseTargets }

export async function planTerms(db: Queryable, planId: string): Promise<PlanTerms> {
  const [plan] = await db.select().from(supportPlans).where(eq(supportPlans.id, planId))
  if (!plan) throw new Error(`Support plan ${planId} is missing from the catalog`)
  return { id: plan.id, name: plan.name, coverage: plan.coverage, responseTargets: plan.responseTargets }
}

/** The plan's targets for a priority; a priority the plan does not cover is refused. */
export function targetsFor(plan: PlanTerms, priority: TicketPriority) {
  const targets = plan.responseTargets[priority]
  if (targets) return targets
  throw unprocessable(
    priority === 'P1'
      ? `P1 (production down) needs a support plan with 24/7 coverage: the ${plan.name} plan covers business hours. Choose P2, or upgrade to Business or Enterprise on the support page.`
      : `The ${plan.name} plan does not cover priority ${priority}`,
    'PRIORITY_NOT_COVERED',
  )
}

export type NewTicketRow = {
  organizationId: string | null
  createdBy: string | null
  requesterName: string
  requesterEmail: string
  requesterLanguage: Language
  company: string | null
  category: TicketCategory
  priority: TicketPriority
  subject: string
  resource: TicketResource | null
  cc: string[]
  /** A visitor's tracking link (server/modules/support/tracking-links.ts); none for a member's ticket. */
  trackingTokenHash: string | null
  trackingTokenSealed: string | null
  trackingTokenExpiresAt: Date | null
}

/** Stores a new ticket with its first message; the first-response clock starts now. */
export async function insertTicket(
  tx: Transaction,
  plan: PlanTerms,
  ticket: NewTicketRow,
  first: { author: Author; body: string; attachments: CheckedAttachment[]; via: 'web' | 'email' },
): Promise<SupportTicketRow> {
  const targets = targetsFor(plan, ticket.priority)
  const now = new Date()
  const [row] = await tx
    .insert(supportTickets)
    .values({
      ...ticket,
      number: await nextReference(tx, ticketNumberSequence, 'TCK'),
      planId: plan.id,
      firstResponseMinutes: targets.firstMinutes,
      nextResponseMinutes: targets.nextMinutes,
      firstResponseDueAt: addCoveredMinutes(now, targets.firstMinutes, plan.coverage),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await insertMessage(tx, row!, first.author, first.body, first.attachments, {
    internal: false,
    via: first.via,
  })
  return row!
}

export async function insertMessage(
  tx: Transaction,
  ticket: SupportTicketRow,
  author: Author,
  body: string,
  attachments: CheckedAttachment[],
  options: { internal: boolean; via: 'web' | 'email' },
) {
  const [message] = await tx
    .insert(supportMessages)
    .values({
      ticketId: ticket.id,
      authorKind: author.kind,
      authorUserId: author.userId,
      authorName: author.name,
      authorEmail: author.email,
      body,
      internal: options.internal,
      via: options.via,
    })
    .returning()
  for (const attachment of attachments)
    await tx.insert(supportAttachments).values({
      messageId: message!.id,
      ticketId: ticket.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      size: attachment.content.length,
      content: attachment.content,
    })
  return message!
}

type TicketChange = Partial<typeof supportTickets.$inferInsert>

/**
 * The columns a move to `next` changes: waiting on the customer holds the clocks still, leaving it
 * moves their due instants on by the time it lasted; resolving and closing stamp the ticket, a
 * reopening clears the stamps.
 */
export function statusChange(ticket: SupportTicketRow, next: TicketStatus, coverage: Coverage, now: Date) {
  const change: TicketChange = { status: next, updatedAt: now }
  if (ticket.pausedAt && next !== 'waiting_on_customer') {
    change.pausedAt = null
    if (!ticket.firstRespondedAt)
      change.firstResponseDueAt = resumedDueAt(ticket.firstResponseDueAt, ticket.pausedAt, now, coverage)
    if (ticket.nextResponseDueAt)
      change.nextResponseDueAt = resumedDueAt(ticket.nextResponseDueAt, ticket.pausedAt, now, coverage)
  }
  if (next === 'waiting_on_customer' && !ticket.pausedAt) change.pausedAt = now
  if (next === 'resolved') change.resolvedAt = now
  if (next === 'closed') change.closedAt = now
  if (next === 'open' || next === 'new' || next === 'waiting_on_customer') {
    change.resolvedAt = null
    change.closedAt = null
  }
  return change
}

/**
 * A customer's or a visitor's message, from the site or by mail: stored, the ticket reopened or
 * resumed with a response owed again, the other participants mailed and the officers told.
 */
export async function addCustomerMessage(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  message: { author: Author; body: string; attachments: CheckedAttachment[]; via: 'web' | 'email' },
): Promise<SupportTicketRow> {
  const { tx } = uow
  const plan = await planTerms(tx, ticket.planId)
  await insertMessage(tx, ticket, message.author, message.body, message.attachments, {
    internal: false,
    via: message.via,
  })
  const updated = await updateTicket(tx, ticket.id, customerMessageChange(ticket, plan.coverage, new Date()))
  await mailReply(ctx, uow, updated, message.author, message.body)
  await announce(uow, updated, {
    title: `Reply on ${updated.number}`,
    message: `${message.author.name}: “${updated.subject}”`,
    forCustomer: false,
    forOfficers: true,
  })
  return updated
}

/** The opener gets the number, the link and the first-response target; officers hear of the ticket. */
export async function announceOpened(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  plan: PlanTerms,
  from: string,
) {
  await mailOpened(ctx, uow, ticket, plan.coverage)
  await announce(uow, ticket, {
    title: `New ${ticket.priority} ticket ${ticket.number}`,
    message: `${from}: “${ticket.subject}”`,
    forCustomer: false,
    forOfficers: true,
  })
}

/** A customer's or visitor's message: it reopens or resumes the ticket, and a response is owed again. */
export function customerMessageChange(ticket: SupportTicketRow, coverage: Coverage, now: Date): TicketChange {
  const next: TicketStatus = ticket.status === 'new' ? 'new' : 'open'
  const change = statusChange(ticket, next, coverage, now)
  if (ticket.firstRespondedAt && !ticket.nextResponseDueAt)
    change.nextResponseDueAt = addCoveredMinutes(now, ticket.nextResponseMinutes, coverage)
  return change
}

/** An officer's public reply answers what was owed and moves the ticket to the chosen state. */
export function officerReplyChange(
  ticket: SupportTicketRow,
  next: TicketStatus,
  coverage: Coverage,
  now: Date,
): TicketChange {
  return {
    ...statusChange(ticket, next, coverage, now),
    firstRespondedAt: ticket.firstRespondedAt ?? now,
    nextResponseDueAt: null,
  }
}

export async function updateTicket(
  tx: Transaction,
  id: string,
  change: TicketChange,
): Promise<SupportTicketRow> {
  const [row] = await tx.update(supportTickets).set(change).where(eq(supportTickets.id, id)).returning()
  return row!
}

/**
 * Everyone who should hear of a change at once: the organization's members (their pages refresh,
 * and the requester gets a notification for an officer's reply), the assignee or every officer.
 */
export async function announce(
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  notice: { title: string; message: string; forCustomer: boolean; forOfficers: boolean },
) {
  const { tx } = uow
  const message: RealtimeMessageOf<'ticket'> = { type: 'ticket', ticketId: ticket.id, status: ticket.status }
  if (ticket.organizationId) await publishToOrganization(uow, ticket.organizationId, message)
  if (notice.forCustomer && ticket.createdBy)
    await notifyOfEvent(uow, 'ticket_replies', {
      userId: ticket.createdBy,
      type: 'info',
      title: notice.title,
      message: notice.message,
      link: href('supportOrder', { id: ticket.id }),
    })
  const officers = ticket.assigneeId
    ? [{ id: ticket.assigneeId }]
    : await tx.select({ id: users.id }).from(users).where(eq(users.isOfficer, true))
  for (const officer of officers) {
    await publishToUser(uow, officer.id, message)
    if (notice.forOfficers)
      await createNotification(uow, {
        userId: officer.id,
        type: 'info',
        title: notice.title,
        message: notice.message,
        link: href('officersPanel'),
      })
  }
}
