import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import { openSocket, parseMessage, refusedHandshakeStatus } from '#tests/helpers/realtime.ts'
import { APP_ORIGIN, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

let server: TestServer
let wsUrl: string
let demoId: string
let adminId: string
let demoCookie: string

beforeAll(async () => {
  server = await startTestServer()
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
  wsUrl = `${address.replace(/^http/, 'ws')}/ws`
  demoId = await userIdOf('demo')
  adminId = await userIdOf('admin')
  demoCookie = await sessionCookieOf('demo')
})
afterAll(() => server.close())

async function userIdOf(username: string): Promise<string> {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return row!.id
}

async function sessionCookieOf(username: string): Promise<string> {
  const client = new TestClient(server.app)
  const login = await client.post('/api/login', { username, password: DEMO_PASSWORD })
  expect(login.statusCode).toBe(200)
  return client.cookieHeader()
}

const signedInHeaders = () => ({ cookie: demoCookie, origin: APP_ORIGIN })

function notify(userId: string, message: string, type: 'info' | 'warning' = 'info') {
  return inTransaction(server.db, (uow) => createNotification(uow, { userId, type, message }))
}

describe('the /ws handshake', () => {
  it('is refused with 401 without a valid, completed session', async () => {
    expect(await refusedHandshakeStatus(wsUrl)).toBe(401)
    expect(await refusedHandshakeStatus(wsUrl, { origin: APP_ORIGIN })).toBe(401)
    expect(
      await refusedHandshakeStatus(wsUrl, { origin: APP_ORIGIN, cookie: 'cd_session=forged-token' }),
    ).toBe(401)
    // Password given, second factor still missing: not signed in yet.
    const mfaPending = new TestClient(server.app)
    const login = await mfaPending.post('/api/login', { username: 'secure', password: DEMO_PASSWORD })
    expect(login.json()).toEqual({ mfaRequired: true })
    expect(
      await refusedHandshakeStatus(wsUrl, { cookie: mfaPending.cookieHeader(), origin: APP_ORIGIN }),
    ).toBe(401)
  })

  it('is refused with 403 from a foreign origin, even with the session cookie', async () => {
    expect(await refusedHandshakeStatus(wsUrl, { cookie: demoCookie, origin: 'https://evil.example' })).toBe(
      403,
    )
    expect(await refusedHandshakeStatus(wsUrl, { cookie: demoCookie, origin: 'http://localhost:3001' })).toBe(
      403,
    )
    expect(await refusedHandshakeStatus(wsUrl, { origin: 'https://evil.example' })).toBe(403)
  })

  it('answers a plain HTTP request to /ws with a JSON error', async () => {
    const signedOut = await server.app.inject({ method: 'GET', url: '/ws' })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toEqual({ message: 'Please sign in to continue' })
    const signedIn = await server.app.inject({ method: 'GET', url: '/ws', headers: signedInHeaders() })
    expect(signedIn.statusCode).toBe(426)
    expect(signedIn.headers.upgrade).toBe('websocket')
    expect(signedIn.json()).toEqual({ message: 'Connect to /ws with a WebSocket' })
  })

  it('connects with the session cookie and answers ping with pong', async () => {
    const before = server.ctx.realtime.connectionCount()
    const client = await openSocket(wsUrl, signedInHeaders())
    expect(server.ctx.realtime.connectionCount()).toBe(before + 1)
    client.socket.send('ping')
    expect(await client.waitFor((message) => message === 'pong')).toBe('pong')
    await client.close()
    await expect.poll(() => server.ctx.realtime.connectionCount()).toBe(before)
  })
})

describe('notifications over /ws', () => {
  it("delivers the user's own notifications and nobody else's", async () => {
    const client = await openSocket(wsUrl, signedInHeaders())
    try {
      // Delivery keeps the order of publication: had the admin's arrived, it would come first.
      await notify(adminId, 'For the admin only')
      const created = await notify(demoId, 'Your cluster is ready', 'warning')

      const received = parseMessage(await client.waitFor((message) => message.includes(created.id)))
      expect(received).toEqual({
        ...created,
        type: 'notification',
        notificationType: 'warning',
        userId: demoId,
        message: 'Your cluster is ready',
      })
      expect(client.messages).toHaveLength(1)
    } finally {
      await client.close()
    }
  })

  it('is sent only once the kept notification list has dropped, so a refetch on it sees the new one', async () => {
    const client = await openSocket(wsUrl, signedInHeaders())
    const list = () =>
      server.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: demoCookie } })
    try {
      expect((await list()).statusCode).toBe(200)
      for (let round = 0; round < 20; round++) {
        // Kept in memory now; the message and the cache's invalidation arrive on two connections.
        await list()
        const created = await notify(demoId, `Refetched ${round}`)
        await client.waitFor((message) => message.includes(created.id))
        const items = (await list()).json() as { id: string }[]
        expect(items.map((item) => item.id)).toContain(created.id)
      }
    } finally {
      await client.close()
    }
  })

  it('waits for the change feed to catch up before it delivers', async () => {
    const client = await openSocket(wsUrl, signedInHeaders())
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = 0
    server.ctx.realtime.deliverAfter(async () => {
      asked++
      await held
    })
    try {
      const created = await notify(demoId, 'Held until the caches heard of it')
      await expect.poll(() => asked).toBeGreaterThan(0)
      expect(client.messages.some((message) => message.includes(created.id))).toBe(false)
      release()
      await client.waitFor((message) => message.includes(created.id))
    } finally {
      server.ctx.realtime.deliverAfter(() => server.app.changes.sync())
      await client.close()
    }
  })

  it('reaches every open tab of the user', async () => {
    const first = await openSocket(wsUrl, signedInHeaders())
    const second = await openSocket(wsUrl, signedInHeaders())
    try {
      const created = await notify(demoId, 'Seen in both tabs')
      for (const tab of [first, second]) {
        const received = parseMessage(await tab.waitFor((message) => message.includes(created.id)))
        expect(received).toMatchObject({ type: 'notification', userId: demoId, message: 'Seen in both tabs' })
      }
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('never announces a notification whose transaction rolled back', async () => {
    const client = await openSocket(wsUrl, signedInHeaders())
    try {
      await expect(
        inTransaction(server.db, async (uow) => {
          await createNotification(uow, { userId: demoId, type: 'info', message: 'Rolled back' })
          throw new Error('abort')
        }),
      ).rejects.toThrow('abort')
      const committed = await inTransaction(server.db, (uow) =>
        createNotification(uow, { userId: demoId, type: 'info', message: 'Committed' }),
      )
      await client.waitFor((message) => message.includes(committed.id))
      expect(client.messages.map((message) => parseMessage(message)?.message)).toEqual(['Committed'])
    } finally {
      await client.close()
    }
  })

  it('stops delivering once the session behind the socket has ended, and closes the socket', async () => {
    const tab = new TestClient(server.app)
    expect((await tab.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })).statusCode).toBe(200)
    const ending = await openSocket(wsUrl, { cookie: tab.cookieHeader(), origin: APP_ORIGIN })
    const staying = await openSocket(wsUrl, signedInHeaders())
    try {
      expect((await tab.post('/api/logout')).statusCode).toBe(200)

      const created = await notify(demoId, 'After the logout')
      await staying.waitFor((message) => message.includes(created.id))
      expect(await ending.closed()).toBe(1008)
      expect(ending.messages).toEqual([])
    } finally {
      await Promise.all([ending.close(), staying.close()])
    }
  })

  it('closes the socket on a message over 64 KB', async () => {
    const client = await openSocket(wsUrl, signedInHeaders())
    client.socket.send('x'.repeat(64 * 1024 + 1))
    expect(await client.closed()).toBe(1009)
  })
})
