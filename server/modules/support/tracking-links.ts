import { eq } from 'drizzle-orm'
import { absoluteHref } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import { type SupportTicketRow, supportTickets } from '#server/db/schema/index.ts'
import { HttpError, notFound } from '#server/lib/errors.ts'
import { openSecret, sealSecret } from '#server/lib/secrets.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'

/**
 * A visitor's tracking link: it works for TRACKING_LINK_DAYS from its issue, and no longer than
 * CLOSED_TRACKING_LINK_DAYS after its ticket closed. Asking for it again issues a new one (the old
 * one stops); a mail that carries it issues a new one when the current one is nearly spent.
 */

export const TRACKING_LINK_DAYS = 30
export const CLOSED_TRACKING_LINK_DAYS = 7
/** A mail to the visitor carries a new link when the current one has less than this left. */
const RENEW_WITHIN_DAYS = 7
const DAY_MS = 86_400_000

export const INVALID_TRACKING_LINK =
  'This tracking link is not valid. Ask for it again on the ticket tracking page.'
export const EXPIRED_TRACKING_LINK =
  'This tracking link has expired. Enter the ticket number and your email address on the ticket tracking page: we mail you a new link.'

/** The columns of a new tracking link: its keyed hash finds the ticket, the sealed copy goes on later mails. */
export function newTrackingLink(ctx: ServerContext, now = new Date()) {
  const token = generateToken()
  return {
    token,
    columns: {
      trackingTokenHash: hashToken(ctx.config.sessionSecret, token),
      trackingTokenSealed: sealSecret(ctx.config.secretsKey, token),
      trackingTokenExpiresAt: new Date(now.getTime() + TRACKING_LINK_DAYS * DAY_MS),
    },
  }
}

/** Replaces the ticket's tracking link with a new one; the old one stops at once. */
export async function issueTrackingLink(
  ctx: ServerContext,
  tx: Transaction,
  ticketId: string,
): Promise<string> {
  const { token, columns } = newTrackingLink(ctx)
  await tx.update(supportTickets).set(columns).where(eq(supportTickets.id, ticketId))
  return token
}

export function trackingUrl(ctx: ServerContext, token: string): string {
  return `${absoluteHref(ctx.config.appUrl, 'trackTicket')}?token=${encodeURIComponent(token)}`
}

/** Until when the link works: its own expiry, or a week after the ticket closed; a link issued without one never did. */
export function trackingLinkEnd(ticket: SupportTicketRow): Date {
  const ends = [ticket.trackingTokenExpiresAt ?? new Date(0)]
  if (ticket.status === 'closed' && ticket.closedAt)
    ends.push(new Date(ticket.closedAt.getTime() + CLOSED_TRACKING_LINK_DAYS * DAY_MS))
  return new Date(Math.min(...ends.map((end) => end.getTime())))
}

/** 404 for a token no ticket has, 410 for an expired one, which says how to get a new link. */
export function assertTrackingLinkWorks(
  row: SupportTicketRow | undefined,
  now = new Date(),
): SupportTicketRow {
  if (!row) throw notFound(INVALID_TRACKING_LINK, 'TRACKING_LINK_INVALID')
  if (trackingLinkEnd(row).getTime() <= now.getTime())
    throw new HttpError(410, EXPIRED_TRACKING_LINK, { code: 'TRACKING_LINK_EXPIRED' })
  return row
}

/**
 * Where a mail's reader follows the ticket: the thread in the app, or the visitor's tracking link
 * (a new one when the current one has less than a week left).
 */
export async function ticketLink(
  ctx: ServerContext,
  tx: Transaction,
  ticket: SupportTicketRow,
): Promise<string> {
  if (ticket.organizationId) return absoluteHref(ctx.config.appUrl, 'supportOrder', { id: ticket.id })
  const renewBy = Date.now() + RENEW_WITHIN_DAYS * DAY_MS
  const current =
    ticket.trackingTokenSealed &&
    ticket.trackingTokenExpiresAt &&
    ticket.trackingTokenExpiresAt.getTime() > renewBy
      ? openSecret(ctx.config.secretsKey, ticket.trackingTokenSealed)
      : await issueTrackingLink(ctx, tx, ticket.id)
  return trackingUrl(ctx, current)
}
