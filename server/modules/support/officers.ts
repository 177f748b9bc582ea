import { and, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import {
  DUE_SOON_MINUTES,
  type OfficerReplyInput,
  type OfficerTicketQuery,
  type OfficerTicketUpdate,
  TICKET_AUTO_CLOSE_DAYS,
  type Ticket,
  type TicketSummary,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type SupportTicketRow, supportTickets, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { checkAttachment } from './attachments.ts'
import { addCoveredMinutes } from './clocks.ts'
import { presentSummaries, presentTicket } from './present.ts'
import { attachmentOf, filters } from './service.ts'
import { mailReply, mailStatus } from './ticket-mails.ts'
import {
  type Author,
  announce,
  insertMessage,
  officerReplyChange,
  planTerms,
  statusChange,
  targetsFor,
  updateTicket,
} from './tickets.ts'

/** The officers' queue: every organization's and visitor's tickets, notes, replies and changes. */

/** The clock that is owed now, as SQL: the first response until it is given, then the next one. */
const owedDueAt = sql`(CASE WHEN ${supportTickets.firstRespondedAt} IS NULL THEN ${supportTickets.firstResponseDueAt} ELSE ${supportTickets.nextResponseDueAt} END)`
const running = and(inArray(supportTickets.status, ['new', 'open']), isNull(supportTickets.pausedAt))

export async function listTicketsForOfficers(
  db: Queryable,
  officerId: string,
  query: OfficerTicketQuery,
): Promise<TicketSummary[]> {
  const conditions: (SQL | undefined)[] = [...filters(query)]
  if (query.planId) conditions.push(eq(supportTickets.planId, query.planId))
  if (query.assignee === 'me') conditions.push(eq(supportTickets.assigneeId, officerId))
  if (query.assignee === 'nobody') conditions.push(isNull(supportTickets.assigneeId))
  if (query.clock === 'breached') conditions.push(running, sql`${owedDueAt} < now()`)
  if (query.clock === 'due_soon')
    conditions.push(
      running,
      sql`${owedDueAt} >= now()`,
      sql`${owedDueAt} < now() + make_interval(mins => ${DUE_SOON_MINUTES})`,
    )
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(...conditions))
    .orderBy(sql`${owedDueAt} ASC NULLS LAST`, desc(supportTickets.updatedAt))
    .limit(200)
  return presentSummaries(db, rows)
}

async function anyTicketRow(db: Queryable, id: string, lock = false): Promise<SupportTicketRow> {
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Ticket not found')
  return row
}

export async function findTicketForOfficer(db: Queryable, id: string): Promise<Ticket> {
  return presentTicket(db, await anyTicketRow(db, id), { withInternalNotes: true })
}

export async function officerAttachment(db: Queryable, id: string, attachmentId: string) {
  return attachmentOf(db, await anyTicketRow(db, id), attachmentId, true)
}

/** The officers a ticket can be assigned to. */
export function listOfficers(db: Queryable) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.isOfficer, true))
    .orderBy(users.name)
}

async function officerAuthor(db: Queryable, officerId: string): Promise<Author> {
  const [officer] = await db.select().from(users).where(eq(users.id, officerId))
  if (!officer) throw notFound('Officer not found')
  return { kind: 'officer', userId: officer.id, name: officer.name, email: officer.email }
}

/**
 * A public reply (mailed, the customer notified) or an internal note (officers only). Officers
 * answer in the app only: nothing that arrives by mail comes this way.
 */
export async function replyAsOfficer(
  ctx: ServerContext,
  officerId: string,
  id: string,
  input: OfficerReplyInput,
): Promise<Ticket> {
  const attachments = (input.attachments ?? []).map((upload) => checkAttachment(upload))
  const author = await officerAuthor(ctx.db, officerId)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await anyTicketRow(tx, id, true)
    const plan = await planTerms(tx, ticket.planId)
    const now = new Date()
    await insertMessage(tx, ticket, author, input.body, attachments, {
      internal: input.internal ?? false,
      via: 'web',
    })
    if (input.internal) {
      const updated = await updateTicket(tx, ticket.id, {
        ...(ticket.status === 'new' ? statusChange(ticket, 'open', plan.coverage, now) : {}),
        assigneeId: ticket.assigneeId ?? officerId,
        updatedAt: now,
      })
      await announce(uow, updated, {
        title: `Note on ${updated.number}`,
        message: `${author.name}: “${updated.subject}”`,
        forCustomer: false,
        forOfficers: false,
      })
      return presentTicket(tx, updated, { withInternalNotes: true })
    }
    const updated = await updateTicket(tx, ticket.id, {
      ...officerReplyChange(ticket, input.status ?? 'waiting_on_customer', plan.coverage, now),
      assigneeId: ticket.assigneeId ?? officerId,
    })
    await mailReply(ctx, uow, updated, author, input.body)
    await announce(uow, updated, {
      title: `New reply on ${updated.number}`,
      message: `${author.name} answered “${updated.subject}”.`,
      forCustomer: true,
      forOfficers: false,
    })
    return presentTicket(tx, updated, { withInternalNotes: true })
  })
}

