import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { MAX_ATTACHMENTS_PER_MESSAGE, TICKET_MESSAGE_MAX } from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { type SupportTicketRow, supportMessages, supportTickets, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { HttpError } from '#server/lib/errors.ts'
import { type CheckedAttachment, checkFile } from './attachments.ts'
import { addOfficerMessage } from './officers.ts'
import { replyToTracked } from './public.ts'
import { addMemberReply } from './service.ts'

/**
 * Replies by mail: an SMTP listener (started when INBOUND_SMTP_PORT is set) takes mail for the
 * tickets' reply addresses, support+<token>@<domain>. The sender must be a participant — the
 * requester, a CC address, a member of the organization who wrote in the thread, or an officer —
 * otherwise the mail is refused and nothing is added. Quoted history is stripped.
 */

/** Anything larger is refused before it is read. */
export const INBOUND_MAIL_MAX_BYTES = 30 * 1024 * 1024

const REPLY_ADDRESS = /^support\+([a-z0-9]+)@(.+)$/i

/** The new part of a reply: up to the quoted history ("On … wrote:", "Le … a écrit :", "> "). */
export function stripQuotedHistory(text: string): string {
  const lines = text.replaceAll('\r\n', '\n').split('\n')
  const kept: string[] = []
  for (const line of lines) {
    const trimmed = line.trim()
    if (/^(On\s.+wrote:|Le\s.+a\s+écrit\s*:)$/i.test(trimmed)) break
    if (/^-{2,}\s*(Original Message|Message d’origine|Message d'origine)\s*-{2,}$/i.test(trimmed)) break
    if (/^_{10,}$/.test(trimmed)) break
    if (trimmed.startsWith('>')) continue
    kept.push(line)
  }
  return kept.join('\n').trim()
}

type Sender = { kind: 'requester' | 'member' | 'officer' | 'cc'; userId: string | null }

/** Who the sender is to the ticket, or null for a stranger. */
async function senderOf(ctx: ServerContext, ticket: SupportTicketRow, email: string): Promise<Sender | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email))
  if (user?.isOfficer) return { kind: 'officer', userId: user.id }
  if (email === ticket.requesterEmail)
    return { kind: ticket.organizationId ? 'member' : 'requester', userId: user?.id ?? null }
  if (user && ticket.organizationId && user.organizationId === ticket.organizationId) {
    const [wrote] = await ctx.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.ticketId, ticket.id), eq(supportMessages.authorUserId, user.id)))
      .limit(1)
    if (wrote) return { kind: 'member', userId: user.id }
  }
  if (ticket.cc.includes(email)) return { kind: 'cc', userId: null }
  return null
}

export class RefusedMail extends Error {
  readonly responseCode = 550
}

/** Adds a parsed mail to its ticket's thread, or throws RefusedMail. */
export async function receiveTicketMail(ctx: ServerContext, recipients: string[], mail: ParsedMail) {
  const token = recipients.map((address) => REPLY_ADDRESS.exec(address)?.[1]?.toLowerCase()).find(Boolean)
  if (!token) throw new RefusedMail('No such mailbox here')
  const [ticket] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.replyToken, token))
  if (!ticket) throw new RefusedMail('No such mailbox here')
  const from = mail.from?.value[0]?.address?.toLowerCase()
  const sender = from ? await senderOf(ctx, ticket, from) : null
  if (!sender) throw new RefusedMail('Only the participants of this ticket may reply to it')
  const body = stripQuotedHistory(mail.text ?? '').slice(0, TICKET_MESSAGE_MAX)
  if (!body) throw new RefusedMail('The mail has no new text to add')
  const attachments: CheckedAttachment[] = []
  for (const file of (mail.attachments ?? []).slice(0, MAX_ATTACHMENTS_PER_MESSAGE)) {
    try {
      attachments.push(checkFile(file.filename ?? 'attachment', file.content))
    } catch (error) {
      // A file we do not accept is left out; the text still lands.
      if (!(error instanceof HttpError)) throw error
    }
  }
  if (sender.kind === 'officer' && sender.userId)
    return addOfficerMessage(
      ctx,
      sender.userId,
      ticket.id,
      { body, status: 'waiting_on_customer' },
      attachments,
      'email',
    )
  if (sender.kind === 'member' && sender.userId && ticket.organizationId) {
    const caller = { userId: sender.userId, organizationId: ticket.organizationId }
    return addMemberReply(ctx, caller, ticket.id, body, attachments, 'email')
  }
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const [locked] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id))
      .for('update')
    return replyToTracked(ctx, tx, sqlExecutor, locked!, body, attachments, 'email')
  })
}

export type InboundMailServer = { port: number; close: () => Promise<void> }

/** Listens for ticket replies on `port` (0 picks a free one). */
export async function startInboundMail(
  ctx: ServerContext,
  options: { port: number; host?: string; log: (error: unknown) => void },
): Promise<InboundMailServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAIL_MAX_BYTES,
    logger: false,
    banner: 'Clusterdeck support',
    onRcptTo(address, _session, callback) {
      const match = REPLY_ADDRESS.exec(address.address)
      if (!match || match[2]?.toLowerCase() !== ctx.config.inboundMail.domain.toLowerCase())
        return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) =>
          receiveTicketMail(
            ctx,
            session.envelope.rcptTo.map((recipient) => recipient.address),
            mail,
          ),
        )
        .then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof RefusedMail) return callback(error)
            options.log(error)
            callback(
              Object.assign(new Error('The reply could not be stored; try again later'), {
                responseCode: 451,
              }),
            )
          },
        )
    },
  })
  server.on('error', options.log)
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve))
  const { port } = server.server.address() as AddressInfo
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
