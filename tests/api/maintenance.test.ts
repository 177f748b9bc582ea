import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusters } from '#server/db/schema/index.ts'
import { applyDuePatchUpgrades } from '#server/provisioning/maintenance.ts'
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
  window: { day: 'sunday' | 'monday'; autoPatchUpgrades: boolean },
) {
  const configuration = testConfiguration(name, {
    kubernetesVersion: '1.36',
    maintenanceWindow: { day: window.day, startHour: 2, autoPatchUpgrades: window.autoPatchUpgrades },
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
