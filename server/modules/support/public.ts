import { and, eq } from 'drizzle-orm'
import type { PublicTicket, Ticket, TrackTicketInput } from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { type SupportTicketRow, supportTickets } from '#server/db/schema/index.ts'
import { inTransaction, type SqlExecutor } from '#server/db/transaction.ts'
import { notFound, tooManyRequests } from '#server/lib/errors.ts'
import { sealSecret } from '#server/lib/secrets.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import { trackingLinkMail } from '#server/mail/support-mails.ts'
import { sendMail } from '#server/mail/template.ts'
import { incrementBucket } from '#server/plugins/rate-limit.ts'
import { type CheckedAttachment, checkAttachment } from './attachments.ts'
import { presentTicket } from './present.ts'
import {
  type Author,
  addCustomerMessage,
  announceOpened,
  insertTicket,
  planTerms,
  replyAddress,
  ticketUrl,
} from './tickets.ts'

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
  const attachments = input.attachments.map(checkAttachment)
  await assertAddressQuota(ctx, input.email)
  const plan = await planTerms(ctx.db, VISITOR_PLAN_ID)
  const token = generateToken()
  const author: Author = { kind: 'visitor', userId: null, name: input.name, email: input.email.toLowerCase() }
  await inTransaction(ctx.db, async (tx, sqlExecutor) => {
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
        trackingTokenHash: hashToken(ctx.config.sessionSecret, token),
        trackingTokenSealed: sealSecret(ctx.config.secretsKey, token),
      },
      { author, body: input.description, attachments, via: 'web' },
    )
    await announceOpened(
      ctx,
      tx,
      sqlExecutor,
      ticket,
      plan,
      `${input.name}${input.company ? ` (${input.company})` : ''}, from the public site`,
    )
  })
  return { message: PUBLIC_TICKET_RECEIPT }
}

/** Mails the tracking link again when the number and the address match; the answer is the same either way. */
export async function resendTrackingLink(
  ctx: ServerContext,
  input: TrackTicketInput,
): Promise<{ message: string }> {
  const email = input.email.toLowerCase()
  await assertAddressQuota(ctx, email)
  const [ticket] = await ctx.db
    .select()
    .from(supportTickets)
    .where(
      and(eq(supportTickets.number, input.number.toUpperCase()), eq(supportTickets.requesterEmail, email)),
    )
  if (ticket?.trackingTokenSealed)
    await inTransaction(ctx.db, (_tx, sqlExecutor) =>
      sendMail(
        ctx.queue,
        sqlExecutor,
        trackingLinkMail,
        { email, language: input.language ?? ticket.requesterLanguage },
        {
          name: ticket.requesterName,
          number: ticket.number,
          subject: ticket.subject,
          url: ticketUrl(ctx, ticket),
          replyAddress: replyAddress(ctx, ticket),
        },
      ),
    )
  return { message: TRACKING_RECEIPT }
}

export async function trackedTicketRow(
  ctx: ServerContext,
  token: string,
  lock = false,
): Promise<SupportTicketRow> {
  const query = ctx.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.trackingTokenHash, hashToken(ctx.config.sessionSecret, token)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('This tracking link is not valid. Ask for it again on the ticket tracking page.')
  return row
}

export async function findTrackedTicket(ctx: ServerContext, token: string): Promise<Ticket> {
  return presentTicket(ctx.db, await trackedTicketRow(ctx, token), { withInternalNotes: false })
}

export async function replyAsVisitor(
  ctx: ServerContext,
  input: { token: string; body: string; attachments: { fileName: string; contentBase64: string }[] },
): Promise<Ticket> {
  const attachments = input.attachments.map(checkAttachment)
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const ticket = await trackedTicketRow({ ...ctx, db: tx }, input.token, true)
    return replyToTracked(ctx, tx, sqlExecutor, ticket, input.body, attachments, 'web')
  })
}

/** A visitor's message, from the tracking page or by mail. */
export async function replyToTracked(
  ctx: ServerContext,
  tx: ServerContext['db'],
  sqlExecutor: SqlExecutor,
  ticket: SupportTicketRow,
  body: string,
  attachments: CheckedAttachment[],
  via: 'web' | 'email',
): Promise<Ticket> {
  const author: Author = {
    kind: 'visitor',
    userId: null,
    name: ticket.requesterName,
    email: ticket.requesterEmail,
  }
  const updated = await addCustomerMessage(ctx, tx, sqlExecutor, ticket, { author, body, attachments, via })
  return presentTicket(tx, updated, { withInternalNotes: false })
}