/** State, priority (the targets follow it) and assignee. */
export async function updateTicketAsOfficer(
  ctx: ServerContext,
  id: string,
  update: OfficerTicketUpdate,
): Promise<Ticket> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await anyTicketRow(tx, id, true)
    const plan = await planTerms(tx, ticket.planId)
    const now = new Date()
    let change: Partial<typeof supportTickets.$inferInsert> = { updatedAt: now }
    if (update.status && update.status !== ticket.status)
      change = { ...change, ...statusChange(ticket, update.status, plan.coverage, now) }
    if (update.priority && update.priority !== ticket.priority) {
      const targets = targetsFor(plan, update.priority)
      change = {
        ...change,
        priority: update.priority,
        firstResponseMinutes: targets.firstMinutes,
        nextResponseMinutes: targets.nextMinutes,
        ...(ticket.firstRespondedAt
          ? {}
          : { firstResponseDueAt: addCoveredMinutes(ticket.createdAt, targets.firstMinutes, plan.coverage) }),
      }
    }
    if (update.assigneeId !== undefined && update.assigneeId !== null) {
      const [officer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, update.assigneeId), eq(users.isOfficer, true)))
      if (!officer) throw unprocessable('Assign the ticket to an officer', 'NOT_AN_OFFICER')
    }
    if (update.assigneeId !== undefined) change.assigneeId = update.assigneeId
    const updated = await updateTicket(tx, ticket.id, change)
    if (update.status && update.status !== ticket.status) await mailStatus(ctx, uow, updated)
    await announce(uow, updated, {
      title: `${updated.number} updated`,
      message: `“${updated.subject}” is ${updated.status.replaceAll('_', ' ')}, ${updated.priority}.`,
      forCustomer: Boolean(update.status && update.status !== ticket.status),
      forOfficers: false,
    })
    return presentTicket(tx, updated, { withInternalNotes: true })
  })
}

/**
 * The desk's sweep: officers hear of every clock that ran out (once per due instant), and a ticket
 * resolved for TICKET_AUTO_CLOSE_DAYS closes.
 */
export async function sweepTickets(ctx: ServerContext, now = new Date()) {
  const breached = await ctx.db
    .select()
    .from(supportTickets)
    .where(
      and(
        running,
        sql`${owedDueAt} < ${now.toISOString()}`,
        or(
          isNull(supportTickets.breachNotifiedFor),
          sql`${supportTickets.breachNotifiedFor} <> ${owedDueAt}`,
        ),
      ),
    )
  for (const ticket of breached) {
    const dueAt = ticket.firstRespondedAt ? ticket.nextResponseDueAt : ticket.firstResponseDueAt
    await inTransaction(ctx, async (uow) => {
      const { tx } = uow
      const updated = await updateTicket(tx, ticket.id, { breachNotifiedFor: dueAt })
      await announce(uow, updated, {
        title: `Response time breached on ${updated.number}`,
        message: `${updated.priority} “${updated.subject}” was due ${dueAt?.toISOString() ?? ''}.`,
        forCustomer: false,
        forOfficers: true,
      })
    })
  }
  const stale = await ctx.db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.status, 'resolved'),
        isNotNull(supportTickets.resolvedAt),
        lt(supportTickets.resolvedAt, new Date(now.getTime() - TICKET_AUTO_CLOSE_DAYS * 24 * 3_600_000)),
      ),
    )
  for (const ticket of stale)
    await inTransaction(ctx, async (uow) => {
      const { tx } = uow
      const plan = await planTerms(tx, ticket.planId)
      const updated = await updateTicket(tx, ticket.id, statusChange(ticket, 'closed', plan.coverage, now))
      await mailStatus(ctx, uow, updated)
    })
  return { breached: breached.map((ticket) => ticket.number), closed: stale.map((ticket) => ticket.number) }
}
