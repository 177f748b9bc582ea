import type { ServerContext } from '#server/context.ts'
import {
  chaseOverdueInvoices,
  deliverBudgetWebhook,
  evaluateBudgetAlerts,
  expireCredits,
  issueMonthlyInvoices,
  issueOrderInvoice,
  meterDueHours,
  sealLegacyWebhookSecrets,
} from '#server/modules/billing/index.ts'
import { QUEUES } from './queue.ts'

/** Five past every hour, UTC: the hour just ended is complete by then. */
export const METERING_CRON = '5 * * * *'
/** Every day at 00:15 UTC: on the 1st it issues last month's invoices. */
export const BILLING_DAILY_CRON = '15 0 * * *'

/** The hourly run: meter every due hour, then look at the budget alerts. */
export async function runMetering(ctx: ServerContext, now = new Date()) {
  const hours = await meterDueHours(ctx.db, now)
  await evaluateBudgetAlerts(ctx, (await ctx.rates.current()).rates, now)
  return hours
}

/** The daily run: the invoices on the 1st, then overdue invoices and expired credits. */
export async function runBillingDay(ctx: ServerContext, now = new Date()) {
  const invoices =
    now.getUTCDate() === 1
      ? await issueMonthlyInvoices(ctx.db, { rates: (await ctx.rates.current()).rates, at: now })
      : []
  const chased = await chaseOverdueInvoices(ctx, now)
  const expired = await expireCredits(ctx.db, now)
  return { invoices: invoices.length, ...chased, expired }
}

/** Delivers budget webhooks and issues yearly orders' invoices (every worker process). */
export async function startBillingWorkers(ctx: ServerContext): Promise<void> {
  await sealLegacyWebhookSecrets(ctx.db, ctx.config.secretsKey)
  await ctx.queue.boss.work<{ orderId: string }>(
    QUEUES.orderInvoice,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job)
        await issueOrderInvoice(ctx.db, {
          orderId: job.data.orderId,
          rates: (await ctx.rates.current()).rates,
          at: new Date(),
        })
    },
  )
  await ctx.queue.boss.work<{ alertId: string; body: object }>(
    QUEUES.budgetWebhook,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await deliverBudgetWebhook(ctx, job.data)
    },
  )
}

/** The billing schedules, sent once across instances, worked here. */
export async function scheduleBilling(ctx: ServerContext): Promise<void> {
  const { boss } = ctx.queue
  await boss.schedule(QUEUES.meterUsage, METERING_CRON, null, { tz: 'UTC' })
  await boss.schedule(QUEUES.billingDaily, BILLING_DAILY_CRON, null, { tz: 'UTC' })
  await boss.work(QUEUES.meterUsage, { pollingIntervalSeconds: 5 }, async () => {
    await runMetering(ctx)
  })
  await boss.work(QUEUES.billingDaily, { pollingIntervalSeconds: 5 }, async () => {
    await runBillingDay(ctx)
  })
}
