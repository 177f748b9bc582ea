import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { clusters, orders, organizations } from '#server/db/schema/index.ts'
import {
  expectNoRoute,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '#tests/helpers/server.ts'

const packageVersion: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function signedIn(username: string): Promise<TestClient> {
  const client = new TestClient(server.app)
  const login = await client.post('/api/login', { username, password: DEMO_PASSWORD })
  expect(login.statusCode).toBe(200)
  return client
}

async function organizationIdOf(billingId: string): Promise<string> {
  const [row] = await server.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.billingId, billingId))
  return row!.id
}

describe('GET /api/cluster-tiers', () => {
  it('returns exactly the seven tiers in display order', async () => {
    const response = await new TestClient(server.app).get('/api/cluster-tiers')
    expect(response.statusCode).toBe(200)
    expect(response.json().map((tier: { name: string }) => tier.name)).toEqual([
      'Standard',
      'Enterprise',
      'Economy',
      'Data Analytics',
      'AI/ML',
      'Dev/Test',
      'Sandbox',
    ])
    for (const tier of response.json()) expect(Object.keys(tier).sort()).toEqual(['id', 'name'])
    expect(new Set(response.json().map((tier: { id: string }) => tier.id)).size).toBe(7)
  })
})

describe('GET /api/version/summary', () => {
  it('names the package version and the development environment', async () => {
    const response = await new TestClient(server.app).get('/api/version/summary')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ displayVersion: `v${packageVersion}`, environment: 'development' })
  })

  it('says production in production, where the development routes do not exist', async () => {
    const production = await startTestServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'production-test-secret-0123456789-abcdefghij',
    })
    try {
      const client = new TestClient(production.app)
      expect((await client.get('/api/version/summary')).json()).toEqual({
        displayVersion: `v${packageVersion}`,
        environment: 'production',
      })
      for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
        expectNoRoute(await client.get(url), 'GET', url)
      }
      const devLogin = await client.post('/api/dev-login', { username: 'demo' })
      expect(devLogin.statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})

describe('GET /api/sidebar-counts', () => {
  it('answers 401 when signed out', async () => {
    const response = await new TestClient(server.app).get('/api/sidebar-counts')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Please sign in to continue' })
  })

  it("counts only the caller's organization's live clusters and its orders", async () => {
    const customerId = await organizationIdOf('CD-DEMO-001')
    const operatorId = await organizationIdOf('CD-OPERATOR')
    await server.db.insert(clusters).values([
      { organizationId: customerId, name: 'prod-eu', status: 'running' },
      { organizationId: customerId, name: 'staging', status: 'provisioning' },
      { organizationId: customerId, name: 'broken', status: 'failed' },
      { organizationId: customerId, name: 'gone', status: 'deleted' },
      { organizationId: operatorId, name: 'ops-1', status: 'running' },
    ])
    await server.db.insert(orders).values([
      { organizationId: customerId, reference: 'ORD-2026-000001', status: 'confirmed' },
      { organizationId: customerId, reference: 'ORD-2026-000002', status: 'cancelled' },
      { organizationId: operatorId, reference: 'ORD-2026-000003' },
      { organizationId: operatorId, reference: 'ORD-2026-000004' },
      { organizationId: operatorId, reference: 'ORD-2026-000005' },
    ])

    const demo = await (await signedIn('demo')).get('/api/sidebar-counts')
    expect(demo.statusCode).toBe(200)
    expect(demo.json()).toEqual({ clusters: 3, orders: { total: 2 } })
    expect((await (await signedIn('admin')).get('/api/sidebar-counts')).json()).toEqual({
      clusters: 3,
      orders: { total: 2 },
    })
    expect((await (await signedIn('officer')).get('/api/sidebar-counts')).json()).toEqual({
      clusters: 1,
      orders: { total: 3 },
    })

    // Someone who joined with the billing ID but is not yet approved sees nothing of it.
    const pending = new TestClient(server.app)
    const registered = await pending.post('/api/register', {
      username: 'pending.member',
      email: 'pending.member@example.com',
      name: 'Pat Pending',
      password: 'a-long-unusual-passphrase-42',
      joining: true,
      companyId: 'CD-DEMO-001',
    })
    expect(registered.statusCode).toBe(200)
    const counts = await pending.get('/api/sidebar-counts')
    expect(counts.statusCode).toBe(200)
    expect(counts.json()).toEqual({ clusters: 0, orders: { total: 0 } })
  })
})

