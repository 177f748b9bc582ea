import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hourlyMillicentsOf } from '#common/pricing.ts'
import type { Installation } from '#common/schemas/installations.ts'
import {
  auditEntries,
  billablePeriods,
  clusters,
  installationEvents,
  installations,
  usageRecords,
  users,
} from '#server/db/schema/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { hashPassword } from '#server/modules/auth/passwords.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { createOrganization, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { orderCluster, waitForClusterStatus } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Installations through the API against the real server, queue and simulated driver: order,
 * follow to installed, connection details, upgrade, reconfigure, roll back, uninstall; the
 * refusals (400, 404, 409, 422) and the sealed password in the database.
 */

const PASSWORD = 'correct horse battery staple'
let server: TestServer
let member: Awaited<ReturnType<typeof memberOf>>
let stranger: Awaited<ReturnType<typeof memberOf>>
let clusterId: string
let organizationId: string
let strangerClusterId: string

beforeAll(async () => {
  server = await startTestServer({ PROVISIONING_SPEED: '2000' })
  const since = new Date('2026-11-01T00:00:00Z')
  const organization = await createOrganization(server.db)
  organizationId = organization.id
  member = await memberOf(server, organization.id, 'user')
  await server.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, member.userId))
  clusterId = (await runningCluster(server.db, organization.id, plainConfiguration('apps'), { since })).id
  const other = await createOrganization(server.db)
  stranger = await memberOf(server, other.id, 'admin')
  strangerClusterId = (await runningCluster(server.db, other.id, plainConfiguration('theirs'), { since })).id
})
afterAll(() => server.close())

const order = (body: object, headers = member.headers, key = randomUUID()) =>
  server.app.inject({
    method: 'POST',
    url: '/api/installations',
    headers: { ...headers, 'idempotency-key': key },
    payload: {
      productId: 'postgresql',
      clusterId,
      namespace: 'databases',
      planId: 'm',
      version: '17.6',
      settings: { databaseName: 'shop' },
      currency: 'EUR',
      ...body,
    },
  })
const get = (id: string, headers = member.headers) =>
  server.app.inject({ method: 'GET', url: `/api/installations/${id}`, headers })
const post = (url: string, payload?: object, headers = member.headers) =>
  server.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) })

