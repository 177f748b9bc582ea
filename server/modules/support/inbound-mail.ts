import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import {
  type AttachmentLimits,
  MEMBER_ATTACHMENT_LIMITS,
  TICKET_MESSAGE_MAX,
  VISITOR_ATTACHMENT_LIMITS,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { supportTickets, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { HttpError } from '#server/lib/errors.ts'
import { standingOf } from '#server/modules/auth/index.ts'
import { type CheckedAttachment, checkFile } from './attachments.ts'
import { findReplyAddress, type ReplyAddressRow, replyTokenOf } from './reply-addresses.ts'
import { addMemberReply } from './service.ts'
import { type Author, addCustomerMessage } from './tickets.ts'
import { filesWithinQuota } from './upload-limits.ts'

/**
 * Replies by mail: an SMTP listener (started when INBOUND_SMTP_PORT is set) takes mail for the
 * participants' reply addresses, support+<token>@<domain>. The address says who writes — the
 * participant it was issued to (server/modules/support/reply-addresses.ts) — and the From: header
 * is never read. Officers have no address and answer in the app only. The recipient is checked
 * before the message is sent, the size while it streams, and only a message within the limit is
 * parsed. Quoted history is stripped.
 */

/**
 * A message past this is refused (552) while it streams and never parsed: about 14 MB of files in
 * base64 with the text, above the two 5 MB files a visitor may send and within common providers' limits.
 */
export const INBOUND_MAIL_MAX_BYTES = 20 * 1024 * 1024
/** Clients connected at once; one more is told to come back later (421). */
export const INBOUND_MAIL_MAX_CLIENTS = 20
/** An idle connection is closed after this long. */
export const INBOUND_MAIL_SOCKET_TIMEOUT_MS = 60_000

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

/** A refusal the SMTP client sees, with its reply code. */
export class RefusedMail extends Error {
  readonly responseCode: number
  constructor(message: string, responseCode = 550) {
    super(message)
    this.responseCode = responseCode
  }
}

const NO_SUCH_MAILBOX = 'No such mailbox here'
const ADDRESS_GONE = 'This reply address is no longer in use: answer on the ticket’s page'

/** The files of a mail we accept, at most so many and so large; the others are left out, the text still lands. */
function acceptedFiles(mail: ParsedMail, limits: AttachmentLimits): CheckedAttachment[] {
  const files: CheckedAttachment[] = []
  for (const file of (mail.attachments ?? []).slice(0, limits.count)) {
    try {
      files.push(checkFile(file.filename ?? 'attachment', file.content, limits.bytes))
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
    }
  }
  return files
}

/**
 * Adds a parsed mail to its ticket's thread as the message of the participant the address was
 * issued to, through the same services as the site; throws RefusedMail otherwise. Nothing here can
 * write as an officer: a customer's message reopens or resumes the ticket as on the site.
 */
export async function receiveTicketMail(ctx: ServerContext, address: ReplyAddressRow, mail: ParsedMail) {
  const [ticket] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, address.ticketId))
  if (!ticket) throw new RefusedMail(NO_SUCH_MAILBOX)
  const body = stripQuotedHistory(mail.text ?? '').slice(0, TICKET_MESSAGE_MAX)
  if (!body) throw new RefusedMail('The mail has no new text to add')

  if (address.kind === 'member') {
    const [member] = address.userId
      ? await ctx.db.select().from(users).where(eq(users.id, address.userId))
      : []
    const organizationId = ticket.organizationId
    if (
      !member ||
      !organizationId ||
      member.isOfficer ||
      member.organizationId !== organizationId ||
      standingOf(member) !== 'active'
    )
      throw new RefusedMail(ADDRESS_GONE)
    const files = await filesWithinQuota(
      ctx,
      { organizationId },
      acceptedFiles(mail, MEMBER_ATTACHMENT_LIMITS),
    )
    return addMemberReply(
      ctx,
      { userId: member.id, organizationId, label: member.email },
      ticket.id,
      body,
      files,
      'email',
    )
  }

  // A visitor requester or a CC address: never a member's session, never an officer's.
  const [account] = await ctx.db
    .select({ isOfficer: users.isOfficer })
    .from(users)
    .where(eq(users.email, address.email))
  const stillCopied = address.kind === 'requester' || ticket.cc.includes(address.email)
  if (!stillCopied || account?.isOfficer) throw new RefusedMail(ADDRESS_GONE)
  const author: Author =
    address.kind === 'requester'
      ? { kind: 'visitor', userId: null, name: ticket.requesterName, email: ticket.requesterEmail }
      : {
          kind: ticket.organizationId ? 'customer' : 'visitor',
          userId: null,
          name: address.email,
          email: address.email,
        }
  const uploader = ticket.organizationId
    ? { organizationId: ticket.organizationId }
    : { visitorEmail: ticket.requesterEmail }
  const files = await filesWithinQuota(ctx, uploader, acceptedFiles(mail, VISITOR_ATTACHMENT_LIMITS))
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [locked] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id))
      .for('update')
    return addCustomerMessage(ctx, uow, locked!, {
      author,
      body,
      attachments: files,
      via: 'email',
    })
  })
}

