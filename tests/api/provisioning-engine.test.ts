import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import { notifications } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { isSealed, openSecret } from '#server/lib/secrets.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { retryOperation } from '#server/provisioning/index.ts'
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '#server/realtime/publish.ts'
import {
  clusterRecord,
  demoRequester,
  findClusterRow,
  orderCluster,
  type Requester,
  startClusterOperation,
  stepsOf,
  waitForClusterStatus,
} from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer, waitForMail } from '#tests/helpers/server.ts'

/**
 * The provisioning engine on a real database with the real queue and workers and the simulated
 * driver at 500× speed (a creation takes about half a second): every lifecycle transition of a
 * cluster, the 409 on a concurrent change, a failure with its retry, and what people hear.
 */

let server: TestServer
let requester: Requester
let listener: pg.Client
const published: RealtimeMessageOf<'cluster'>[] = []

beforeAll(async () => {
  server = await startTestServer({ PROVISIONING_SPEED: '500' })
  requester = await demoRequester(server.db)
  listener = new pg.Client({ connectionString: server.databaseUrl })
  await listener.connect()
  listener.on('notification', (notification) => {
    const envelope = JSON.parse(notification.payload ?? '{}') as RealtimeEnvelope
    if (envelope.organizationId === requester.organizationId && envelope.message.type === 'cluster')
      published.push(envelope.message as RealtimeMessageOf<'cluster'>)
  })
  await listener.query(`LISTEN ${REALTIME_CHANNEL}`)
})

afterAll(async () => {
  await listener?.end()
  await server?.close()
})

const expectedNodeCount = 3 // the test configuration's pools: web × 2, jobs × 1

async function expectedMonthlyCents(webNodes: number) {
  const catalog = await getCatalog(server.db)
  const price = (flavorId: string) =>
    catalog.nodeFlavors.find((flavor) => flavor.id === flavorId)!.hourlyPriceMillicents
  return (
    catalog.clusterTypes.find((type) => type.id === 'orange')!.baseMonthlyPriceCents +
    Math.round((price('dev-2-4') * webNodes * 730) / 1000) +
    Math.round((price('dev-1-2') * 1 * 730) / 1000) +
    catalog.addOns.find((addOn) => addOn.id === 'monitoring')!.monthlyPriceCents
  )
}

