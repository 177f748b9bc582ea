import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterCredentials, clusters, users } from '#server/db/schema/index.ts'
import { EXEC_CREDENTIAL_MINUTES } from '#server/modules/clusters/kubeconfig.ts'
import { signedInClient } from '#tests/helpers/auth.ts'
import { blueConfiguration } from '#tests/helpers/orders.ts'
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/**
 * What the command-line client needs of the API: the short-lived credential of the kubectl exec
 * plugin (POST /api/clusters/:id/credentials/exec) with its attacks, the token listing and revoking
 * its owner's tokens but never creating one, and the request id on every answer.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(LOOPBACK_LIMITS)
})
afterAll(() => server.close())

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function organizationIdOf(username: string) {
  const [row] = await server.db.select().from(users).where(eq(users.username, username))
  return row!.organizationId
}

async function runningCluster(organizationId: string) {
  const configuration = blueConfiguration()
  const [cluster] = await server.db
    .insert(clusters)
    .values({
      organizationId,
      name: configuration.name,
      status: 'running',
      configuration,
      clusterTypeId: 'blue',
      dataCenterCode: configuration.dataCenterCode,
      kubernetesVersion: '1.36',
      kubernetesPatch: '1.36.6',
      endpoint: `https://${configuration.name}.de-fra-1.k8s.clusterdeck.eu:6443`,
      caCertificate: '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n',
    })
    .returning()
  return cluster!
}

async function tokenOf(client: TestClient, scopes: string[]) {
  const created = await client.post('/api/user/tokens', { name: 'cli', scopes, lifetime: '30d' })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as { id: string; token: string }
}

function exec(clusterId: string, token: string) {
  return server.app.inject({
    method: 'POST',
    url: `/api/clusters/${clusterId}/credentials/exec`,
    headers: bearer(token),
  })
}

async function review(clusterId: string, token: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/clusters/${clusterId}/token-review`,
    payload: { kind: 'TokenReview', spec: { token } },
  })
  return response.json().status.authenticated as boolean
}

describe('the exec credential', () => {
  it('is a token living an hour with the cluster entry, recorded and accepted by the review', async () => {
    const admin = await signedInClient(server, 'admin')
    const cluster = await runningCluster(await organizationIdOf('admin'))
    const { token } = await tokenOf(admin, ['clusters:write'])
    const before = Date.now()
    const response = await exec(cluster.id, token)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json()
    // The simulated driver's kubeconfigs name the Kubernetes API listener.
    expect(body).toMatchObject({ clusterName: cluster.name, server: server.ctx.config.kubeApi.url })
    expect(Buffer.from(body.certificateAuthorityData, 'base64').toString()).toContain('BEGIN CERTIFICATE')
    const expiresAt = new Date(body.expiresAt).getTime()
    expect(expiresAt).toBeGreaterThanOrEqual(before + EXEC_CREDENTIAL_MINUTES * 60_000 - 1_000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + EXEC_CREDENTIAL_MINUTES * 60_000 + 1_000)
    expect(await review(cluster.id, body.token)).toBe(true)
    const rows = await server.db
      .select()
      .from(clusterCredentials)
      .where(eq(clusterCredentials.clusterId, cluster.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).not.toContain(body.token)
  })

  it('attack: a cluster of another organization is a 404 and issues nothing', async () => {
    const demo = await signedInClient(server, 'demo')
    const { token } = await tokenOf(demo, ['clusters:write'])
    const foreign = await runningCluster(await organizationIdOf('officer'))
    expect(await organizationIdOf('officer')).not.toBe(await organizationIdOf('demo'))
    const response = await exec(foreign.id, token)
    expect(response.statusCode).toBe(404)
    expect(
      await server.db.select().from(clusterCredentials).where(eq(clusterCredentials.clusterId, foreign.id)),
    ).toHaveLength(0)
  })

  it('attack: a read-only token is a 403', async () => {
    const admin = await signedInClient(server, 'admin')
    const cluster = await runningCluster(await organizationIdOf('admin'))
    const { token } = await tokenOf(admin, ['clusters:read'])
    const response = await exec(cluster.id, token)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('TOKEN_SCOPE_MISSING')
  })

  it('attack: the token of a removed member gets nothing, and its credential stops at the review', async () => {
    const admin = await signedInClient(server, 'admin')
    const organizationId = await organizationIdOf('admin')
    const cluster = await runningCluster(organizationId)
    const demo = await signedInClient(server, 'demo')
    expect(await organizationIdOf('demo')).toBe(organizationId)
    const { token } = await tokenOf(demo, ['clusters:write'])
    const issued = await exec(cluster.id, token)
    expect(issued.statusCode, issued.body).toBe(200)
    const [member] = await server.db.select().from(users).where(eq(users.username, 'demo'))
    const removed = await admin.delete(`/api/organization/members/${member!.id}`)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await exec(cluster.id, token)).statusCode).toBe(401)
    expect(await review(cluster.id, issued.json().token)).toBe(false)
  })
})

describe('a token and its owner’s tokens', () => {
  it('lists them and revokes one, itself included, but never creates one', async () => {
    const officer = await signedInClient(server, 'officer')
    const first = await tokenOf(officer, ['support:read'])
    const second = await tokenOf(officer, ['clusters:read'])
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/user/tokens',
      headers: bearer(first.token),
    })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().items.map((entry: { id: string }) => entry.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    )
    expect(listed.body).not.toContain(first.token)
    const create = await server.app.inject({
      method: 'POST',
      url: '/api/user/tokens',
      headers: bearer(first.token),
      payload: { name: 'more', scopes: ['clusters:write'], lifetime: '1y' },
    })
    expect(create.statusCode).toBe(403)
    expect(create.json().code).toBe('TOKEN_NOT_ACCEPTED')
    const revokeOther = await server.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${second.id}`,
      headers: bearer(first.token),
    })
    expect(revokeOther.statusCode).toBe(204)
    const revokeSelf = await server.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${first.id}`,
      headers: bearer(first.token),
    })
    expect(revokeSelf.statusCode).toBe(204)
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/user/tokens',
      headers: bearer(first.token),
    })
    expect(after.statusCode).toBe(401)
  })

  it("attack: a token cannot revoke another person's token (404), nor touch the rest of the account", async () => {
    const admin = await signedInClient(server, 'admin')
    const superadmin = await signedInClient(server, 'superadmin')
    const mine = await tokenOf(admin, ['clusters:read'])
    const theirs = await tokenOf(superadmin, ['clusters:read'])
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/user/tokens/${theirs.id}`,
      headers: bearer(mine.token),
    })
    expect(response.statusCode).toBe(404)
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/clusters', headers: bearer(theirs.token) }))
        .statusCode,
    ).toBe(200)
    const password = await server.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(mine.token),
      payload: { currentPassword: 'x', password: 'y' },
    })
    expect(password.statusCode).toBe(403)
  })

  it('every answer carries the request id the logs know it by', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/clusters' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/)
  })
})
