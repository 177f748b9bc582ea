import { and, asc, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hourlyMillicentsOf } from '#common/pricing.ts'
import { usageRecords } from '#server/db/schema/index.ts'
import { meterDueHours, meterHour } from '#server/modules/billing/metering-run.ts'
import {
  changeCluster,
  createOrganization,
  hoursFrom,
  runningCluster,
  type TestOrganization,
} from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Metering against the real database: one record per resource and hour, the monthly cap,
 * hibernation, scaling mid-hour, and runs repeated or resumed after a stop.
 *
 * The test configuration: an Orange cluster ($9.00 a month), pool `web` of 2 × dev-2-4
 * (2,400 milli-cents an hour each), pool `jobs` of 1 × dev-1-2 (1,200) and the monitoring add-on
 * ($49.00 a month).
 */

let server: TestServer
const CONTROL_PLANE_HOURLY = hourlyMillicentsOf(900)
const ADD_ON_HOURLY = hourlyMillicentsOf(4_900)

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function recordsOf(clusterId: string) {
  return server.db
    .select()
    .from(usageRecords)
    .where(eq(usageRecords.clusterId, clusterId))
    .orderBy(asc(usageRecords.hour), asc(usageRecords.resourceKey))
}

async function newCluster(
  name: string,
  since: Date,
): Promise<{ organization: TestOrganization; clusterId: string }> {
  const organization = await createOrganization(server.db)
  const cluster = await runningCluster(server.db, organization.id, testConfiguration(name), { since })
  return { organization, clusterId: cluster.id }
}

