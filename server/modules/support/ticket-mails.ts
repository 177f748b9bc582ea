import { and, eq, isNotNull } from 'drizzle-orm'
import type { Language } from '#common/language.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import { type SupportTicketRow, supportMessages, users } from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { ticketOpenedMail, ticketReplyMail, ticketStatusMail } from '#server/mail/support-mails.ts'
import { type MailSecret, type MailTemplate, mailSecret } from '#server/mail/template.ts'
import type { Coverage } from './clocks.ts'
import { mailReplyAddressFor, type ReplyParticipant } from './reply-addresses.ts'
import { ticketLink } from './tracking-links.ts'

/**
 * The ticket's mails: each recipient gets it in their language with their own reply address
 * (server/modules/support/reply-addresses.ts), so a reply lands as theirs.
 */

type Recipient = { participant: ReplyParticipant; name: string; language: Language }

/** The one who opened the ticket: a member of its organization, or a visitor. */
export function requesterOf(ticket: SupportTicketRow): ReplyParticipant {
  return ticket.organizationId && ticket.createdBy
    ? { kind: 'member', email: ticket.requesterEmail, userId: ticket.createdBy }
    : { kind: 'requester', email: ticket.requesterEmail, userId: null }
}

/**
 * Who hears of a change: the requester, the members of the organization who wrote in the thread
 * (in their own language), and the CC addresses; each address once, the author of the change left out.
 */
async function recipientsOf(tx: Transaction, ticket: SupportTicketRow, exceptEmail: string | null) {
  const members = ticket.organizationId
    ? await tx
        .selectDistinct({ id: users.id, email: users.email, name: users.name, language: users.language })
        .from(supportMessages)
        .innerJoin(users, eq(users.id, supportMessages.authorUserId))
        .where(
          and(
            eq(supportMessages.ticketId, ticket.id),
            eq(supportMessages.authorKind, 'customer'),
            isNotNull(supportMessages.authorUserId),
            eq(users.organizationId, ticket.organizationId),
            eq(users.membershipStatus, 'active'),
            eq(users.isOfficer, false),
          ),
        )
    : []
  const all: Recipient[] = [
    { participant: requesterOf(ticket), name: ticket.requesterName, language: ticket.requesterLanguage },
    ...members.map(
      (member): Recipient => ({
        participant: { kind: 'member', email: member.email, userId: member.id },
        name: member.name,
        language: member.language,
      }),
    ),
    ...ticket.cc.map(
      (email): Recipient => ({
        participant: { kind: 'cc', email, userId: null },
        name: email,
        language: ticket.requesterLanguage,
      }),
    ),
  ]
  return all.filter(
    (recipient, index) =>
      recipient.participant.email !== exceptEmail &&
      all.findIndex((other) => other.participant.email === recipient.participant.email) === index,
  )
}

type TicketMailData = {
  name: string
  number: string
  subject: string
  url: MailSecret
  replyAddress: MailSecret | null
}

async function mailRecipients<Data>(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  template: MailTemplate<Data & TicketMailData>,
  data: Data,
  recipients: Recipient[],
) {
  const { tx } = uow
  if (recipients.length === 0) return
  const url = mailSecret(ctx.config.secretsKey, await ticketLink(ctx, tx, ticket))
  for (const recipient of recipients)
    await sendMail(
      uow,
      template,
      { email: recipient.participant.email, language: recipient.language },
      {
        ...data,
        name: recipient.name,
        number: ticket.number,
        subject: ticket.subject,
        url,
        replyAddress: await mailReplyAddressFor(ctx, tx, ticket, recipient.participant),
      },
    )
}

/** The opener gets the number, the link and the first-response target. */
export async function mailOpened(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  coverage: Coverage,
) {
  const requester = {
    participant: requesterOf(ticket),
    name: ticket.requesterName,
    language: ticket.requesterLanguage,
  }
  await mailRecipients(
    ctx,
    uow,
    ticket,
    ticketOpenedMail,
    { firstResponseMinutes: ticket.firstResponseMinutes, coverage },
    [requester],
  )
}

/** A public reply is mailed to the participants, its author left out. */
export async function mailReply(
  ctx: ServerContext,
  uow: UnitOfWork,
  ticket: SupportTicketRow,
  author: { name: string; email: string | null },
  body: string,
) {
  const { tx } = uow
  const recipients = await recipientsOf(tx, ticket, author.email)
  await mailRecipients(ctx, uow, ticket, ticketReplyMail, { author: author.name, body }, recipients)
}

export async function mailStatus(ctx: ServerContext, uow: UnitOfWork, ticket: SupportTicketRow) {
  const { tx } = uow
  const recipients = await recipientsOf(tx, ticket, null)
  await mailRecipients(ctx, uow, ticket, ticketStatusMail, { status: ticket.status }, recipients)
}
