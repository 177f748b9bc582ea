import { X509Certificate } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usageRecords } from '#server/db/schema/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { runningCluster } from '#tests/helpers/billing.ts'
import {
  clusterRecord,
  demoRequester,
  findClusterRow,
  orderCluster,
  type Requester,
  startClusterOperation,
  waitForClusterStatus,
} from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The running clusters of demo data and of tests are built by the engine's own steps at once: they
 * must have what a cluster ordered through the portal has, and move the same way afterwards.
 */

let server: TestServer
let requester: Requester

beforeAll(async () => {
  server = await startTestServer({ PROVISIONING_SPEED: '500' })
  requester = await demoRequester(server.db)
})
afterAll(() => server.close())

const since = new Date('2026-11-02T00:00:00Z')
const shape = (nodes: { poolName: string; status: string; kubeletVersion: string }[]) =>
  nodes.map((node) => `${node.poolName}:${node.status}:${node.kubeletVersion}`).sort()

describe('a cluster built at once', () => {
  it('has the nodes, endpoint, certificate authority, steps and events of an ordered one', async () => {
    const configuration = plainConfiguration('built-shop')
    const built = await runningCluster(server.db, requester.organizationId, configuration, { since })
    const record = await clusterRecord(server.db, built.id)
    const row = await findClusterRow(server.db, built.id)

    expect(row.status).toBe('running')
    expect(row.endpoint).toMatch(/^https:\/\/built-shop-[0-9a-f]{6}\.de-fra-1\.k8s\.clusterdeck\.eu:6443$/)
    expect(new X509Certificate(row.caCertificate!).ca).toBe(true)
    // Every pool as ordered, Ready, on the cluster's version, named after the cluster and pool.
    expect(record.nodes).toHaveLength(5)
    for (const node of record.nodes) {
      expect(node.name).toMatch(new RegExp(`^built-shop-${node.poolName}-[a-z0-9]{5}$`))
      expect(node.status).toBe('ready')
      expect(node.kubeletVersion).toBe(row.kubernetesPatch)
      expect(node.internalIp).toMatch(/^10\.0\.\d+\.\d+$/)
      expect(node.createdAt.getTime()).toBeLessThanOrEqual(since.getTime())
    }
    expect(record.operations).toMatchObject([{ kind: 'create', status: 'succeeded' }])
    expect(record.steps.map((step) => [step.name, step.status])).toEqual([
      ['network', 'succeeded'],
      ['control_plane', 'succeeded'],
      ['node_pools', 'succeeded'],
      ['add_ons', 'succeeded'],
      ['health_check', 'succeeded'],
    ])
    expect(record.transitions).toEqual(['pending→provisioning', 'provisioning→running'])
    expect(record.events.at(-1)!.createdAt.getTime()).toBe(since.getTime())

    // The same shape as a cluster of the same configuration ordered through the engine.
    const { cluster: ordered } = await orderCluster(server.ctx, requester, 'ordered-shop', {
      clusterTypeId: configuration.clusterTypeId,
      nodePools: configuration.nodePools,
      addOnIds: configuration.addOnIds,
    })
    await waitForClusterStatus(server.db, ordered.id, 'running')
    const orderedRecord = await clusterRecord(server.db, ordered.id)
    expect(shape(orderedRecord.nodes)).toEqual(shape(record.nodes))
    expect(orderedRecord.steps.map((step) => step.name)).toEqual(record.steps.map((step) => step.name))
  })

  it('is billed for the nodes it runs, hour by hour', async () => {
    const built = await runningCluster(
      server.db,
      requester.organizationId,
      plainConfiguration('built-billed'),
      {
        since,
      },
    )
    const hour = new Date(since.getTime() + 3_600_000)
    await meterHour(server.db, hour)
    const records = await server.db.select().from(usageRecords).where(eq(usageRecords.clusterId, built.id))
    const nodeHours = records
      .filter((entry) => entry.kind === 'nodes')
      .reduce((sum, entry) => sum + entry.quantity, 0)
    expect(nodeHours).toBe((await clusterRecord(server.db, built.id)).nodes.length)
  })

  it('then scales through the engine keeping its nodes, and hibernates to none', async () => {
    const built = await runningCluster(
      server.db,
      requester.organizationId,
      plainConfiguration('built-scaled'),
      {
        since,
      },
    )
    const before = (await clusterRecord(server.db, built.id)).nodes
    await startClusterOperation(server.ctx, requester, built.id, 'scale', {
      poolName: 'web',
      nodeCount: 4,
      autoscaling: { enabled: false, min: 4, max: 4 },
    })
    await waitForClusterStatus(server.db, built.id, 'running')
    const scaled = (await clusterRecord(server.db, built.id)).nodes
    expect(scaled.filter((node) => node.poolName === 'web')).toHaveLength(4)
    expect(scaled.map((node) => node.name)).toEqual(expect.arrayContaining(before.map((node) => node.name)))
    expect(scaled.every((node) => node.status === 'ready')).toBe(true)

    await startClusterOperation(server.ctx, requester, built.id, 'hibernate')
    await waitForClusterStatus(server.db, built.id, 'hibernated')
    expect((await clusterRecord(server.db, built.id)).nodes).toEqual([])
    await startClusterOperation(server.ctx, requester, built.id, 'wake')
    await waitForClusterStatus(server.db, built.id, 'running')
    expect(shape((await clusterRecord(server.db, built.id)).nodes)).toEqual(shape(scaled))
  })
})
