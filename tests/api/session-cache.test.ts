import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANGES_CHANNEL } from '#server/db/change-feed.ts'
import { registeredUser } from '#tests/helpers/auth.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The in-memory sessions are really served, and only while the change feed is heard: a deletion
 * PostgreSQL does not announce (its triggers off for one transaction) shows which answer came
 * from memory.
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
