import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type {
  AttachmentUpload,
  NewTicket,
  RatingInput,
  Ticket,
  TicketListQuery,
  TicketResource,
  TicketResourceRef,
  TicketSummary,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  clusterEvents,
  clusters,
  installations,
  invoices,
  orders,
  organizations,
  type SupportTicketRow,
  supportAttachments,
  supportMessages,
  supportPlans,
  supportTickets,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { type CheckedAttachment, checkAttachment } from './attachments.ts'
import { presentSummaries, presentTicket } from './present.ts'
import { mailStatus } from './ticket-mails.ts'
import {
  type Author,
  addCustomerMessage,
  announce,
  announceOpened,
  insertTicket,
  planTerms,
  statusChange,
  updateTicket,
} from './tickets.ts'
import { assertUploadQuota } from './upload-limits.ts'

/** The support desk as an organization's members use it: their tickets, replies, states and ratings. */

/** How many of a cluster's latest events a technical ticket about it carries. */
const ATTACHED_CLUSTER_EVENTS = 20

/** What a ticket can be about: the organization's clusters, installations, latest orders and invoices. */
export function listTicketResources(db: Queryable, caller: Caller): Promise<TicketResource[]> {
  return ticketResources(db, caller.organizationId)
}

/**
 * The organization's resources with their labels; with `only`, that one resource whatever its
 * age (the picker lists the latest 50 orders and invoices, a link from /billing may name an older one).
 */
async function ticketResources(
  db: Queryable,
  organizationId: string,
  only?: TicketResourceRef,
): Promise<TicketResource[]> {
  const wanted = (kind: TicketResource['kind']) => !only || only.kind === kind
  const withId = (column: AnyPgColumn) => (only ? [eq(column, only.id)] : [])
  const latest = only ? 1 : 50
  const clusterRows = wanted('cluster')
    ? await db
        .select({ id: clusters.id, label: clusters.name })
        .from(clusters)
        .where(
          and(
            eq(clusters.organizationId, organizationId),
            ne(clusters.status, 'deleted'),
            ...withId(clusters.id),
          ),
        )
        .orderBy(clusters.name)
    : []
  const installationRows = wanted('installation')
    ? await db
        .select({ id: installations.id, product: installations.productName, cluster: clusters.name })
        .from(installations)
        .innerJoin(clusters, eq(clusters.id, installations.clusterId))
        .where(
          and(
            eq(installations.organizationId, organizationId),
            ne(installations.status, 'uninstalled'),
            ...withId(installations.id),
          ),
        )
    : []
  const orderRows = wanted('order')
    ? await db
        .select({ id: orders.id, label: orders.reference })
        .from(orders)
        .where(and(eq(orders.organizationId, organizationId), ...withId(orders.id)))
        .orderBy(desc(orders.createdAt))
        .limit(latest)
    : []
  const invoiceRows = wanted('invoice')
    ? await db
        .select({ id: invoices.id, label: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), ...withId(invoices.id)))
        .orderBy(desc(invoices.issuedAt))
        .limit(latest)
    : []
  return [
    ...clusterRows.map((row) => ({ kind: 'cluster' as const, ...row })),
    ...installationRows.map((row) => ({
      kind: 'installation' as const,
      id: row.id,
      label: `${row.product} on ${row.cluster}`,
    })),
    ...orderRows.map((row) => ({ kind: 'order' as const, ...row })),
    ...invoiceRows.map((row) => ({ kind: 'invoice' as const, ...row })),
  ]
}

/** The resource a new ticket names, if it is the organization's (another's is a 404). */
async function resolveResource(
  db: Queryable,
  caller: Caller,
  ref: TicketResourceRef,
): Promise<TicketResource> {
  const [resource] = await ticketResources(db, caller.organizationId, ref)
  if (!resource) throw notFound(`This ${ref.kind} is not one of your organization's`)
  return resource
}

