import { PgBoss } from 'pg-boss'
import type { SqlExecutor } from '#server/db/transaction.ts'

export const QUEUES = {
  sendEmail: 'send-email',
} as const

export type JobQueue = {
  boss: PgBoss
  /** Enqueues a job; pass the transaction's executor so the job exists only if it commits. */
  send: (queue: string, data: object, executor?: SqlExecutor) => Promise<void>
  stop: () => Promise<void>
}

export async function startJobQueue(
  connectionString: string,
  options: { log: (error: unknown) => void },
): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    useListenNotify: true,
    schedule: false,
  })
  boss.on('error', options.log)
  await boss.start()
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { notify: true, retryLimit: 5, retryDelay: 10, retryBackoff: true })
  }
  return {
    boss,
    send: async (queue, data, executor) => {
      await boss.send(queue, data, executor ? { db: executor } : {})
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  }
}