export type InboundMailOptions = {
  port: number
  host?: string
  log: (error: unknown) => void
  /** PEM certificate and key: with them STARTTLS is offered, without them it is not. */
  tls?: { cert: Buffer; key: Buffer }
  maxClients?: number
  maxMessageBytes?: number
  socketTimeoutMs?: number
}

export type InboundMailServer = {
  port: number
  close: () => Promise<void>
  /** Messages handed to the parser, and messages refused for their size (never parsed). */
  stats: { parsed: number; refusedOversize: number }
}

const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode })

/** Listens for ticket replies on `port` (0 picks a free one). */
export async function startInboundMail(
  ctx: ServerContext,
  options: InboundMailOptions,
): Promise<InboundMailServer> {
  const maxBytes = options.maxMessageBytes ?? INBOUND_MAIL_MAX_BYTES
  const stats = { parsed: 0, refusedOversize: 0 }
  // The reply address each accepted recipient was issued as, found at RCPT TO.
  const accepted = new WeakMap<SMTPServerSession, Map<string, ReplyAddressRow>>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { cert: options.tls.cert, key: options.tls.key } : {}),
    size: maxBytes,
    maxRecipients: 1,
    maxClients: options.maxClients ?? INBOUND_MAIL_MAX_CLIENTS,
    socketTimeout: options.socketTimeoutMs ?? INBOUND_MAIL_SOCKET_TIMEOUT_MS,
    logger: false,
    banner: 'Clusterdeck support',
    onRcptTo(recipient, session, callback) {
      const token = replyTokenOf(ctx, recipient.address)
      if (!token) return callback(refusal(550, NO_SUCH_MAILBOX))
      findReplyAddress(ctx, token).then(
        (address) => {
          if (!address) return callback(refusal(550, NO_SUCH_MAILBOX))
          const addresses = accepted.get(session) ?? new Map<string, ReplyAddressRow>()
          addresses.set(recipient.address.toLowerCase(), address)
          accepted.set(session, addresses)
          callback()
        },
        (error: unknown) => {
          options.log(error)
          callback(refusal(451, 'The address could not be checked; try again later'))
        },
      )
    },
    onData(stream, session, callback) {
      // Counted as it arrives: past the limit nothing more is kept and the rest is only drained.
      const chunks: Buffer[] = []
      let received = 0
      let oversized = false
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length
        if (oversized) return
        if (received > maxBytes) {
          oversized = true
          chunks.length = 0
          return
        }
        chunks.push(chunk)
      })
      stream.on('end', () => {
        if (oversized || stream.sizeExceeded) {
          stats.refusedOversize++
          return callback(
            refusal(552, `The message is larger than ${maxBytes} bytes, the most this server takes`),
          )
        }
        const address = session.envelope.rcptTo
          .map((recipient) => accepted.get(session)?.get(recipient.address.toLowerCase()))
          .find(Boolean)
        if (!address) return callback(refusal(550, NO_SUCH_MAILBOX))
        stats.parsed++
        simpleParser(Buffer.concat(chunks))
          .then((mail) => receiveTicketMail(ctx, address, mail))
          .then(
            () => callback(),
            (error: unknown) => {
              if (error instanceof RefusedMail) return callback(error)
              if (error instanceof HttpError && error.statusCode < 500)
                return callback(refusal(550, error.message))
              options.log(error)
              callback(refusal(451, 'The reply could not be stored; try again later'))
            },
          )
      })
    },
  })
  server.on('error', options.log)
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve))
  const { port } = server.server.address() as AddressInfo
  return { port, stats, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
