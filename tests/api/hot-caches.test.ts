import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANGES_CHANNEL } from '#server/db/change-feed.ts'
import { clusters, orders } from '#server/db/schema/index.ts'
import { registeredUser } from '#tests/helpers/auth.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * What each instance keeps in memory (sessions, notification lists, sidebar counts, cluster
 * types) is really served, only while the change feed is heard, and dropped by any writer's
 * change. A deletion PostgreSQL does not announce (its triggers off for one transaction) shows
 * which answer came from memory.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '1000' })
})
afterAll(() => server.close())

/** Deletes a user's sessions with the triggers off: no instance hears of it. */
async function deleteSessionsUnannounced(userId: string) {
  const client = await server.db.$client.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL session_replication_role = replica')
    await client.query('DELETE FROM sessions WHERE user_id = $1', [userId])
    await client.query('COMMIT')
  } finally {
    client.release()
  }
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the session kept in memory', () => {
  it('answers from memory until PostgreSQL announces the change', async () => {
    const { client, user } = await registeredUser(server)
    expect((await client.get('/api/user')).statusCode).toBe(200)
    await deleteSessionsUnannounced(user.id)
    // Served from memory: the row is gone but no trigger said so.
    expect((await client.get('/api/user')).statusCode).toBe(200)
    await server.db.$client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `user:${user.id}`])
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('is dropped by a change to its organization', async () => {
    const { client } = await registeredUser(server)
    const before = (await client.get('/api/user')).json() as { companyName: string; companyId: string }
    await server.db.$client.query('UPDATE organizations SET name = $1 WHERE billing_id = $2', [
      'Renamed Company',
      before.companyId,
    ])
    expect((await client.get('/api/user')).json().companyName).toBe('Renamed Company')
  })

  it('is bypassed while the listening connection is down, and kept again once it is back', async () => {
    const { client, user } = await registeredUser(server)
    expect((await client.get('/api/user')).statusCode).toBe(200)
    await server.db.$client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND datname = current_database()',
      [`LISTEN ${CHANGES_CHANNEL}`],
    )
    await until(() => !server.app.changes.isReliable(), 'losing the listener')
    await deleteSessionsUnannounced(user.id)
    expect((await client.get('/api/user')).statusCode).toBe(401)

    await until(() => server.app.changes.isReliable(), 'the listener coming back')
    const again = await registeredUser(server)
    expect((await again.client.get('/api/user')).statusCode).toBe(200)
    await deleteSessionsUnannounced(again.user.id)
    expect((await again.client.get('/api/user')).statusCode).toBe(200)
  })
})

describe('the hot reads kept in memory', () => {
  it('answer a poller 304 until a notification arrives, whoever writes it', async () => {
    const { client, user } = await registeredUser(server)
    const first = await client.get('/api/notifications')
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const poll = () =>
      client.request({ method: 'GET', url: '/api/notifications', headers: { 'if-none-match': etag } })
    const unchanged = await poll()
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')

    await server.db.$client.query(
      "INSERT INTO notifications (user_id, message) VALUES ($1, 'Written at psql')",
      [user.id],
    )
    const changed = await poll()
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect((changed.json() as { message: string }[]).map((item) => item.message)).toContain('Written at psql')
  })

  it("count an organization's new cluster and order at once", async () => {
    const { client } = await registeredUser(server)
    const before = await client.get('/api/sidebar-counts')
    expect(before.json()).toEqual({ clusters: 0, orders: { total: 0 } })
    const { companyId } = (await client.get('/api/user')).json() as { companyId: string }
    const [{ id: organizationId }] = (
      await server.db.$client.query<{ id: string }>('SELECT id FROM organizations WHERE billing_id = $1', [
        companyId,
      ])
    ).rows as [{ id: string }]
    await server.db.insert(clusters).values({ organizationId, name: 'cached-count', status: 'running' })
    expect((await client.get('/api/sidebar-counts')).json()).toEqual({ clusters: 1, orders: { total: 0 } })
    await server.db.insert(orders).values({ organizationId, reference: `ORD-2026-${Date.now() % 1_000_000}` })
    expect((await client.get('/api/sidebar-counts')).json()).toEqual({ clusters: 1, orders: { total: 1 } })
  })

  it('serve the cluster types from memory until the catalog changes', async () => {
    const visitor = new TestClient(server.app)
    const first = await visitor.get('/api/cluster-tiers')
    const tiers = first.json() as { id: string; name: string }[]
    expect(tiers.length).toBeGreaterThan(0)
    const renamed = `${tiers[0]!.name} (renamed)`
    await server.db.$client.query('UPDATE cluster_types SET name = $1 WHERE id = $2', [renamed, tiers[0]!.id])
    expect((await visitor.get('/api/cluster-tiers')).json()[0].name).toBe(renamed)
    await server.db.$client.query('UPDATE cluster_types SET name = $1 WHERE id = $2', [
      tiers[0]!.name,
      tiers[0]!.id,
    ])
  })

  it('keep nothing while the listener is down', async () => {
    const { client, user } = await registeredUser(server)
    await client.get('/api/notifications')
    await server.db.$client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND datname = current_database()',
      [`LISTEN ${CHANGES_CHANNEL}`],
    )
    await until(() => !server.app.changes.isReliable(), 'losing the listener')
    const client2 = await server.db.$client.connect()
    try {
      await client2.query('BEGIN')
      await client2.query('SET LOCAL session_replication_role = replica')
      await client2.query("INSERT INTO notifications (user_id, message) VALUES ($1, 'Unannounced')", [
        user.id,
      ])
      await client2.query('COMMIT')
    } finally {
      client2.release()
    }
    const list = (await client.get('/api/notifications')).json() as { message: string }[]
    expect(list.map((item) => item.message)).toContain('Unannounced')
    await until(() => server.app.changes.isReliable(), 'the listener coming back')
  })
})