// The first test: a restart picks up after the last hour done, so no other hour is done yet.
describe('a run after a stop', () => {
  it('meters every hour missed since the last one done, and each hour once', async () => {
    const since = new Date('2026-09-01T00:00:00Z')
    const { clusterId } = await newCluster('resume', since)

    const first = await meterDueHours(server.db, new Date('2026-09-01T05:10:00Z'))
    expect(first.map((hour) => hour.toISOString())).toEqual(
      hoursFrom(since, 5).map((hour) => hour.toISOString()),
    )
    // Down for three hours: the next run fills 05:00, 06:00 and 07:00.
    const second = await meterDueHours(server.db, new Date('2026-09-01T08:10:00Z'))
    expect(second.map((hour) => hour.toISOString().slice(11, 16))).toEqual(['05:00', '06:00', '07:00'])
    expect(await meterDueHours(server.db, new Date('2026-09-01T08:50:00Z'))).toEqual([])

    const records = await recordsOf(clusterId)
    // Four resources (control plane, two pools, one add-on) × eight hours, none twice.
    expect(records).toHaveLength(4 * 8)
    const keys = records.map((record) => `${record.resourceKey}@${record.hour.toISOString()}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('metering', () => {
  it('records an hour once however often it runs, and completes an hour left half-written', async () => {
    const hour = new Date('2026-10-02T10:00:00Z')
    const { clusterId } = await newCluster('twice', hour)
    // A record written before (as a run stopped mid-way would have left it) stays the only one.
    await server.db.insert(usageRecords).values({
      resourceKey: `control-plane:${clusterId}`,
      hour,
      organizationId: (
        await server.db.execute<{ organization_id: string }>(
          sql`select organization_id from clusters where id = ${clusterId}`,
        )
      ).rows[0]!.organization_id,
      kind: 'control_plane',
      clusterId,
      description: 'Control plane (Dev/Test)',
      quantity: 1,
      amountMillicents: CONTROL_PLANE_HOURLY,
      listMillicents: CONTROL_PLANE_HOURLY,
    })
    await meterHour(server.db, hour)
    await meterHour(server.db, hour)
    await meterHour(server.db, new Date('2026-10-02T10:59:59Z'))
    const records = await recordsOf(clusterId)
    expect(records).toHaveLength(4)
    expect(records.reduce((total, record) => total + record.amountMillicents, 0)).toBe(
      CONTROL_PLANE_HOURLY + 2 * 2_400 + 1_200 + ADD_ON_HOURLY,
    )
  })

  it('never charges a resource more in a month than its monthly price', async () => {
    // October has 744 hours, 14 more than the 730 the monthly price is made of.
    const october = new Date('2026-10-01T00:00:00Z')
    const { clusterId } = await newCluster('capped', october)
    for (const hour of hoursFrom(october, 744)) await meterHour(server.db, hour)

    const totals = await server.db
      .select({
        resourceKey: usageRecords.resourceKey,
        hours: sql<number>`count(*)::int`,
        amount: sql<number>`sum(${usageRecords.amountMillicents})::bigint`,
        list: sql<number>`sum(${usageRecords.listMillicents})::bigint`,
      })
      .from(usageRecords)
      .where(eq(usageRecords.clusterId, clusterId))
      .groupBy(usageRecords.resourceKey)
    const byKey = Object.fromEntries(
      totals.map((row) => [row.resourceKey.split(':')[0] + (row.resourceKey.split(':')[2] ?? ''), row]),
    )
    expect(Object.values(byKey).every((row) => row.hours === 744)).toBe(true)
    // Each capped at its monthly price, in milli-cents: $9.00, 2 × $17.52, $8.76, $49.00.
    expect(Number(byKey['control-plane']!.amount)).toBe(900_000)
    expect(Number(byKey['node-poolweb']!.amount)).toBe(3_504_000)
    expect(Number(byKey['node-pooljobs']!.amount)).toBe(876_000)
    expect(Number(byKey['add-onmonitoring']!.amount)).toBe(4_900_000)
    // Without the cap the month would have cost more.
    expect(Number(byKey['control-plane']!.list)).toBe(744 * CONTROL_PLANE_HOURLY)
    // The next month starts afresh at the full hourly price.
    await meterHour(server.db, new Date('2026-11-01T00:00:00Z'))
    const november = await server.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.clusterId, clusterId), sql`${usageRecords.hour} >= '2026-11-01'`))
    expect(november.find((record) => record.kind === 'control_plane')!.amountMillicents).toBe(
      CONTROL_PLANE_HOURLY,
    )
    // 744 hours metered one by one, as the hourly job does: several seconds on a busy machine.
  }, 180_000)

  it('meters nothing while a cluster is hibernated, and again once it wakes', async () => {
    const start = new Date('2026-10-05T00:00:00Z')
    const { clusterId } = await newCluster('sleeper', start)
    const hours = hoursFrom(start, 9)
    for (const hour of hours.slice(0, 3)) await meterHour(server.db, hour)
    await changeCluster(server.db, clusterId, { status: 'hibernated' }, hours[3]!)
    for (const hour of hours.slice(3, 6)) await meterHour(server.db, hour)
    await changeCluster(server.db, clusterId, { status: 'running' }, hours[6]!)
    for (const hour of hours.slice(6)) await meterHour(server.db, hour)

    const metered = [...new Set((await recordsOf(clusterId)).map((record) => record.hour.toISOString()))]
    expect(metered).toEqual([0, 1, 2, 6, 7, 8].map((index) => hours[index]!.toISOString()))
  })

  it('meters the nodes of a pool scaled mid-hour for the hours they ran', async () => {
    const start = new Date('2026-10-06T00:00:00Z')
    const { clusterId } = await newCluster('scaler', start)
    const configuration = testConfiguration('scaler')
    const scaled = {
      ...configuration,
      nodePools: configuration.nodePools.map((pool) =>
        pool.name === 'web' ? { ...pool, nodeCount: 4 } : pool,
      ),
    }
    await changeCluster(server.db, clusterId, { configuration: scaled }, new Date('2026-10-06T01:30:00Z'))
    for (const hour of hoursFrom(start, 3)) await meterHour(server.db, hour)

    const web = await server.db
      .select({
        hour: usageRecords.hour,
        quantity: usageRecords.quantity,
        amount: usageRecords.amountMillicents,
      })
      .from(usageRecords)
      .where(and(eq(usageRecords.clusterId, clusterId), like(usageRecords.resourceKey, 'node-pool:%:web')))
      .orderBy(asc(usageRecords.hour))
    // 00:00 two nodes; 01:00 the two added at 01:30 ran too; 02:00 four.
    expect(web.map((record) => record.quantity)).toEqual([2, 4, 4])
    expect(web.map((record) => record.amount)).toEqual([4_800, 9_600, 9_600])
  })

  it("records a yearly cluster's hours for the charts without charging them", async () => {
    const organization = await createOrganization(server.db)
    const hour = new Date('2026-10-07T00:00:00Z')
    const cluster = await runningCluster(server.db, organization.id, testConfiguration('yearly'), {
      since: hour,
      billingCycle: 'yearly',
    })
    await meterHour(server.db, hour)
    const records = await recordsOf(cluster.id)
    expect(records).toHaveLength(4)
    expect(records.every((record) => !record.chargeable && record.amountMillicents > 0)).toBe(true)
  })
})