async function waitUntilTrue(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

async function runningCluster(name: string) {
  const { cluster } = await orderCluster(server.ctx, requester, name)
  return waitForClusterStatus(server.db, cluster.id, 'running')
}

describe('the provisioning engine', () => {
  it('creates a cluster: pending → provisioning → running, each step once, and tells the requester', async () => {
    const { cluster, operation, steps } = await orderCluster(server.ctx, requester, 'engine-create')
    expect(steps.map((step) => step.name)).toEqual([
      'network',
      'control_plane',
      'node_pools',
      'add_ons',
      'health_check',
    ])
    const started = await findClusterRow(server.db, cluster.id)
    expect(started).toMatchObject({ status: 'provisioning', activeOperationId: operation.id })

    const running = await waitForClusterStatus(server.db, cluster.id, 'running')
    expect(running).toMatchObject({ activeOperationId: null, statusReason: null })
    expect(running.endpoint).toMatch(
      /^https:\/\/engine-create-[0-9a-f]{6}\.de-fra-1\.k8s\.clusterdeck\.eu:6443$/,
    )
    expect(new X509Certificate(running.caCertificate!).ca).toBe(true)
    // The CA's key is kept sealed, and is the certificate's own: the cluster's API endpoint signs with it.
    expect(isSealed(running.caKey!)).toBe(true)
    const caKey = createPrivateKey(openSecret(server.ctx.config.secretsKey, running.caKey!))
    expect(
      createPublicKey(caKey)
        .export({ type: 'spki', format: 'der' })
        .equals(
          new X509Certificate(running.caCertificate!).publicKey.export({ type: 'spki', format: 'der' }),
        ),
    ).toBe(true)

    const record = await clusterRecord(server.db, cluster.id)
    expect(record.transitions).toEqual(['pending→provisioning', 'provisioning→running'])
    expect(record.operations).toMatchObject([{ kind: 'create', status: 'succeeded', error: null }])
    expect(record.operations[0]!.finishedAt).not.toBeNull()
    for (const step of record.steps) {
      expect(step).toMatchObject({ status: 'succeeded', attempts: 1 })
      expect(step.finishedAt!.getTime()).toBeGreaterThanOrEqual(step.startedAt!.getTime())
    }
    expect(
      record.events.filter((event) => event.type === 'step_succeeded').map((event) => event.data.step),
    ).toEqual(steps.map((step) => step.name))
    expect(record.nodes).toHaveLength(expectedNodeCount)
    expect(record.nodes.every((node) => node.status === 'ready' && node.kubeletVersion === '1.36.6')).toBe(
      true,
    )

    const [notification] = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, requester.userId), eq(notifications.link, `/clusters/${cluster.id}`)),
      )
    expect(notification).toMatchObject({ type: 'success', title: 'Cluster running' })
    const mail = await waitForMail(server.db, requester.email)
    expect(mail.subject).toBe('Your cluster engine-create is running')
    expect(mail.text).toContain(`/clusters/${cluster.id}`)

    const statuses = published
      .filter((message) => message.clusterId === cluster.id)
      .map((message) => message.status)
    expect(statuses[0]).toBe('provisioning')
    expect(statuses.at(-1)).toBe('running')
    expect(published.find((message) => message.clusterId === cluster.id)?.operationId).toBe(operation.id)
  })

  it('refuses a second change while one runs (409) and one that the status does not allow', async () => {
    const { cluster } = await orderCluster(server.ctx, requester, 'engine-busy')
    await expect(
      startClusterOperation(server.ctx, requester, cluster.id, 'scale', {
        pools: [{ poolName: 'web', nodeCount: 3, autoscaling: { enabled: true, min: 1, max: 5 } }],
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'OPERATION_IN_PROGRESS' })
    await waitForClusterStatus(server.db, cluster.id, 'running')
    await expect(startClusterOperation(server.ctx, requester, cluster.id, 'wake')).rejects.toMatchObject({
      statusCode: 409,
      code: 'CLUSTER_NOT_READY',
    })
    await expect(
      inTransaction(server.ctx, (uow) => retryOperation(uow, server.ctx, cluster.id)),
    ).rejects.toMatchObject({ statusCode: 409, code: 'NOTHING_TO_RETRY' })
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.operations).toHaveLength(1)
  })

  it('scales a node pool: running → scaling → running, with the new size kept', async () => {
    const cluster = await runningCluster('engine-scale')
    const namesBefore = (await clusterRecord(server.db, cluster.id)).nodes.map((node) => node.name)
    const autoscaling = { enabled: true, min: 2, max: 8 }
    const { operation } = await startClusterOperation(server.ctx, requester, cluster.id, 'scale', {
      pools: [{ poolName: 'web', nodeCount: 4, autoscaling }],
    })
    expect((await findClusterRow(server.db, cluster.id)).status).toBe('scaling')
    expect((await stepsOf(server.db, operation.id)).map((step) => step.name)).toEqual([
      'scale_pools',
      'wait_for_nodes',
    ])

    const scaled = await waitForClusterStatus(server.db, cluster.id, 'running')
    const web = scaled.configuration!.nodePools.find((pool) => pool.name === 'web')
    expect(web).toMatchObject({ nodeCount: 4, autoscaling })
    // The orange base price, 4 dev-2-4 and 1 dev-1-2 nodes for 730 hours, and monitoring.
    expect(scaled.monthlyPriceCents).toBe(await expectedMonthlyCents(4))
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.transitions).toEqual([
      'pending→provisioning',
      'provisioning→running',
      'running→scaling',
      'scaling→running',
    ])
    expect(record.nodes.filter((node) => node.poolName === 'web')).toHaveLength(4)
    // The nodes that were there stay, under the same names.
    expect(record.nodes.map((node) => node.name)).toEqual(expect.arrayContaining(namesBefore))
  })

  it('lets a step that is not done yet wait as a deferred job, then finishes it once', async () => {
    const cluster = await runningCluster('engine-deferred')
    const settings = server.ctx.config.provisioning
    settings.speed = 40 // scale_pools takes 0.375 s, wait_for_nodes 1.125 s: longer than an inline wait
    try {
      const { steps } = await startClusterOperation(server.ctx, requester, cluster.id, 'scale', {
        pools: [{ poolName: 'jobs', nodeCount: 2, autoscaling: { enabled: false, min: 1, max: 1 } }],
      })
      const first = steps[0]!
      await waitUntilTrue(async () => {
        const { rows } = await listener.query<{ due: boolean }>(
          `SELECT start_after > now() AS due FROM pgboss.job WHERE singleton_key = $1 AND state = 'created'`,
          [first.id],
        )
        return rows.some((row) => row.due)
      }, 'the first step to wait as a deferred job')
      const [waiting] = await stepsOf(server.db, first.operationId)
      expect(waiting).toMatchObject({
        status: 'running',
        attempts: 1,
        message: expect.stringMatching(/node pool jobs/),
      })
      await waitForClusterStatus(server.db, cluster.id, 'running')
    } finally {
      settings.speed = 500
    }
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.steps.slice(-2).map((step) => [step.name, step.status, step.attempts])).toEqual([
      ['scale_pools', 'succeeded', 1],
      ['wait_for_nodes', 'succeeded', 1],
    ])
    expect(record.events.filter((event) => event.type === 'step_succeeded')).toHaveLength(5 + 2)
    expect(record.nodes.filter((node) => node.poolName === 'jobs')).toHaveLength(2)
  })

  it('upgrades the cluster: running → updating → running, nodes included', async () => {
    const cluster = await runningCluster('engine-upgrade')
    await startClusterOperation(server.ctx, requester, cluster.id, 'upgrade', { version: '1.37' })
    expect((await findClusterRow(server.db, cluster.id)).status).toBe('updating')
    const upgraded = await waitForClusterStatus(server.db, cluster.id, 'running')
    expect(upgraded).toMatchObject({ kubernetesVersion: '1.37', kubernetesPatch: '1.37.2' })
    expect(upgraded.configuration!.kubernetesVersion).toBe('1.37')
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.transitions.slice(2)).toEqual(['running→updating', 'updating→running'])
    expect(new Set(record.nodes.map((node) => node.kubeletVersion))).toEqual(new Set(['1.37.2']))
    expect(record.operations[1]!.parameters).toMatchObject({
      version: '1.37',
      patch: '1.37.2',
      fromPatch: '1.36.6',
    })
  })

  it('hibernates and wakes: running → hibernating → hibernated → scaling → running', async () => {
    const cluster = await runningCluster('engine-sleep')
    await startClusterOperation(server.ctx, requester, cluster.id, 'hibernate')
    const hibernated = await waitForClusterStatus(server.db, cluster.id, 'hibernated')
    expect((await clusterRecord(server.db, cluster.id)).nodes).toEqual([])
    // The configuration keeps the pools' sizes, to wake up to.
    expect(hibernated.configuration).toEqual(cluster.configuration)

    await startClusterOperation(server.ctx, requester, cluster.id, 'wake')
    expect((await findClusterRow(server.db, cluster.id)).status).toBe('scaling')
    await waitForClusterStatus(server.db, cluster.id, 'running')
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.transitions.slice(2)).toEqual([
      'running→hibernating',
      'hibernating→hibernated',
      'hibernated→scaling',
      'scaling→running',
    ])
    expect(record.nodes).toHaveLength(expectedNodeCount)
  })

  it('deletes the cluster: running → deleting → deleted, its nodes gone', async () => {
    const cluster = await runningCluster('engine-delete')
    await startClusterOperation(server.ctx, requester, cluster.id, 'delete')
    expect((await findClusterRow(server.db, cluster.id)).status).toBe('deleting')
    const deleted = await waitForClusterStatus(server.db, cluster.id, 'deleted')
    expect(deleted.deletedAt).not.toBeNull()
    expect(deleted.activeOperationId).toBeNull()
    const record = await clusterRecord(server.db, cluster.id)
    expect(record.transitions.slice(2)).toEqual(['running→deleting', 'deleting→deleted'])
    expect(record.nodes).toEqual([])
    // The name is free again for a new cluster of the organization.
    const { cluster: again } = await orderCluster(server.ctx, requester, 'engine-delete')
    await waitForClusterStatus(server.db, again.id, 'running')
  })

  it('fails at a step with the reason, keeps what was done, and resumes from that step on retry', async () => {
    const settings = server.ctx.config.provisioning
    settings.failureRate = 1
    let clusterId: string
    const since = new Date()
    try {
      const { cluster } = await orderCluster(server.ctx, requester, 'engine-retry')
      clusterId = cluster.id
      const failed = await waitForClusterStatus(server.db, clusterId, 'failed')
      expect(failed.activeOperationId).toBeNull()
      expect(failed.statusReason).toMatch(/private network could not be allocated.*simulated failure/)
    } finally {
      settings.failureRate = 0
    }
    let record = await clusterRecord(server.db, clusterId)
    expect(record.operations).toMatchObject([
      { status: 'failed', error: expect.stringMatching(/private network/) },
    ])
    expect(record.steps.map((step) => step.status)).toEqual([
      'failed',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect(record.transitions).toEqual(['pending→provisioning', 'provisioning→failed'])
    const [notification] = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, requester.userId), eq(notifications.link, `/clusters/${clusterId}`)),
      )
    expect(notification).toMatchObject({ type: 'error', title: 'Provisioning failed' })
    const mail = await waitForMail(server.db, requester.email, { after: since })
    expect(mail.subject).toBe('Provisioning of engine-retry failed')

    const { operation } = await inTransaction(server.ctx, (uow) => retryOperation(uow, server.ctx, clusterId))
    expect(operation.id).toBe(record.operations[0]!.id)
    expect((await findClusterRow(server.db, clusterId)).status).toBe('provisioning')
    await waitForClusterStatus(server.db, clusterId, 'running')

    record = await clusterRecord(server.db, clusterId)
    expect(record.operations).toMatchObject([{ status: 'succeeded', error: null }])
    expect(record.steps.map((step) => [step.name, step.status, step.attempts])).toEqual([
      ['network', 'succeeded', 2],
      ['control_plane', 'succeeded', 1],
      ['node_pools', 'succeeded', 1],
      ['add_ons', 'succeeded', 1],
      ['health_check', 'succeeded', 1],
    ])
    expect(record.transitions).toEqual([
      'pending→provisioning',
      'provisioning→failed',
      'failed→provisioning',
      'provisioning→running',
    ])
    expect(record.nodes).toHaveLength(expectedNodeCount)
  })
})
