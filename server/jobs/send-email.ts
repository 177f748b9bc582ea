import type { Mailer, MailMessage } from '#server/lib/mailer.ts'
import { type MailJob, renderMailJob } from '#server/mail/mail-job.ts'
import { type JobQueue, QUEUES } from './queue.ts'

/**
 * Mail leaves through the queue: a slow or failing SMTP server never holds up a request. A job
 * holds the template's name and the data with its secrets sealed; the mail is rendered here, when
 * it is sent, so no job holds a live link. The job id goes with each mail, so a job retried after
 * a crash does not deliver it twice (and renders the same link: the token was sealed once).
 */
export async function startEmailWorker(
  queue: JobQueue,
  mailer: Mailer,
  options: { secretsKey: Buffer },
): Promise<void> {
  await queue.boss.work<MailJob | MailMessage>(
    QUEUES.sendEmail,
    {
      pollingIntervalSeconds: 2,
      batchSize: 5,
      // A full batch means more are waiting (a backlog after a restart): fetch again at once rather
      // than at the next notification, which only new jobs send.
      burstWhenBatchFull: true,
      // Retries (after a failure or a crash) send no notification: poll for them every 10 s, not 30.
      notifyPollingIntervalSeconds: 10,
    },
    async (jobs) => {
      for (const job of jobs)
        await mailer.deliver(renderMailJob(job.data, options.secretsKey), { id: job.id })
    },
  )
}
