import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEEKDAYS } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import { clusters } from '#server/db/schema/index.ts'
import { type JobQueue, QUEUES, startJobQueue } from '#server/jobs/queue.ts'
import { applyDuePatchUpgrades, scheduleMaintenanceSweep } from '#server/provisioning/maintenance.ts'
import {
  demoRequester,
  findClusterRow,
  insertCluster,
  type Requester,
  testConfiguration,
  waitForClusterStatus,
} from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** Automatic patch upgrades in the maintenance window, against the real engine and database. */

let server: TestServer
let requester: Requester
// A Sunday, 03:00 UTC: inside a window that opens on Sundays at 02:00.
const SUNDAY_3AM = new Date('2026-11-22T03:00:00Z')

beforeAll(async () => {
  server = await startTestServer({ PROVISIONING_SPEED: '2000' })
  requester = await demoRequester(server.db)
})
afterAll(() => server.close())

/** A running cluster one patch behind the catalog's 1.36.6. */
async function runningCluster(
  name: string,
  window: { day: (typeof WEEKDAYS)[number]; startHour?: number; autoPatchUpgrades: boolean },
) {
  const configuration = testConfiguration(name, {
    kubernetesVersion: '1.36',
    maintenanceWindow: {
      day: window.day,
      startHour: window.startHour ?? 2,
      autoPatchUpgrades: window.autoPatchUpgrades,
    },
  })
  const cluster = await insertCluster(server.db, requester, configuration)
  await server.db
    .update(clusters)
    .set({ status: 'running', kubernetesPatch: '1.36.5' })
    .where(eq(clusters.id, cluster.id))
  return cluster.id
}

describe('automatic patch upgrades', () => {
  it('upgrade a cluster in its window to the newest patch, and leave the others alone', async () => {
    const due = await runningCluster('patch-due', { day: 'sunday', autoPatchUpgrades: true })
    const otherDay = await runningCluster('patch-monday', { day: 'monday', autoPatchUpgrades: true })
    const optedOut = await runningCluster('patch-opted-out', { day: 'sunday', autoPatchUpgrades: false })

    expect(await applyDuePatchUpgrades(server.ctx, SUNDAY_3AM)).toEqual([due])
    await waitForClusterStatus(server.db, due, 'running')
    const upgraded = await findClusterRow(server.db, due)
    expect(upgraded).toMatchObject({ kubernetesVersion: '1.36', kubernetesPatch: '1.36.6' })
    for (const id of [otherDay, optedOut])
      expect((await findClusterRow(server.db, id)).kubernetesPatch).toBe('1.36.5')

    // Up to date now: the next check in the same window starts nothing.
    expect(await applyDuePatchUpgrades(server.ctx, SUNDAY_3AM)).toEqual([])
  })
})

describe('the sweep on a schedule', () => {
  const instances: JobQueue[] = []
  afterAll(async () => {
    for (const queue of instances) await queue.stop()
  })

  it('runs on the schedule, one job per occurrence however many workers schedule it', async () => {
    const now = new Date()
    const due = await runningCluster('patch-scheduled', {
      day: WEEKDAYS[(now.getUTCDay() + 6) % 7]!,
      startHour: now.getUTCHours(),
      autoPatchUpgrades: true,
    })
    // Two worker processes, as two instances would be: both schedule the sweep, every second here.
    for (let index = 0; index < 2; index++) {
      const queue = await startJobQueue(server.databaseUrl, {
        log: () => {},
        schedule: true,
        scheduleCheckSeconds: 1,
      })
      instances.push(queue)
      const worker: ServerContext = { ...server.ctx, queue }
      await scheduleMaintenanceSweep(worker, { cron: '* * * * * *' })
    }

    await expect
      .poll(async () => (await findClusterRow(server.db, due)).kubernetesPatch, { timeout: 20_000 })
      .toBe('1.36.6')
    await waitForClusterStatus(server.db, due, 'running')

    const { rows: schedules } = await server.db.$client.query(
      'SELECT name FROM pgboss.schedule WHERE name = $1',
      [QUEUES.maintenanceSweep],
    )
    expect(schedules).toHaveLength(1)
    const { rows: doubled } = await server.db.$client.query(
      `SELECT singleton_key FROM pgboss.job WHERE name = $1 GROUP BY singleton_key HAVING count(*) > 1`,
      [QUEUES.maintenanceSweep],
    )
    expect(doubled).toEqual([])
  })
})
