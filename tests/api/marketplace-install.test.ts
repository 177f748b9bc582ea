import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installations, notifications } from '#server/db/schema/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { signedInClient } from '#tests/helpers/auth.ts'
import { createOrganization, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Checking an installation against the real server: settings, compatibility, capacity, ownership;
 * and a product order that waits for an officer.
 */

let server: TestServer
let member: Awaited<ReturnType<typeof memberOf>>
let blueId: string
let orangeId: string

beforeAll(async () => {
  server = await startTestServer()
  const organization = await createOrganization(server.db)
  member = await memberOf(server, organization.id, 'user')
  const since = new Date('2026-11-01T00:00:00Z')
  // Blue: 3 × 2 vCPU and 2 × 4 vCPU nodes; orange: the test configuration's small nodes.
  blueId = (await runningCluster(server.db, organization.id, plainConfiguration('shop'), { since })).id
  orangeId = (await runningCluster(server.db, organization.id, testConfiguration('dev'), { since })).id
})
afterAll(() => server.close())

function check(productId: string, body: object, headers = member.headers) {
  return server.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/check`,
    headers,
    payload: body,
  })
}
const postgresql = (overrides: object = {}) => ({
  clusterId: blueId,
  namespace: 'databases',
  planId: 'm',
  version: '18.1',
  settings: { databaseName: 'shop' },
  ...overrides,
})

describe('install check', () => {
  it('answers the settings with their defaults and the plan’s monthly price', async () => {
    const response = await check('postgresql', postgresql())
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      settings: expect.objectContaining({ databaseName: 'shop', owner: 'app', maxConnections: 200 }),
      monthlyPriceCents: 14_750,
    })
  })

  it('refuses settings the schema does not allow with a 400 naming the field', async () => {
    const response = await check(
      'postgresql',
      postgresql({ settings: { databaseName: 'shop', maxConnections: 9 } }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([
      { path: 'body.settings.maxConnections', message: 'Must be >= 20' },
    ])
  })

  it('refuses an incompatible cluster or one without room with a 422 saying why', async () => {
    const incompatible = await check('kafka', {
      ...postgresql({ clusterId: orangeId, planId: 's', version: '4.1' }),
      settings: {},
    })
    expect(incompatible.statusCode).toBe(422)
    expect(incompatible.json()).toMatchObject({
      code: 'INSTALL_REFUSED',
      message: 'Apache Kafka (Strimzi) does not run on Dev/Test clusters',
    })
    const tooBig = await check('postgresql', postgresql({ planId: 'l' }))
    expect(tooBig.statusCode).toBe(422)
    expect(tooBig.json().message).toMatch(
      /^The cluster lacks .* vCPU and .* GiB of free capacity for PostgreSQL \(CloudNativePG\): add nodes to a pool$/,
    )
  })

  it('does not find another organization’s cluster, nor a product that does not exist', async () => {
    const stranger = await memberOf(server, (await createOrganization(server.db)).id)
    expect((await check('postgresql', postgresql(), stranger.headers)).statusCode).toBe(404)
    expect((await check('oracle', postgresql())).statusCode).toBe(404)
  })
})

describe('a product order above the credit limit', () => {
  it('waits for an officer, whose approval installs it and tells the person who ordered', async () => {
    const organization = await createOrganization(server.db, { creditLimitCents: 1_000 })
    const orderer = await memberOf(server, organization.id, 'user')
    const since = new Date('2026-11-01T00:00:00Z')
    const clusterId = (
      await runningCluster(server.db, organization.id, plainConfiguration('limited'), { since })
    ).id
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/installations',
      headers: { ...orderer.headers, 'idempotency-key': randomUUID() },
      payload: { productId: 'postgresql', ...postgresql({ clusterId }), currency: 'EUR' },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json()
    expect(order).toMatchObject({ kind: 'product', status: 'pending_approval', installationId: null })
    expect(order.approvalReason).toContain('credit limit')

    const officer = await signedInClient(server, 'officer')
    const approved = await officer.post(`/api/officers/orders/${order.id}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    const installationId = approved.json().installationId
    expect(approved.json()).toMatchObject({ status: 'confirmed', installationId: expect.any(String) })
    const [installation] = await server.db
      .select()
      .from(installations)
      .where(eq(installations.id, installationId))
    expect(installation).toMatchObject({ orderId: order.id, clusterId, productId: 'postgresql' })
    const told = await server.db.select().from(notifications).where(eq(notifications.userId, orderer.userId))
    expect(told).toContainEqual(
      expect.objectContaining({
        title: 'Order approved',
        message: `Order ${order.reference} was approved: PostgreSQL (CloudNativePG) on limited is being installed.`,
        link: `/orders/products/${installationId}`,
      }),
    )
  })
})
