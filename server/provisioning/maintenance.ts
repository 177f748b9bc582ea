import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { MAINTENANCE_WINDOW_HOURS, type MaintenanceWindow, WEEKDAYS } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import { clusters, kubernetesVersions } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { HttpError } from '#server/lib/errors.ts'
import { startOperation } from './cluster-subject.ts'

/**
 * Automatic patch upgrades: a running cluster whose owner allows them is moved to the newest patch
 * of its minor version during its weekly maintenance window (UTC). A pg-boss schedule sends one
 * sweep a minute, however many workers run; the engine's one-operation-at-a-time rule still keeps
 * an owner's own change and the sweep from both starting.
 */

/** Every minute, UTC. */
export const MAINTENANCE_SWEEP_CRON = '* * * * *'
const HOUR_MS = 3_600_000
const WEEK_MS = 7 * 24 * HOUR_MS

/** Whether `now` falls inside the weekly window: from its day and hour, for four hours. */
export function isInMaintenanceWindow(window: MaintenanceWindow, now: Date): boolean {
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  const mondayBased = (now.getUTCDay() + 6) % 7
  const startOfWeek = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - mondayBased)
  const windowStart = startOfWeek + (WEEKDAYS.indexOf(window.day) * 24 + window.startHour) * HOUR_MS
  const sinceStart = (((now.getTime() - windowStart) % WEEK_MS) + WEEK_MS) % WEEK_MS
  return sinceStart < MAINTENANCE_WINDOW_HOURS * HOUR_MS
}

/** "1.36.5" < "1.36.6": compares dotted versions number by number. */
export function isOlderPatch(current: string, latest: string): boolean {
  const a = current.split('.').map(Number)
  const b = latest.split('.').map(Number)
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0)
    if (difference !== 0) return difference < 0
  }
  return false
}

/** Starts the patch upgrades due now; answers the ids of the clusters it started. */
export async function applyDuePatchUpgrades(ctx: ServerContext, now = new Date()): Promise<string[]> {
  const candidates = await ctx.db
    .select({
      id: clusters.id,
      configuration: clusters.configuration,
      patch: clusters.kubernetesPatch,
      latest: kubernetesVersions.latestPatch,
      version: clusters.kubernetesVersion,
    })
    .from(clusters)
    .innerJoin(kubernetesVersions, eq(kubernetesVersions.version, clusters.kubernetesVersion))
    .where(
      and(
        eq(clusters.status, 'running'),
        isNull(clusters.activeOperationId),
        ne(clusters.kubernetesPatch, kubernetesVersions.latestPatch),
        sql`coalesce((${clusters.configuration} -> 'maintenanceWindow' ->> 'autoPatchUpgrades')::boolean, false)`,
      ),
    )
  const started: string[] = []
  for (const candidate of candidates) {
    const window = candidate.configuration?.maintenanceWindow
    if (!window || !isInMaintenanceWindow(window, now) || !isOlderPatch(candidate.patch, candidate.latest))
      continue
    try {
      await inTransaction(ctx, (uow) =>
        startOperation(uow, ctx, {
          clusterId: candidate.id,
          kind: 'upgrade',
          parameters: { version: candidate.version, patch: candidate.latest },
          requestedBy: null,
        }),
      )
      started.push(candidate.id)
    } catch (error) {
      // Another worker or the owner started a change meanwhile: the next check tries again.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error
    }
  }
  return started
}

/** Schedules the sweep (once for all instances) and works its jobs in this process. */
export async function scheduleMaintenanceSweep(
  ctx: ServerContext,
  options: { cron?: string } = {},
): Promise<void> {
  const { boss } = ctx.queue
  await boss.schedule(QUEUES.maintenanceSweep, options.cron ?? MAINTENANCE_SWEEP_CRON, null, { tz: 'UTC' })
  await boss.work(QUEUES.maintenanceSweep, { pollingIntervalSeconds: 5 }, async () => {
    await applyDuePatchUpgrades(ctx)
  })
}
