import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { Database } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/index.ts'
import { sealSecret } from './secrets.ts'

/** `replyTo` sends answers to another address than the sender's (a ticket's reply address). */
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string }

/** `id` names one delivery (the job's id): delivering the same id again changes nothing in the outbox. */
export type Mailer = {
  deliver: (message: MailMessage, delivery: { id: string }) => Promise<void>
  close: () => void
}

/**
 * With SMTP_URL mail goes to that server; without it, to the `outbox` table that /dev/mailbox
 * shows, so verification and magic links work on a fresh clone. The outbox keeps the text and
 * HTML sealed: they carry live links (server/modules/dev/mailbox.ts opens them).
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  db: Database
  secretsKey: Buffer
}): Mailer {
  if (!options.smtpUrl) {
    return {
      deliver: async (message, delivery) => {
        await options.db
          .insert(outbox)
          .values({
            recipient: message.to,
            subject: message.subject,
            text: sealSecret(options.secretsKey, message.text),
            html: message.html === undefined ? null : sealSecret(options.secretsKey, message.html),
            jobId: delivery.id,
          })
          .onConflictDoNothing({ target: outbox.jobId })
      },
      close: () => {},
    }
  }
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? 'clusterdeck.eu'
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPTransport.Options)
  return {
    // A stable Message-ID lets the receiving side recognise a mail sent again after a crash.
    deliver: async (message, delivery) => {
      await transport.sendMail({ from: options.from, messageId: `<${delivery.id}@${domain}>`, ...message })
    },
    close: () => transport.close(),
  }
}
