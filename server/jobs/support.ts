import type { ServerContext } from '#server/context.ts'
import { sweepTickets } from '#server/modules/support/index.ts'
import { QUEUES } from './queue.ts'

/** Every minute, UTC: a breached clock is flagged to officers within a minute of running out. */
export const SUPPORT_SWEEP_CRON = '* * * * *'

/** Schedules the desk's sweep (once for all instances) and works its jobs in this process. */
export async function scheduleSupportSweep(ctx: ServerContext): Promise<void> {
  const { boss } = ctx.queue
  await boss.schedule(QUEUES.supportSweep, SUPPORT_SWEEP_CRON, null, { tz: 'UTC' })
  await boss.work(QUEUES.supportSweep, { pollingIntervalSeconds: 5 }, async () => {
    await sweepTickets(ctx)
  })
}
