import type { Mailer, MailMessage } from '#server/lib/mailer.ts'
import { type JobQueue, QUEUES } from './queue.ts'

/**
 * Mail leaves through the queue: a slow or failing SMTP server never holds up a request. The job id
 * goes with each mail, so a job retried after a crash does not deliver it twice.
 */
export async function startEmailWorker(queue: JobQueue, mailer: Mailer): Promise<void> {
  await queue.boss.work<MailMessage>(
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
      for (const job of jobs) await mailer.deliver(job.data, { id: job.id })
    },
  )
}