async function waitForStatus(id: string, status: Installation['status']): Promise<Installation> {
  const deadline = Date.now() + 20_000
  let installation: Installation = (await get(id)).json()
  while (Date.now() < deadline) {
    installation = (await get(id)).json()
    if (installation.status === status && !installation.activeOperation) return installation
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(
    `${id} did not become ${status}: it is ${installation.status} (${installation.statusReason})`,
  )
}

describe('installing a product', () => {
  let id: string

  it('orders PostgreSQL onto a cluster and follows it to installed with its connection details', async () => {
    const key = randomUUID()
    const placed = await order({}, member.headers, key)
    expect(placed.statusCode, placed.body).toBe(201)
    const body = placed.json()
    expect(body).toMatchObject({
      kind: 'product',
      status: 'confirmed',
      clusterName: 'apps',
      configuration: null,
      product: { productId: 'postgresql', planId: 'm', version: '17.6', namespace: 'databases' },
      price: { subtotalCents: 14_750, totalCents: 14_750 },
    })
    id = body.installationId
    // The same key and body answer the same order.
    const again = await order({}, member.headers, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(body.id)

    const installed = await waitForStatus(id, 'installed')
    expect(installed).toMatchObject({
      productName: 'PostgreSQL (CloudNativePG)',
      version: '17.6',
      upgradeAvailable: '18.1',
      username: 'app',
      hasPassword: true,
      endpoints: [
        { name: 'In the cluster', url: 'postgresql://postgresql.databases.svc.cluster.local:5432' },
      ],
      settings: expect.objectContaining({ databaseName: 'shop', maxConnections: 200 }),
      monthlyPriceCents: 14_750,
    })
    expect(installed.operations).toMatchObject([
      {
        kind: 'install',
        status: 'succeeded',
        steps: [
          { name: 'prepare_namespace', status: 'succeeded', attempts: 1 },
          { name: 'apply_release', status: 'succeeded', attempts: 1 },
          { name: 'wait_for_ready', status: 'succeeded', attempts: 1 },
          { name: 'publish_endpoints', status: 'succeeded', attempts: 1 },
        ],
      },
    ])
    const orderNow = await server.app.inject({
      method: 'GET',
      url: `/api/orders/${body.id}`,
      headers: member.headers,
    })
    expect(orderNow.json().status).toBe('fulfilled')
    // Metered from the hour it was installed.
    const [period] = await server.db
      .select()
      .from(billablePeriods)
      .where(and(eq(billablePeriods.resourceKey, `installation:${id}`), isNull(billablePeriods.endedAt)))
    expect(period).toMatchObject({ kind: 'middleware', clusterId, monthlyCapMillicents: 14_750_000 })
    // The hourly run bills it as its own line, like a cluster's parts.
    await meterHour(server.db, new Date())
    const [record] = await server.db
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.resourceKey, `installation:${id}`))
    expect(record).toMatchObject({
      kind: 'middleware',
      clusterId,
      description: 'PostgreSQL (CloudNativePG) m in databases',
      amountMillicents: hourlyMillicentsOf(14_750),
    })
  })

  it('keeps the password sealed in the database and reveals it only after the person’s own password', async () => {
    const wrong = await post(`/api/installations/${id}/credentials/reveal`, { password: 'not mine' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' })
    const revealed = await post(`/api/installations/${id}/credentials/reveal`, { password: PASSWORD })
    expect(revealed.statusCode, revealed.body).toBe(200)
    const { username, password } = revealed.json()
    expect(username).toBe('app')
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
    const [row] = await server.db.select().from(installations).where(eq(installations.id, id))
    expect(row!.passwordCiphertext).toMatch(/^v1\./)
    expect(row!.passwordCiphertext).not.toContain(password)
    expect(JSON.stringify(row)).not.toContain(password)
    // Who saw it is in the audit log (L7), the password is not; a wrong password reveals nothing.
    const revealedEntries = await server.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'installation.credentials_revealed'), eq(auditEntries.targetId, id)))
    expect(revealedEntries).toHaveLength(1)
    expect(revealedEntries[0]).toMatchObject({
      actorUserId: member.userId,
      organizationId,
      targetType: 'installation',
      targetLabel: 'PostgreSQL (CloudNativePG) (databases)',
    })
    expect(JSON.stringify(revealedEntries)).not.toContain(password)

    const rotated = await post(`/api/installations/${id}/credentials/rotate`)
    expect(rotated.statusCode, rotated.body).toBe(202)
    await waitForStatus(id, 'installed')
    const after = await post(`/api/installations/${id}/credentials/reveal`, { password: PASSWORD })
    expect(after.json().password).not.toBe(password)
  })

  it('refuses a second change while one runs (409), then upgrades and rolls back', async () => {
    // At realistic speed the upgrade stays under way while the second change is asked for.
    server.ctx.config.provisioning.speed = 1
    const upgrade = await post(`/api/installations/${id}/upgrade`, { version: '18.1' })
    expect(upgrade.statusCode, upgrade.body).toBe(202)
    expect(upgrade.json()).toMatchObject({ status: 'upgrading', activeOperation: { kind: 'upgrade' } })
    const second = await post(`/api/installations/${id}/reconfigure`, { settings: { databaseName: 'other' } })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'OPERATION_IN_PROGRESS' })
    server.ctx.config.provisioning.speed = 2000
    // The step waits for later at speed 1: its job is brought forward.
    await server.db.execute(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'installation-step' AND state = 'created'`,
    )
    const upgraded = await waitForStatus(id, 'installed')
    expect(upgraded).toMatchObject({ version: '18.1', previousVersion: '17.6', upgradeAvailable: null })
    expect(upgraded.operations[0]).toMatchObject({ kind: 'upgrade', fromVersion: '17.6', toVersion: '18.1' })

    const back = await post(`/api/installations/${id}/rollback`)
    expect(back.statusCode, back.body).toBe(202)
    const rolledBack = await waitForStatus(id, 'installed')
    expect(rolledBack).toMatchObject({ version: '17.6', previousVersion: '18.1' })
  })

  it('reconfigures with settings checked against the schema, naming the field at fault', async () => {
    const bad = await post(`/api/installations/${id}/reconfigure`, {
      settings: { databaseName: 'shop', maxConnections: 9 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues).toEqual([{ path: 'body.settings.maxConnections', message: 'Must be >= 20' }])
    const good = await post(`/api/installations/${id}/reconfigure`, {
      settings: { databaseName: 'shop', maxConnections: 400 },
    })
    expect(good.statusCode, good.body).toBe(202)
    const reconfigured = await waitForStatus(id, 'installed')
    expect(reconfigured.settings.maxConnections).toBe(400)
    expect(reconfigured.operations[0]).toMatchObject({
      kind: 'reconfigure',
      changedSettings: ['maxConnections'],
    })
  })

  it('lists the organization’s installations by kind and status, and nobody else’s', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/installations?kind=middleware&status=installed',
      headers: member.headers,
    })
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([id])
    const addOns = await server.app.inject({
      method: 'GET',
      url: '/api/installations?kind=add_on',
      headers: member.headers,
    })
    expect(addOns.json().items).toEqual([])
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/installations',
      headers: stranger.headers,
    })
    expect(theirs.json().items).toEqual([])
  })

  it('does not show or change another organization’s installation or cluster (404)', async () => {
    expect((await get(id, stranger.headers)).statusCode).toBe(404)
    for (const [url, payload] of [
      [`/api/installations/${id}/upgrade`, { version: '18.1' }],
      [`/api/installations/${id}/rollback`, undefined],
      [`/api/installations/${id}/credentials/reveal`, { password: PASSWORD }],
      [`/api/installations/${id}/credentials/rotate`, undefined],
    ] as const)
      expect((await post(url, payload, stranger.headers)).statusCode, url).toBe(404)
    const ontoTheirs = await order({ clusterId: strangerClusterId })
    expect(ontoTheirs.statusCode).toBe(404)
  })

  it('refuses an order the cluster cannot take (422) or settings the schema refuses (400)', async () => {
    const incompatible = await order({
      productId: 'gpu-operator',
      namespace: 'gpu',
      planId: null,
      version: '25.10',
      settings: {},
    })
    expect(incompatible.statusCode, incompatible.body).toBe(422)
    expect(incompatible.json().code).toBe('INSTALL_REFUSED')
    // What is installed counts: a large plan beside the medium one does not fit.
    const tooBig = await order({ namespace: 'more', planId: 'l', version: '18.1' })
    expect(tooBig.statusCode).toBe(422)
    expect(tooBig.json().message).toMatch(/^The cluster lacks .* free capacity for PostgreSQL/)
    // Named on the node pools, so the form can offer to scale one.
    expect(tooBig.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['body.nodePools'])
    const badSettings = await order({ namespace: 'other', settings: { databaseName: 'Bad Name' } })
    expect(badSettings.statusCode).toBe(400)
    expect(badSettings.json().issues[0].path).toBe('body.settings.databaseName')
    const twice = await order({})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('ALREADY_INSTALLED')
  })

  it('fails with the driver’s reason, then a retry resumes from the failed step to installed', async () => {
    server.ctx.config.provisioning.failureRate = 1
    const placed = await order({
      productId: 'valkey',
      namespace: 'cache',
      planId: 's',
      version: '8.1',
      settings: {},
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const valkey = placed.json().installationId
    const failed = await waitForStatus(valkey, 'failed')
    expect(failed.statusReason).toBe(
      'The namespace could not be created: the cluster’s API server refused it (simulated failure)',
    )
    expect(failed.operations[0]).toMatchObject({ kind: 'install', status: 'failed' })
    server.ctx.config.provisioning.failureRate = 0
    const retried = await post(`/api/installations/${valkey}/retry`)
    expect(retried.statusCode, retried.body).toBe(202)
    const installed = await waitForStatus(valkey, 'installed')
    expect(installed.operations).toHaveLength(1)
    expect(installed.operations[0]!.steps.map((step) => [step.name, step.attempts])).toEqual([
      ['prepare_namespace', 2],
      ['apply_release', 1],
      ['wait_for_ready', 1],
      ['publish_endpoints', 1],
    ])
  })

  it('uninstalls after the typed name, stops metering and keeps the history', async () => {
    const mistyped = await server.app.inject({
      method: 'DELETE',
      url: `/api/installations/${id}`,
      headers: member.headers,
      payload: { confirmName: 'postgres' },
    })
    expect(mistyped.statusCode).toBe(400)
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/installations/${id}`,
      headers: member.headers,
      payload: { confirmName: 'PostgreSQL (CloudNativePG)' },
    })
    expect(removed.statusCode, removed.body).toBe(202)
    const gone = await waitForStatus(id, 'uninstalled')
    expect(gone.endpoints).toEqual([])
    expect(gone.operations.map((operation) => operation.kind)).toEqual([
      'uninstall',
      'reconfigure',
      'rollback',
      'upgrade',
      'reconfigure',
      'install',
    ])
    const open = await server.db
      .select()
      .from(billablePeriods)
      .where(and(eq(billablePeriods.resourceKey, `installation:${id}`), isNull(billablePeriods.endedAt)))
    expect(open).toEqual([])
    const events = await server.db
      .select()
      .from(installationEvents)
      .where(eq(installationEvents.installationId, id))
    expect(events.at(-1)!.message).toBe('PostgreSQL (CloudNativePG) was removed')
  })
})

