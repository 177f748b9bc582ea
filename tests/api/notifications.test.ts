import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { notifications, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification, type NewNotification } from '#server/modules/notifications/service.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

let server: TestServer
let demoId: string
let adminId: string
let demo: TestClient

beforeAll(async () => {
  server = await startTestServer()
  demoId = await userIdOf('demo')
  adminId = await userIdOf('admin')
  demo = await signedIn('demo')
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.db.delete(notifications)
})

async function userIdOf(username: string): Promise<string> {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return row!.id
}

async function signedIn(username: string): Promise<TestClient> {
  const client = new TestClient(server.app)
  const login = await client.post('/api/login', { username, password: DEMO_PASSWORD })
  expect(login.statusCode).toBe(200)
  return client
}

const BASE_TIME = Date.parse('2026-03-01T12:00:00.000Z')

/** Creates a notification the way the app does, then dates it `minutesAgo` before BASE_TIME. */
async function notify(
  userId: string,
  message: string,
  minutesAgo: number,
  extra: Partial<NewNotification> = {},
) {
  const created = await inTransaction(server.db, (uow) =>
    createNotification(uow, {
      userId,
      type: 'info',
      message,
      ...extra,
    }),
  )
  const createdAt = new Date(BASE_TIME - minutesAgo * 60_000)
  await server.db.update(notifications).set({ createdAt }).where(eq(notifications.id, created.id))
  return { ...created, timestamp: createdAt.toISOString() }
}

async function rowOf(id: string) {
  const [row] = await server.db.select().from(notifications).where(eq(notifications.id, id))
  return row!
}

describe('GET /api/notifications', () => {
  it("lists the caller's non-trashed notifications, newest first, in the response shape", async () => {
    const oldest = await notify(demoId, 'Oldest', 30)
    const newest = await notify(demoId, 'Newest', 1, {
      type: 'success',
      title: 'Cluster ready',
      link: '/clusters',
    })
    const middle = await notify(demoId, 'Middle', 10, { type: 'warning' })
    const trashed = await notify(demoId, 'Trashed', 0)
    await server.db.update(notifications).set({ trash: true }).where(eq(notifications.id, trashed.id))
    await notify(adminId, "Admin's own", 0)

    const response = await demo.get('/api/notifications')
    expect(response.statusCode).toBe(200)
    const list = response.json()
    expect(list.map((item: { message: string }) => item.message)).toEqual(['Newest', 'Middle', 'Oldest'])
    expect(list[0]).toEqual({
      id: newest.id,
      type: 'success',
      title: 'Cluster ready',
      message: 'Newest',
      link: '/clusters',
      timestamp: newest.timestamp,
      read: false,
      trash: false,
    })
    expect(list[1]).toMatchObject({ id: middle.id, type: 'warning', title: null, link: null })
    expect(list[2]).toMatchObject({ id: oldest.id, timestamp: '2026-03-01T11:30:00.000Z' })
  })

  it('returns only the newest `limit` notifications and refuses a bad limit with 400', async () => {
    for (let minutesAgo = 1; minutesAgo <= 4; minutesAgo++)
      await notify(demoId, `${minutesAgo} min ago`, minutesAgo)

    const limited = await demo.get('/api/notifications?limit=2')
    expect(limited.statusCode).toBe(200)
    expect(limited.json().map((item: { message: string }) => item.message)).toEqual([
      '1 min ago',
      '2 min ago',
    ])
    expect((await demo.get('/api/notifications?limit=500')).json()).toHaveLength(4)

    for (const limit of ['0', '-1', 'abc', '1.5', '5001']) {
      const bad = await demo.get(`/api/notifications?limit=${limit}`)
      expect(bad.statusCode, `limit=${limit}`).toBe(400)
      expect(bad.headers['content-type']).toMatch(/application\/json/)
      expect(bad.json()).toMatchObject({
        message: expect.stringMatching(/^Invalid querystring\.limit/),
        code: 'VALIDATION_FAILED',
        issues: [expect.objectContaining({ path: 'querystring.limit' })],
      })
    }
  })
})

describe('GET /api/notifications/count', () => {
  it('counts unread notifications that are not trashed', async () => {
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 0 })
    await notify(demoId, 'Unread one', 3)
    await notify(demoId, 'Unread two', 2)
    const read = await notify(demoId, 'Read', 1)
    await server.db.update(notifications).set({ read: true }).where(eq(notifications.id, read.id))
    const trashed = await notify(demoId, 'Trashed unread', 0)
    await server.db.update(notifications).set({ trash: true }).where(eq(notifications.id, trashed.id))
    await notify(adminId, "Admin's unread", 0)

    const response = await demo.get('/api/notifications/count')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ count: 2 })
  })
})

describe('PUT /api/notifications/:id/read', () => {
  it('marks one notification as read and returns it', async () => {
    const target = await notify(demoId, 'Read me', 2)
    const other = await notify(demoId, 'Leave me', 1)

    const response = await demo.put(`/api/notifications/${target.id}/read`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ...target, read: true })
    expect((await rowOf(target.id)).read).toBe(true)
    expect((await rowOf(other.id)).read).toBe(false)
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 1 })

    // Reading it again is harmless.
    const again = await demo.put(`/api/notifications/${target.id}/read`)
    expect(again.statusCode).toBe(200)
    expect(again.json().read).toBe(true)
  })
})

