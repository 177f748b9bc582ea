import type { SqlExecutor } from '#server/db/transaction.ts'
import { type JobQueue, QUEUES } from '#server/jobs/queue.ts'
import { mailJob } from './mail-job.ts'
import type { MailTemplate, Recipient } from './template.ts'

/**
 * Queues a mail in the caller's transaction: it leaves only if the change it reports is stored.
 * The job keeps the template's name, the recipient and the data, secrets sealed; the mail worker
 * renders the mail when it sends it (server/jobs/send-email.ts), so no job holds a live link.
 */
export async function sendMail<Data>(
  queue: JobQueue,
  executor: SqlExecutor,
  template: MailTemplate<Data>,
  recipient: Recipient,
  data: NoInfer<Data>,
): Promise<void> {
  await queue.send(QUEUES.sendEmail, mailJob(template, recipient, data), executor)
}

/** A mail whose recipient is chosen later (`send`): its template and data, queued like any other. */
export type PreparedMail = {
  send: (queue: JobQueue, executor: SqlExecutor, recipient: Recipient) => Promise<void>
}

export function prepareMail<Data>(template: MailTemplate<Data>, data: NoInfer<Data>): PreparedMail {
  return { send: (queue, executor, recipient) => sendMail(queue, executor, template, recipient, data) }
}
