import type { Language } from '#common/language.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { type JobQueue, QUEUES } from '#server/jobs/queue.ts'
import type { MailMessage } from '#server/lib/mailer.ts'
import { layOut, type MailContent } from './layout.ts'

/** A mail of the product: its words in every language, from the data it needs. */
export type MailTemplate<Data> = Record<Language, (data: Data) => MailContent>

/** A template whose languages share one shape and differ only by their words. */
export function languageEntries<Data>(
  write: (language: Language) => (data: Data) => MailContent,
): MailTemplate<Data> {
  return { en: write('en'), fr: write('fr') }
}

/** Declares a template; the type checker makes sure every language is written. */
export function mailTemplate<Data>(languages: MailTemplate<Data>): MailTemplate<Data> {
  return languages
}

export type Recipient = { email: string; language: Language }

/** The mail for one recipient, in their language, through the one layout. */
export function composeMail<Data>(
  template: MailTemplate<Data>,
  recipient: Recipient,
  data: Data,
): MailMessage {
  return layOut(recipient.email, recipient.language, template[recipient.language](data))
}

/**
 * Queues a mail in the caller's transaction: it leaves only if the change it reports is stored,
 * and the mail worker delivers it (server/jobs/send-email.ts).
 */
export async function sendMail<Data>(
  queue: JobQueue,
  executor: SqlExecutor,
  template: MailTemplate<Data>,
  recipient: Recipient,
  data: Data,
): Promise<void> {
  await queue.send(QUEUES.sendEmail, composeMail(template, recipient, data), executor)
}