/** A technical ticket about a cluster carries what the engineer looks at first: its state and latest events. */
async function clusterEventsLog(db: Queryable, resource: TicketResource): Promise<CheckedAttachment> {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, resource.id))
  const events = await db
    .select()
    .from(clusterEvents)
    .where(eq(clusterEvents.clusterId, resource.id))
    .orderBy(desc(clusterEvents.id))
    .limit(ATTACHED_CLUSTER_EVENTS)
  const facts = cluster
    ? [
        `cluster ${cluster.name} (${cluster.id})`,
        `status ${cluster.status}${cluster.statusReason ? `: ${cluster.statusReason}` : ''}`,
        `type ${cluster.clusterTypeId}, data center ${cluster.dataCenterCode}, Kubernetes ${cluster.kubernetesPatch || cluster.kubernetesVersion}`,
      ]
    : []
  const lines = events
    .reverse()
    .map((event) => `${event.createdAt.toISOString()} ${event.type} ${event.message}`)
  const text = [
    ...facts,
    '',
    `latest events (${lines.length}):`,
    ...(lines.length ? lines : ['none recorded']),
  ]
  return {
    fileName: `${resource.label}-events.log`,
    contentType: 'text/plain',
    content: Buffer.from(`${text.join('\n')}\n`, 'utf8'),
  }
}

async function memberAuthor(db: Queryable, caller: Caller): Promise<Author & { language: 'en' | 'fr' }> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId))
  if (!user) throw notFound('User not found')
  return { kind: 'customer', userId: user.id, name: user.name, email: user.email, language: user.language }
}

export async function openTicket(ctx: ServerContext, caller: Caller, input: NewTicket): Promise<Ticket> {
  const attachments = input.attachments.map((upload) => checkAttachment(upload))
  await assertUploadQuota(ctx, { organizationId: caller.organizationId }, attachments)
  const resource = input.resource ? await resolveResource(ctx.db, caller, input.resource) : null
  if (resource?.kind === 'cluster' && input.category === 'technical')
    attachments.push(await clusterEventsLog(ctx.db, resource))
  const author = await memberAuthor(ctx.db, caller)
  const [organization] = await ctx.db
    .select({ name: organizations.name, planId: organizations.supportPlanId })
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId))
  const plan = await planTerms(ctx.db, organization!.planId)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await insertTicket(
      tx,
      plan,
      {
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        requesterName: author.name,
        requesterEmail: author.email!,
        requesterLanguage: author.language,
        company: organization!.name,
        category: input.category,
        priority: input.priority,
        subject: input.subject,
        resource,
        cc: input.cc.map((address) => address.toLowerCase()),
        trackingTokenHash: null,
        trackingTokenSealed: null,
        trackingTokenExpiresAt: null,
      },
      { author, body: input.description, attachments, via: 'web' },
    )
    await announceOpened(ctx, uow, ticket, plan, organization!.name)
    return presentTicket(tx, ticket, { withInternalNotes: false })
  })
}

export async function listTickets(
  db: Queryable,
  caller: Caller,
  query: TicketListQuery,
): Promise<TicketSummary[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.organizationId, caller.organizationId), ...filters(query)))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200)
  return presentSummaries(db, rows)
}

export function filters(query: TicketListQuery): SQL[] {
  return [
    ...(query.status ? [eq(supportTickets.status, query.status)] : []),
    ...(query.category ? [eq(supportTickets.category, query.category)] : []),
    ...(query.priority ? [eq(supportTickets.priority, query.priority)] : []),
  ]
}

/** One ticket of the caller's organization (404 for another's or a visitor's). */
export async function ticketRow(
  db: Queryable,
  caller: Caller,
  id: string,
  lock = false,
): Promise<SupportTicketRow> {
  const query = db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.organizationId, caller.organizationId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Ticket not found')
  return row
}

export async function findTicket(db: Queryable, caller: Caller, id: string): Promise<Ticket> {
  return presentTicket(db, await ticketRow(db, caller, id), { withInternalNotes: false })
}

export async function replyAsMember(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  input: { body: string; attachments: AttachmentUpload[] },
): Promise<Ticket> {
  await ticketRow(ctx.db, caller, id)
  const attachments = input.attachments.map((upload) => checkAttachment(upload))
  await assertUploadQuota(ctx, { organizationId: caller.organizationId }, attachments)
  return addMemberReply(ctx, caller, id, input.body, attachments, 'web')
}

