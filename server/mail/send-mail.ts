import type { UnitOfWork } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { mailJob } from './mail-job.ts'
import type { MailTemplate, Recipient } from './template.ts'

/**
 * Queues a mail in the caller's unit of work: it leaves only if the change it reports is stored.
 * The job keeps the template's name, the recipient and the data, secrets sealed; the mail worker
 * renders the mail when it sends it (server/jobs/send-email.ts), so no job holds a live link.
 */
export async function sendMail<Data>(
  uow: UnitOfWork,
  template: MailTemplate<Data>,
  recipient: Recipient,
  data: NoInfer<Data>,
): Promise<void> {
  await uow.enqueue(QUEUES.sendEmail, mailJob(template, recipient, data))
}

/** A mail whose recipient is chosen later (`send`): its template and data, queued like any other. */
export type PreparedMail = {
  send: (uow: UnitOfWork, recipient: Recipient) => Promise<void>
}

export function prepareMail<Data>(template: MailTemplate<Data>, data: NoInfer<Data>): PreparedMail {
  return { send: (uow, recipient) => sendMail(uow, template, recipient, data) }
}