describe('POST /api/notifications/mark-all-read', () => {
  it("marks the caller's unread notifications as read and says how many", async () => {
    await notify(demoId, 'One', 3)
    await notify(demoId, 'Two', 2)
    const alreadyRead = await notify(demoId, 'Already read', 1)
    await demo.put(`/api/notifications/${alreadyRead.id}/read`)
    const admins = await notify(adminId, "Admin's", 0)

    const response = await demo.post('/api/notifications/mark-all-read')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ updated: 2 })
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 0 })
    const list = (await demo.get('/api/notifications')).json()
    expect(list).toHaveLength(3)
    expect(list.every((item: { read: boolean }) => item.read)).toBe(true)
    expect((await rowOf(admins.id)).read).toBe(false)

    expect((await demo.post('/api/notifications/mark-all-read')).json()).toEqual({ updated: 0 })
  })
})

describe('PUT /api/notifications/:id/trash', () => {
  it('hides the notification from the list and the count for good', async () => {
    const kept = await notify(demoId, 'Kept', 2)
    const target = await notify(demoId, 'Throw away', 1)
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 2 })

    const response = await demo.put(`/api/notifications/${target.id}/trash`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: target.id, message: 'Throw away', trash: true })
    expect((await rowOf(target.id)).trash).toBe(true)

    expect((await demo.get('/api/notifications')).json().map((item: { id: string }) => item.id)).toEqual([
      kept.id,
    ])
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 1 })

    for (const action of ['read', 'trash']) {
      const again = await demo.put(`/api/notifications/${target.id}/${action}`)
      expect(again.statusCode, action).toBe(404)
      expect(again.json()).toEqual({ message: 'Notification not found' })
    }
    // Mark all read does not reach into the trash either.
    expect((await demo.post('/api/notifications/mark-all-read')).json()).toEqual({ updated: 1 })
    expect((await demo.get('/api/notifications')).json()).toHaveLength(1)
  })
})

describe('isolation between users', () => {
  it("never shows, reads or trashes another user's notification", async () => {
    const admins = await notify(adminId, 'For the admin only', 1)
    const before = await rowOf(admins.id)

    expect((await demo.get('/api/notifications')).json()).toEqual([])
    expect((await demo.get('/api/notifications/count')).json()).toEqual({ count: 0 })
    for (const action of ['read', 'trash']) {
      const response = await demo.put(`/api/notifications/${admins.id}/${action}`)
      expect(response.statusCode, action).toBe(404)
      expect(response.json()).toEqual({ message: 'Notification not found' })
    }
    await demo.post('/api/notifications/mark-all-read')
    expect(await rowOf(admins.id)).toEqual(before)

    const admin = await signedIn('admin')
    expect((await admin.get('/api/notifications')).json()).toEqual([
      expect.objectContaining({ id: admins.id }),
    ])
  })

  it('refuses changes requested from another origin with 403 and changes nothing', async () => {
    const target = await notify(demoId, 'Not from evil.example', 1)
    for (const request of [
      { method: 'PUT' as const, url: `/api/notifications/${target.id}/read` },
      { method: 'PUT' as const, url: `/api/notifications/${target.id}/trash` },
      { method: 'POST' as const, url: '/api/notifications/mark-all-read' },
    ]) {
      const response = await demo.request({ ...request, headers: { origin: 'https://evil.example' } })
      expect(response.statusCode, request.url).toBe(403)
      expect(response.json()).toEqual({
        message: 'Cross-origin request refused',
        code: 'CSRF_ORIGIN_MISMATCH',
      })
    }
    expect(await rowOf(target.id)).toMatchObject({ read: false, trash: false })
  })

  it('answers an id that is not a UUID with a JSON 400', async () => {
    for (const action of ['read', 'trash']) {
      const response = await demo.put(`/api/notifications/not-a-uuid/${action}`)
      expect(response.statusCode, action).toBe(400)
      expect(response.headers['content-type']).toMatch(/application\/json/)
      expect(response.json()).toMatchObject({
        message: 'Invalid params.id: Unknown notification',
        code: 'VALIDATION_FAILED',
      })
    }
  })

  it('answers every notification call with 401 when signed out', async () => {
    const target = await notify(demoId, 'Private', 1)
    const anonymous = new TestClient(server.app)
    const calls = [
      () => anonymous.get('/api/notifications'),
      () => anonymous.get('/api/notifications/count'),
      () => anonymous.put(`/api/notifications/${target.id}/read`),
      () => anonymous.post('/api/notifications/mark-all-read'),
      () => anonymous.put(`/api/notifications/${target.id}/trash`),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Please sign in to continue' })
    }
    const row = await rowOf(target.id)
    expect(row).toMatchObject({ read: false, trash: false })
  })
})