/** A member's reply with its files checked already, from the site or by mail. */
export async function addMemberReply(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  body: string,
  attachments: CheckedAttachment[],
  via: 'web' | 'email',
): Promise<Ticket> {
  const author = await memberAuthor(ctx.db, caller)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await ticketRow(tx, caller, id, true)
    const updated = await addCustomerMessage(ctx, uow, ticket, { author, body, attachments, via })
    return presentTicket(tx, updated, { withInternalNotes: false })
  })
}

const CUSTOMER_MOVES = {
  resolve: { from: ['new', 'open', 'waiting_on_customer'], to: 'resolved' },
  close: { from: ['new', 'open', 'waiting_on_customer', 'resolved'], to: 'closed' },
  reopen: { from: ['resolved', 'closed'], to: 'open' },
} as const

/** The customer marks the ticket resolved, closes it, or reopens it. */
export async function moveTicket(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  move: keyof typeof CUSTOMER_MOVES,
): Promise<Ticket> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await ticketRow(tx, caller, id, true)
    const { from, to } = CUSTOMER_MOVES[move]
    if (!(from as readonly string[]).includes(ticket.status))
      throw conflict(
        `${ticket.number} is ${ticket.status.replaceAll('_', ' ')}: it cannot be ${to} now`,
        'TICKET_STATE',
      )
    const plan = await planTerms(tx, ticket.planId)
    const updated = await updateTicket(tx, ticket.id, statusChange(ticket, to, plan.coverage, new Date()))
    await mailStatus(ctx, uow, updated)
    await announce(uow, updated, {
      title: `${updated.number} ${to}`,
      message: `The customer marked “${updated.subject}” ${to}.`,
      forCustomer: false,
      forOfficers: true,
    })
    return presentTicket(tx, updated, { withInternalNotes: false })
  })
}

/** The satisfaction rating of a resolved or closed ticket, given once. */
export async function rateTicket(ctx: ServerContext, caller: Caller, id: string, rating: RatingInput) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const ticket = await ticketRow(tx, caller, id, true)
    if (ticket.status !== 'resolved' && ticket.status !== 'closed')
      throw conflict('Rate a ticket once it is resolved', 'TICKET_NOT_RESOLVED')
    if (ticket.ratingScore) throw conflict(`${ticket.number} is rated already`, 'ALREADY_RATED')
    const updated = await updateTicket(tx, ticket.id, {
      ratingScore: rating.score,
      ratingComment: rating.comment ?? '',
    })
    return presentTicket(tx, updated, { withInternalNotes: false })
  })
}

/** An attachment of a ticket the reader may see (none of an internal note for a customer). */
export async function attachmentOf(
  db: Queryable,
  ticket: SupportTicketRow,
  attachmentId: string,
  withInternal: boolean,
) {
  const [found] = await db
    .select({ attachment: supportAttachments, internal: supportMessages.internal })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .where(and(eq(supportAttachments.id, attachmentId), eq(supportAttachments.ticketId, ticket.id)))
  if (!found || (found.internal && !withInternal)) throw notFound('Attachment not found')
  return found.attachment
}

export async function memberAttachment(db: Queryable, caller: Caller, id: string, attachmentId: string) {
  return attachmentOf(db, await ticketRow(db, caller, id), attachmentId, false)
}

/** The support hub: the organization's plan and its targets, the plans above it, its open tickets. */
export async function supportOverview(db: Queryable, caller: Caller) {
  const [organization] = await db
    .select({ planId: organizations.supportPlanId })
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId))
  const plans = await db.select().from(supportPlans).orderBy(asc(supportPlans.position))
  const current = plans.find((plan) => plan.id === organization?.planId) ?? plans[0]!
  const present = ({ position: _, ...plan }: (typeof plans)[number]) => plan
  return {
    plan: present(current),
    higherPlans: plans.filter((plan) => plan.position > current.position).map(present),
    openTickets: await openTickets(db, caller),
  }
}

async function openTickets(db: Queryable, caller: Caller): Promise<TicketSummary[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.organizationId, caller.organizationId),
        inArray(supportTickets.status, ['new', 'open', 'waiting_on_customer']),
      ),
    )
    .orderBy(desc(supportTickets.updatedAt))
    .limit(20)
  return presentSummaries(db, rows)
}
