import { randomBytes } from 'node:crypto'
import { and, eq, or } from 'drizzle-orm'
import type { ServerContext } from '#server/context.ts'
import type { Queryable, Transaction } from '#server/db/client.ts'
import { type SupportTicketRow, supportReplyAddresses, users } from '#server/db/schema/index.ts'
import { openSecret, sealSecret } from '#server/lib/secrets.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { type MailSecret, mailSecret } from '#server/mail/template.ts'

/**
 * Each participant of a ticket gets a reply address of their own, support+<token>@<domain>: a mail
 * to it is that participant's message, whatever its From: header says (docs/decisions/022). The
 * token is kept as a keyed hash, to find the address, and sealed, to put it on later mails. Officers
 * never get one: they answer in the app.
 */

/** Who an address is issued to: a visitor requester, a member of the ticket's organization, or a CC address. */
export type ReplyParticipant =
  | { kind: 'requester'; email: string; userId: null }
  | { kind: 'member'; email: string; userId: string }
  | { kind: 'cc'; email: string; userId: null }

export type ReplyAddressRow = typeof supportReplyAddresses.$inferSelect

const REPLY_ADDRESS = /^support\+([a-z0-9]{1,64})@([^@\s]+)$/i

/**
 * 160 random bits in lower-case hex: 48 characters with `support+`, within the 64 an address's
 * local part may have, and unchanged when a mail system changes its case.
 */
function newReplyToken(): string {
  return randomBytes(20).toString('hex')
}

function formatReplyAddress(ctx: ServerContext, token: string): string {
  return `support+${token}@${ctx.config.inboundMail.domain}`
}

/** The token of a recipient address at our inbound domain, or null for any other address. */
export function replyTokenOf(ctx: ServerContext, address: string): string | null {
  const match = REPLY_ADDRESS.exec(address.trim())
  if (!match || match[2]!.toLowerCase() !== ctx.config.inboundMail.domain.toLowerCase()) return null
  return match[1]!.toLowerCase()
}

/** Whether the address or the account is an officer's: such a participant never gets a reply address. */
async function isOfficer(db: Queryable, participant: ReplyParticipant): Promise<boolean> {
  const [officer] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isOfficer, true),
        participant.userId
          ? or(eq(users.id, participant.userId), eq(users.email, participant.email))
          : eq(users.email, participant.email),
      ),
    )
    .limit(1)
  return Boolean(officer)
}

/**
 * The one place a reply address is made: the participant's own address on the ticket, issued on
 * its first mail and the same on every later one; null for an officer, whose mails carry none.
 */
export async function replyAddressFor(
  ctx: ServerContext,
  tx: Transaction,
  ticket: SupportTicketRow,
  participant: ReplyParticipant,
): Promise<string | null> {
  const email = participant.email.toLowerCase()
  const who = { ...participant, email }
  if (await isOfficer(tx, who)) return null
  const kept = await keptAddress(tx, ticket.id, email)
  if (kept) {
    // A CC address that turns out to be a member who took part becomes that member's.
    if (kept.kind === 'cc' && who.kind === 'member')
      await tx
        .update(supportReplyAddresses)
        .set({ kind: 'member', userId: who.userId })
        .where(eq(supportReplyAddresses.id, kept.id))
    return formatReplyAddress(ctx, openSecret(ctx.config.secretsKey, kept.tokenSealed))
  }
  const token = newReplyToken()
  const [issued] = await tx
    .insert(supportReplyAddresses)
    .values({
      ticketId: ticket.id,
      userId: who.userId,
      email,
      kind: who.kind,
      tokenHash: hashToken(ctx.config.sessionSecret, token),
      tokenSealed: sealSecret(ctx.config.secretsKey, token),
    })
    .onConflictDoNothing({ target: [supportReplyAddresses.ticketId, supportReplyAddresses.email] })
    .returning()
  if (issued) return formatReplyAddress(ctx, token)
  // Another mail issued it at the same moment: use that one.
  const other = await keptAddress(tx, ticket.id, email)
  return other ? formatReplyAddress(ctx, openSecret(ctx.config.secretsKey, other.tokenSealed)) : null
}

async function keptAddress(db: Queryable, ticketId: string, email: string) {
  const [row] = await db
    .select()
    .from(supportReplyAddresses)
    .where(and(eq(supportReplyAddresses.ticketId, ticketId), eq(supportReplyAddresses.email, email)))
  return row
}

/** The address a reply token was issued as, or undefined (an unknown token, or a ticket-wide one of before). */
export async function findReplyAddress(
  ctx: ServerContext,
  token: string,
): Promise<ReplyAddressRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(supportReplyAddresses)
    .where(eq(supportReplyAddresses.tokenHash, hashToken(ctx.config.sessionSecret, token.toLowerCase())))
  return row
}

/** The participant's reply address for a mail's data: sealed, so the queued job holds no live address. */
export async function mailReplyAddressFor(
  ctx: ServerContext,
  tx: Transaction,
  ticket: SupportTicketRow,
  participant: ReplyParticipant,
): Promise<MailSecret | null> {
  const address = await replyAddressFor(ctx, tx, ticket, participant)
  return address === null ? null : mailSecret(ctx.config.secretsKey, address)
}
