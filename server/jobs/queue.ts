import { PgBoss } from 'pg-boss'

export const QUEUES = {
  sendEmail: 'send-email',
  /** One step of a cluster operation (server/jobs/provisioning.ts). */
  clusterStep: 'cluster-step',
  /** One step of an installation's operation (server/jobs/provisioning.ts). */
  installationStep: 'installation-step',
  /** The automatic patch upgrades due now (server/provisioning/maintenance.ts), on a schedule. */
  maintenanceSweep: 'maintenance-sweep',
  /** The hourly metering run and the budget alerts after it (server/jobs/billing.ts). */
  meterUsage: 'meter-usage',
  /** The daily run: invoices on the 1st, overdue invoices and reminders, expired credits. */
  billingDaily: 'billing-daily',
  /** One signed call to a budget alert's webhook, retried with back-off. */
  budgetWebhook: 'budget-webhook',
  /** The invoice of a yearly order, sent in the transaction that confirms the order. */
  orderInvoice: 'order-invoice',
  /** Breached response clocks and resolved tickets to close (server/jobs/support.ts), on a schedule. */
  supportSweep: 'support-sweep',
  /** Builds a person's data export (GDPR). */
  gdprExport: 'gdpr-export',
  /** The daily run of accounts: the mail before an API token expires. */
  accountsDaily: 'accounts-daily',
} as const
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/**
 * A running job's worker beats every few seconds; a job whose worker stopped beating (the process
 * was killed) is failed and retried instead of waiting out the 15-minute expiry, so a mail link is
 * still valid when it arrives. Handlers must therefore be idempotent.
 */
const QUEUE_OPTIONS = {
  notify: true,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  heartbeatSeconds: 10,
}
const SUPERVISE_INTERVAL_SECONDS = 5

/**
 * A sent mail's job is deleted after ten minutes (pg-boss keeps finished jobs a week by default):
 * its data names the recipient and carries the mail's sealed links. Long enough to look into a
 * delivery that just failed; the deletion runs every minute.
 */
export const MAIL_JOB_RETENTION_SECONDS = 600
const MAINTENANCE_INTERVAL_SECONDS = 60

/**
 * Per-queue differences. A provisioning step re-enqueues itself while it waits: the `short` policy
 * keeps one queued job per step (the singleton key), so a duplicate left by a crash merges back.
 * The policy is fixed when a queue is created; the other settings follow updates.
 */
const QUEUE_OVERRIDES: Partial<Record<QueueName, object>> = {
  [QUEUES.sendEmail]: { deleteAfterSeconds: MAIL_JOB_RETENTION_SECONDS },
  [QUEUES.clusterStep]: { policy: 'short', retryDelay: 5, expireInSeconds: 300 },
  [QUEUES.installationStep]: { policy: 'short', retryDelay: 5, expireInSeconds: 300 },
  // A sweep that failed is not retried: the next one, a minute later, looks again.
  [QUEUES.maintenanceSweep]: { retryLimit: 0, expireInSeconds: 120 },
  [QUEUES.supportSweep]: { retryLimit: 0, expireInSeconds: 120 },
  // The runs are idempotent and resume where they stopped: a failed one is simply tried again.
  [QUEUES.meterUsage]: { retryLimit: 3, retryDelay: 60, expireInSeconds: 1_800 },
  [QUEUES.billingDaily]: { retryLimit: 3, retryDelay: 300, expireInSeconds: 3_600 },
  [QUEUES.budgetWebhook]: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  [QUEUES.orderInvoice]: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
}

export type JobQueue = {
  boss: PgBoss
  /**
   * Sends a job at once, apart from any transaction. A job that goes with a change is sent in the
   * change's unit of work instead (`uow.enqueue`, server/db/transaction.ts).
   */
  sendNow: (queue: QueueName, data: object) => Promise<void>
  stop: () => Promise<void>
}

export async function startJobQueue(
  connectionString: string,
  options: {
    log: (error: unknown) => void
    /** Sends the jobs of schedules when they come due (worker processes); every instance may. */
    schedule?: boolean
    /** How often due schedules are looked for (tests shorten it). */
    scheduleCheckSeconds?: number
    /** How long a finished mail job is kept, and how often finished jobs are deleted (tests shorten them). */
    mailRetentionSeconds?: number
    maintenanceIntervalSeconds?: number
  },
): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    useListenNotify: true,
    schedule: options.schedule ?? false,
    cronMonitorIntervalSeconds: options.scheduleCheckSeconds ?? 30,
    cronWorkerIntervalSeconds: options.scheduleCheckSeconds ?? 5,
    // How often stalled jobs are looked for: a job whose worker died is retried within seconds.
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    // The deletion of finished jobs past their queue's retention (once a day by default).
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
  })
  boss.on('error', options.log)
  await boss.start()
  const overrides = {
    ...QUEUE_OVERRIDES,
    ...(options.mailRetentionSeconds === undefined
      ? {}
      : { [QUEUES.sendEmail]: { deleteAfterSeconds: options.mailRetentionSeconds } }),
  }
  for (const name of Object.values(QUEUES)) {
    const { policy, ...settings } = { ...QUEUE_OPTIONS, policy: 'standard', ...overrides[name] }
    await boss.createQueue(name, { ...settings, policy })
    // createQueue leaves an existing queue as it was: bring its settings up to date as well.
    await boss.updateQueue(name, settings)
  }
  return {
    boss,
    sendNow: async (queue, data) => {
      await boss.send(queue, data)
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  }
}
