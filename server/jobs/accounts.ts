import type { ServerContext } from '#server/context.ts'
import { mailExpiringTokens } from '#server/modules/auth/index.ts'
import { buildExport } from '#server/modules/gdpr/index.ts'
import { QUEUES } from './queue.ts'

/** Each day at 08:00 UTC: the mail 7 days before an API token expires. */
export const ACCOUNTS_DAILY_CRON = '0 8 * * *'

/** Builds the data exports people ask for (every worker process). */
export async function startAccountWorkers(ctx: ServerContext): Promise<void> {
  await ctx.queue.boss.work<{ requestId: string }>(
    QUEUES.gdprExport,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await buildExport(ctx, job.data.requestId)
    },
  )
}

/** Schedules the daily run (once for all instances) and works it in this process. */
export async function scheduleAccounts(ctx: ServerContext): Promise<void> {
  const { boss } = ctx.queue
  await boss.schedule(QUEUES.accountsDaily, ACCOUNTS_DAILY_CRON, null, { tz: 'UTC' })
  await boss.work(QUEUES.accountsDaily, async () => {
    await mailExpiringTokens(ctx)
  })
}
