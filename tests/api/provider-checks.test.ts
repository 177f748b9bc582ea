import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/**
 * Issue 24, L6: the provider checks diagnose the operator's own infrastructure (with the Cluster
 * API driver they read the management cluster's secrets): the platform operator runs them, signed
 * in; a customer, an officer, an organization admin and every API token are refused.
 */

const CHECK = '/api/providers/aws/check'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(LOOPBACK_LIMITS)
})
afterAll(() => server.close())

async function signIn(username: string) {
  const client = new TestClient(server.app)
  const response = await client.post('/api/login', { username, password: DEMO_PASSWORD })
  expect(response.statusCode, response.body).toBe(200)
  return client
}

describe('GET /api/providers/:provider/check', () => {
  it('runs for the platform operator', async () => {
    const operator = await signIn('superadmin')
    const response = await operator.get(CHECK)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ provider: 'aws', simulated: true })
  })

  it.each(['demo', 'admin', 'officer'])('refuses %s with 403', async (username) => {
    const response = await (await signIn(username)).get(CHECK)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: 'Only the platform operator may do this' })
  })

  it.each([
    ['demo', 'clusters:read'],
    ['demo', 'clusters:write'],
    ['superadmin', 'clusters:read'],
    ['superadmin', 'clusters:write'],
  ])("refuses %s's API token with the scope %s (403)", async (username, scope) => {
    const owner = await signIn(username)
    const created = await owner.post('/api/user/tokens', {
      name: `check ${scope}`,
      scopes: [scope],
      lifetime: '30d',
    })
    expect(created.statusCode, created.body).toBe(201)
    const response = await server.app.inject({
      method: 'GET',
      url: CHECK,
      headers: { authorization: `Bearer ${created.json().token}` },
    })
    expect(response.statusCode).toBe(403)
    // The token still works where its scope reaches.
    const clusters = await server.app.inject({
      method: 'GET',
      url: '/api/clusters',
      headers: { authorization: `Bearer ${created.json().token}` },
    })
    expect(clusters.statusCode, clusters.body).toBe(200)
  })
})
