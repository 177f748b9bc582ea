import { and, eq, isNull } from 'drizzle-orm'
import {
  type PublicTicket,
  type Ticket,
  type TrackTicketInput,
  VISITOR_MAX_ATTACHMENT_BYTES,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type SupportTicketRow, supportTickets } from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import { notFound, tooManyRequests } from '#server/lib/errors.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { trackingLinkMail } from '#server/mail/support-mails.ts'
import { mailSecret } from '#server/mail/template.ts'
import { incrementBucket } from '#server/plugins/rate-limit.ts'
import { type CheckedAttachment, checkAttachment } from './attachments.ts'
import { presentTicket } from './present.ts'
import { mailReplyAddressFor } from './reply-addresses.ts'
import { requesterOf } from './ticket-mails.ts'
import { type Author, addCustomerMessage, announceOpened, insertTicket, planTerms } from './tickets.ts'
import {
  assertTrackingLinkWorks,
  issueTrackingLink,
  newTrackingLink,
  TRACKING_LINK_DAYS,
  trackingUrl,
} from './tracking-links.ts'
import { assertUploadQuota } from './upload-limits.ts'

/**
 * The visitors' support desk: a ticket sent from the public site is proven by the private link
 * mailed to the address given; nothing is ever shown to someone who only knows a ticket number.
 */

/** Visitors have no plan: their tickets follow the free plan's targets at this priority. */
export const VISITOR_PLAN_ID = 'basic'
export const VISITOR_PRIORITY = 'P4'

export const PUBLIC_TICKET_RECEIPT =
  'Thank you. If the address is right, a mail with the ticket number and a private link to follow it is on its way.'
export const TRACKING_RECEIPT =
  'If a ticket with this number belongs to this address, we have mailed its private link there again.'

/** Each address may ask for so many tickets and tracking mails in the lead forms' window. */
async function assertAddressQuota(ctx: ServerContext, email: string) {
  const windowMs = ctx.config.leadRateLimit.windowSeconds * 1000
  const counter = await incrementBucket(ctx.db, `support-email:${email.toLowerCase()}`, windowMs)
  if (counter.current > ctx.config.supportRateLimitPerEmail)
    throw tooManyRequests(
      counter.ttl / 1000,
      `Too many requests for this address. Please try again in ${Math.max(1, Math.ceil(counter.ttl / 60_000))} minute(s).`,
    )
}

export async function submitPublicTicket(
  ctx: ServerContext,
  input: PublicTicket,
): Promise<{ message: string }> {
  // A filled hidden field is a robot's: it gets the same answer, and nothing is kept or sent.
  if (input.website.trim() !== '') return { message: PUBLIC_TICKET_RECEIPT }
  await assertAddressQuota(ctx, input.email)
  const attachments = visitorFiles(input.attachments)
  await assertUploadQuota(ctx, { visitorEmail: input.email.toLowerCase() }, attachments)
  const plan = await planTerms(ctx.db, VISITOR_PLAN_ID)
  const author: Author = { kind: 'visitor', userId: null, name: input.name, email: input.email.toLowerCase() }
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const ticket = await insertTicket(
      tx,
      plan,
      {
        organizationId: null,
        createdBy: null,
        requesterName: input.name,
        requesterEmail: author.email!,
        requesterLanguage: input.language,
        company: input.company || null,
        category: input.category,
        priority: VISITOR_PRIORITY,
        subject: input.subject,
        resource: null,
        cc: [],
        ...newTrackingLink(ctx).columns,
      },
      { author, body: input.description, attachments, via: 'web' },
    )
    await announceOpened(
      ctx,
      uow,
      ticket,
      plan,
      `${input.name}${input.company ? ` (${input.company})` : ''}, from the public site`,
    )
  })
  return { message: PUBLIC_TICKET_RECEIPT }
}

/**
 * Mails a NEW tracking link when the number and the address match (the links sent before stop
 * working); the answer is the same either way.
 */
export async function resendTrackingLink(
  ctx: ServerContext,
  input: TrackTicketInput,
): Promise<{ message: string }> {
  const email = input.email.toLowerCase()
  await assertAddressQuota(ctx, email)
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.number, input.number.toUpperCase()),
          eq(supportTickets.requesterEmail, email),
          isNull(supportTickets.organizationId),
        ),
      )
      .for('update')
    if (!ticket) return
    const token = await issueTrackingLink(ctx, tx, ticket.id)
    await sendMail(
      uow,
      trackingLinkMail,
      { email, language: input.language ?? ticket.requesterLanguage },
      {
        name: ticket.requesterName,
        number: ticket.number,
        subject: ticket.subject,
        url: mailSecret(ctx.config.secretsKey, trackingUrl(ctx, token)),
        replyAddress: await mailReplyAddressFor(ctx, tx, ticket, requesterOf(ticket)),
        validDays: TRACKING_LINK_DAYS,
      },
    )
  })
  return { message: TRACKING_RECEIPT }
}

/** The ticket a tracking link opens: 404 for an unknown link, 410 for an expired one. */
export async function trackedTicketRow(
  db: Queryable,
  sessionSecret: string,
  token: string,
  lock = false,
): Promise<SupportTicketRow> {
  const query = db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.trackingTokenHash, hashToken(sessionSecret, token)))
  const [row] = lock ? await query.for('update') : await query
  return assertTrackingLinkWorks(row)
}

export async function findTrackedTicket(ctx: ServerContext, token: string): Promise<Ticket> {
  return presentTicket(ctx.db, await trackedTicketRow(ctx.db, ctx.config.sessionSecret, token), {
    withInternalNotes: false,
  })
}

/** Development only: the visitor ticket's link expires now (a browser test of the expired state). */
export async function expireTrackingLink(db: Queryable, number: string): Promise<void> {
  const expired = await db
    .update(supportTickets)
    .set({ trackingTokenExpiresAt: new Date() })
    .where(and(eq(supportTickets.number, number), isNull(supportTickets.organizationId)))
    .returning({ id: supportTickets.id })
  if (expired.length === 0) throw notFound(`No visitor ticket ${number}`)
}

/** A visitor's files: fewer and smaller than a member's. */
function visitorFiles(uploads: PublicTicket['attachments']): CheckedAttachment[] {
  return uploads.map((upload) => checkAttachment(upload, VISITOR_MAX_ATTACHMENT_BYTES))
}

/** A reply on the tracking page: the link is checked first, the files only then. */
export async function replyAsVisitor(
  ctx: ServerContext,
  input: { token: string; body: string; attachments: PublicTicket['attachments'] },
): Promise<Ticket> {
  const ticket = await trackedTicketRow(ctx.db, ctx.config.sessionSecret, input.token)
  const attachments = visitorFiles(input.attachments)
  await assertUploadQuota(ctx, { visitorEmail: ticket.requesterEmail }, attachments)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const locked = await trackedTicketRow(tx, ctx.config.sessionSecret, input.token, true)
    const author: Author = {
      kind: 'visitor',
      userId: null,
      name: locked.requesterName,
      email: locked.requesterEmail,
    }
    return replyToTracked(ctx, uow, locked, author, input.body, attachments, 'web')
  })
}

/** A visitor's (or a CC address's) message, from the tracking page or by mail. */
export async function replyToTracked(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  author: Author,
  body: string,
  attachments: CheckedAttachment[],
  via: 'web' | 'email',
): Promise<Ticket> {
  const { tx } = uow
  const updated = await addCustomerMessage(ctx, uow, ticket, { author, body, attachments, via })
  return presentTicket(tx, updated, { withInternalNotes: false })
}