describe('add-ons chosen with the cluster', () => {
  it('become installations, billed with the cluster until one is removed', async () => {
    const requester = { userId: member.userId, organizationId, email: member.email }
    const { cluster } = await orderCluster(server.ctx, requester, 'with-add-ons', {
      addOnIds: ['monitoring'],
    })
    await waitForClusterStatus(server.db, cluster.id, 'running')
    const listed = await server.app.inject({
      method: 'GET',
      url: `/api/installations?clusterId=${cluster.id}`,
      headers: member.headers,
    })
    const [monitoring] = listed.json().items
    expect(monitoring).toMatchObject({ productId: 'monitoring', productKind: 'add_on', status: 'installed' })
    const openPeriods = async () =>
      (
        await server.db
          .select({ resourceKey: billablePeriods.resourceKey })
          .from(billablePeriods)
          .where(and(eq(billablePeriods.clusterId, cluster.id), isNull(billablePeriods.endedAt)))
      ).map((period) => period.resourceKey)
    expect(await openPeriods()).toContain(`add-on:${cluster.id}:monitoring`)
    expect(await openPeriods()).not.toContain(`installation:${monitoring.id}`)

    // An add-on serves the whole cluster: a second one is refused.
    const again = await order({
      productId: 'monitoring',
      clusterId: cluster.id,
      namespace: 'other',
      planId: null,
      version: monitoring.version,
      settings: {},
    })
    expect(again.statusCode).toBe(422)
    expect(again.json().message).toBe(
      `${monitoring.productName} is already on this cluster: an add-on serves the whole cluster`,
    )

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/installations/${monitoring.id}`,
      headers: member.headers,
      payload: { confirmName: monitoring.productName },
    })
    expect(removed.statusCode, removed.body).toBe(202)
    await waitForStatus(monitoring.id, 'uninstalled')
    const [after] = await server.db.select().from(clusters).where(eq(clusters.id, cluster.id))
    expect(after!.configuration!.addOnIds).toEqual([])
    expect(await openPeriods()).not.toContain(`add-on:${cluster.id}:monitoring`)

    // Installed again from the marketplace, it is billed as an installation of its own.
    const reinstalled = await order({
      productId: 'monitoring',
      clusterId: cluster.id,
      namespace: 'monitoring',
      planId: null,
      version: monitoring.version,
      settings: {},
    })
    expect(reinstalled.statusCode, reinstalled.body).toBe(201)
    const id = reinstalled.json().installationId
    await waitForStatus(id, 'installed')
    expect(await openPeriods()).toContain(`installation:${id}`)
  })
})
