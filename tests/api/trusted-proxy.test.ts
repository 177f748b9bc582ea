import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { auditEntries, rateLimitBuckets, users } from '#server/db/schema/index.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * Issue 24, M1: behind a proxy, the address the per-IP limits and the audit log use is the one
 * the proxy saw, read from the right of X-Forwarded-For. A client writing its own X-Forwarded-For
 * (leftmost, before the proxy appends the real address) changes nothing.
 */

const PROXY = '10.20.0.7'
const LIMIT = 3

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: `${PROXY},10.30.0.0/16`, RATE_LIMIT_PER_IP: String(LIMIT) })
})
afterAll(() => server.close())

let nextClient = 1
/** A client address no other test uses. */
const newClient = () => `203.0.113.${nextClient++}`

/** A request as the proxy forwards it: the client's own X-Forwarded-For, then the address it saw. */
function throughProxy(url: string, payload: object, forged: string, client: string) {
  return new TestClient(server.app).request({
    method: 'POST',
    url,
    payload,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `${forged}, ${client}` },
  })
}

describe('behind a trusted proxy (TRUST_PROXY names its address)', () => {
  it('counts the rate limit on the address the proxy saw, whatever the client forges in front of it', async () => {
    const client = newClient()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const response = await throughProxy(
        '/api/auth/forgot-password',
        { email: 'nobody@example.com' },
        `198.51.100.${attempt}`,
        client,
      )
      expect(response.statusCode, response.body).toBe(200)
    }
    // A fresh forged address each time: still the same client, still refused.
    const forged = await throughProxy(
      '/api/auth/forgot-password',
      { email: 'nobody@example.com' },
      '198.51.100.200',
      client,
    )
    expect(forged.statusCode).toBe(429)
    const buckets = await server.db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, 'POST:/api/auth/forgot-password:%'))
    expect(buckets.map((bucket) => bucket.key.split(':').at(-1))).toContain(client)
    expect(buckets.some((bucket) => bucket.key.includes('198.51.100.'))).toBe(false)
  })

  it('writes the address the proxy saw into the audit entry of a sign-in, not the forged one', async () => {
    const client = newClient()
    const response = await throughProxy(
      '/api/login',
      { username: 'demo', password: DEMO_PASSWORD },
      '198.51.100.66',
      client,
    )
    expect(response.statusCode, response.body).toBe(200)
    const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'))
    const [entry] = await server.db
      .select({ ip: auditEntries.ip })
      .from(auditEntries)
      .where(and(eq(auditEntries.actorUserId, demo!.id), eq(auditEntries.action, 'session.signed_in')))
      .orderBy(desc(auditEntries.id))
      .limit(1)
    expect(entry?.ip).toBe(client)
  })

  it('reads through a chain of trusted proxies up to the first address that is not one', async () => {
    const client = newClient()
    const response = await new TestClient(server.app).request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo', password: DEMO_PASSWORD },
      remoteAddress: PROXY,
      // client → a proxy in 10.30.0.0/16 → PROXY → the server
      headers: { 'x-forwarded-for': `198.51.100.67, ${client}, 10.30.4.5` },
    })
    expect(response.statusCode, response.body).toBe(200)
    const [entry] = await server.db
      .select({ ip: auditEntries.ip })
      .from(auditEntries)
      .where(eq(auditEntries.action, 'session.signed_in'))
      .orderBy(desc(auditEntries.id))
      .limit(1)
    expect(entry?.ip).toBe(client)
  })

  it('ignores the X-Forwarded-For of a client that reaches the server directly', async () => {
    const client = newClient()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      await new TestClient(server.app).request({
        method: 'POST',
        url: '/api/auth/magic-link',
        payload: { email: 'nobody@example.com' },
        remoteAddress: client,
        headers: { 'x-forwarded-for': `198.51.100.${100 + attempt}` },
      })
    }
    const refused = await new TestClient(server.app).request({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'nobody@example.com' },
      remoteAddress: client,
      headers: { 'x-forwarded-for': '198.51.100.199' },
    })
    expect(refused.statusCode).toBe(429)
  })
})
