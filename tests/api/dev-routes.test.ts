import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { registeredUser } from '#tests/helpers/auth.ts'
import { cleanUpServers, startServerProcess } from '#tests/helpers/process.ts'
import {
  createTestDatabase,
  expectNoRoute,
  startTestServer,
  TestClient,
  type TestServer,
} from '#tests/helpers/server.ts'

/**
 * Issue 24, M9: the development routes (sign-in without a password, the outbox of every mailed
 * link) exist only outside production on a server that listens on loopback, and the development
 * sign-in opens the demo accounts only.
 */

const DEVELOPMENT_ROUTES = [
  ['POST', '/api/dev-login'],
  ['GET', '/api/dev/mailbox'],
  ['GET', '/dev/mailbox'],
  ['POST', '/api/dev/billing/meter'],
] as const

let loopback: TestServer
let exposed: TestServer
beforeAll(async () => {
  ;[loopback, exposed] = await Promise.all([startTestServer(), startTestServer({ HOST: '0.0.0.0' })])
})
afterAll(async () => {
  await Promise.all([loopback?.close(), exposed?.close()])
  await cleanUpServers()
}, 30_000)

describe('a development server listening on every interface', () => {
  it.each(DEVELOPMENT_ROUTES)('has no %s %s (404)', async (method, url) => {
    const response = await new TestClient(exposed.app).request({
      method,
      url,
      ...(method === 'POST' ? { payload: { username: 'superadmin', hours: [] } } : {}),
    })
    expectNoRoute(response, method, url)
    expect(response.cookies).toEqual([])
  })

  it('starts as a real process without them and without the demo accounts, and says so in one log line', async () => {
    // An empty database, as on a first start: the server migrates and seeds it itself.
    const database = await createTestDatabase({ empty: true })
    try {
      const server = await startServerProcess(database.url, { HOST: '0.0.0.0', NODE_ENV: 'development' })
      // The demo accounts' password is public: an exposed server has none of them.
      const passwordSignIn = await fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'superadmin', password: DEMO_PASSWORD }),
      })
      expect(passwordSignIn.status).toBe(401)
      const signIn = await fetch(`${server.baseUrl}/api/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'superadmin' }),
      })
      expect(signIn.status).toBe(404)
      expect(signIn.headers.get('set-cookie')).toBeNull()
      const mailbox = await fetch(`${server.baseUrl}/api/dev/mailbox`)
      expect(mailbox.status).toBe(404)
      const lines = server.stdout().split('\n')
      expect(lines.filter((line) => line.includes('Development routes are off'))).toHaveLength(1)
      expect(server.stdout()).toContain('HOST 0.0.0.0 is not a loopback address')
    } finally {
      await cleanUpServers()
      await database.drop()
    }
  }, 180_000)
})

describe('the development sign-in on loopback', () => {
  it('opens a demo account', async () => {
    const response = await new TestClient(loopback.app).post('/api/dev-login', { username: 'demo' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ username: 'demo' })
  })

  it("refuses anyone else's account with 404, by username or address, setting no cookie", async () => {
    const { user } = await registeredUser(loopback)
    for (const username of [user.username, user.email, 'DEMO', 'demo@clusterdeck.eu']) {
      const response = await new TestClient(loopback.app).post('/api/dev-login', { username })
      expect(response.statusCode, username).toBe(404)
      expect(response.json()).toEqual({ message: 'No such demo user' })
      expect(response.cookies).toEqual([])
    }
    expect(DEMO_ACCOUNTS.map((account) => account.username)).not.toContain(user.username)
  })
})