describe('GET /api/officers/check-access', () => {
  it('is true for an officer, false for a customer, 401 when signed out', async () => {
    const officer = await (await signedIn('officer')).get('/api/officers/check-access')
    expect(officer.statusCode).toBe(200)
    expect(officer.json()).toBe(true)
    const demo = await (await signedIn('demo')).get('/api/officers/check-access')
    expect(demo.statusCode).toBe(200)
    expect(demo.json()).toBe(false)
    const anonymous = await new TestClient(server.app).get('/api/officers/check-access')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue' })
  })
})

describe('health checks', () => {
  it('answers /healthz and /readyz with 200 ok', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await new TestClient(server.app).get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.json()).toEqual({ status: 'ok' })
    }
  })
})

describe('development mailbox', () => {
  it('lists the mail kept in the outbox, newest first, as JSON and as a page', async () => {
    const started = new Date()
    const forgot = await new TestClient(server.app).post('/api/auth/forgot-password', {
      email: 'demo@clusterdeck.eu',
    })
    expect(forgot.statusCode).toBe(200)
    const mail = await waitForMail(server.db, 'demo@clusterdeck.eu', { after: started })

    const response = await new TestClient(server.app).get('/api/dev/mailbox')
    expect(response.statusCode).toBe(200)
    const mails = response.json() as {
      id: string
      to: string
      subject: string
      text: string
      sentAt: string
    }[]
    expect(mails).toContainEqual({
      id: mail.id,
      to: 'demo@clusterdeck.eu',
      subject: 'Reset your Clusterdeck password',
      text: mail.text,
      sentAt: mail.createdAt.toISOString(),
    })
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=/)
    const sentTimes = mails.map((item) => item.sentAt)
    expect(sentTimes).toEqual([...sentTimes].sort().reverse())

    const page = await new TestClient(server.app).get('/dev/mailbox')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('Reset your Clusterdeck password')
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password\?token=[^"]+">/)
  })
})

describe('unknown routes and the API document', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const client = new TestClient(server.app)
    const response = await client.get('/api/x')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.json()).toEqual({ message: 'No route for GET /api/x' })
    const post = await client.post('/api/x', { any: 'thing' })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toEqual({ message: 'No route for POST /api/x' })
  })

  it('serves the OpenAPI document with the routes', async () => {
    const response = await new TestClient(server.app).get('/api/openapi.json')
    expect(response.statusCode).toBe(200)
    const document = JSON.parse(response.body)
    expect(document.openapi).toMatch(/^3\./)
    expect(document.paths).toMatchObject({
      '/api/notifications': { get: expect.any(Object) },
      '/api/notifications/count': { get: expect.any(Object) },
      '/api/notifications/{id}/read': { put: expect.any(Object) },
      '/api/notifications/mark-all-read': { post: expect.any(Object) },
      '/api/notifications/{id}/trash': { put: expect.any(Object) },
      '/api/cluster-tiers': { get: expect.any(Object) },
      '/api/version/summary': { get: expect.any(Object) },
      '/api/sidebar-counts': { get: expect.any(Object) },
      '/api/officers/check-access': { get: expect.any(Object) },
      '/api/login': { post: expect.any(Object) },
      '/api/register': { post: expect.any(Object) },
      '/healthz': { get: expect.any(Object) },
      '/readyz': { get: expect.any(Object) },
    })
    expect(document.paths['/ws']).toBeUndefined()
    expect(document.paths['/api/notifications'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'limit', in: 'query' }),
    )
    // API tokens: the scheme, and the scope each route takes; the account's own routes take none.
    expect(document.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.paths['/api/clusters'].get.security).toEqual([
      { session: [] },
      { token: ['clusters:read'] },
    ])
    expect(document.paths['/api/orders'].post.security).toEqual([
      { session: [] },
      { token: ['clusters:write'] },
    ])
    expect(document.paths['/api/user/tokens'].post.security).toEqual([{ session: [] }])
  })
})
