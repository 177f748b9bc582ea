import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { auditEntries, clusterCredentials, clusters, organizations, users } from '#server/db/schema/index.ts'
import { registeredUser, signedInClient, tokenOf, waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { blueConfiguration } from '#tests/helpers/orders.ts'
import { linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/**
 * Cluster credentials against the real server: a kubeconfig is issued by a POST under
 * `clusters:write`, to a verified address, for the lifetime the person chose; the cluster's token
 * review answers from the account as it is at each review (deactivated, removed, erased, moved to
 * another organization, demoted), and from the credential (expired, revoked on the account page).
 */

let server: TestServer
beforeAll(async () => {
  // Many sign-ins and reviews from one address: the per-address limits are lifted.
  server = await startTestServer(LOOPBACK_LIMITS)
})
afterAll(() => server.close())

const PASSWORD = 'a-long-and-unusual-passphrase'
const DAY_MS = 86_400_000
const suffix = () => randomBytes(4).toString('hex')

/** A fresh organization: its admin (address verified) signed in, and one running cluster. */
async function organizationWithCluster() {
  const admin = await registeredUser(server)
  const verification = await waitForMailWithSubject(
    server.db,
    admin.registration.email.toLowerCase(),
    'Verify your email address',
  )
  const link = linkIn(verification.text)
  expect((await admin.client.get(link.pathname + link.search)).statusCode).toBe(303)
  const [row] = await server.db.select().from(users).where(eq(users.id, admin.user.id))
  const clusterId = await runningCluster(row!.organizationId)
  return { admin: admin.client, adminId: admin.user.id, organizationId: row!.organizationId, clusterId }
}

/** A running cluster of the organization, as provisioning leaves it (endpoint and CA known). */
async function runningCluster(organizationId: string) {
  const configuration = blueConfiguration(`creds-${suffix()}`)
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
  return cluster!.id
}

/** Invites an address and accepts from the mail's link (which verifies it): the member signed in. */
async function invited(admin: TestClient, role: 'user' | 'admin' = 'user') {
  const email = `member-${suffix()}@example.com`
  const sent = await admin.post('/api/organization/invitations', { email, role })
  expect(sent.statusCode, sent.body).toBe(201)
  const mail = await waitForMailWithSubject(server.db, email, /invites you/)
  const client = new TestClient(server.app)
  const username = `member-${suffix()}`
  const accepted = await client.post('/api/invitations/accept', {
    token: tokenOf(linkIn(mail.text)),
    username,
    name: 'Mel Member',
    password: PASSWORD,
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { client, email, username, id: accepted.json().id as string }
}

/** POST /api/clusters/:id/kubeconfig with the chosen lifetime. */
function issue(client: TestClient, clusterId: string, body: object = { lifetime: '7d' }) {
  return client.post(`/api/clusters/${clusterId}/kubeconfig`, body)
}

/** Downloads a kubeconfig and takes its token out of the file. */
async function downloadedToken(client: TestClient, clusterId: string) {
  const response = await issue(client, clusterId)
  expect(response.statusCode, response.body).toBe(200)
  const token = /token: (\S+)/.exec(response.body)?.[1]
  expect(token).toMatch(/^cdk_/)
  return token!
}

type ReviewStatus = { authenticated: boolean; user?: { username: string; groups: string[] } }

/** What the cluster's API server hears back: it calls without any session of its own. */
async function review(clusterId: string, token: string): Promise<ReviewStatus> {
  const response = await new TestClient(server.app).post(`/api/clusters/${clusterId}/token-review`, {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenReview',
    spec: { token },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().status
}

const credentialCount = async (clusterId: string) =>
  (await server.db.select().from(clusterCredentials).where(eq(clusterCredentials.clusterId, clusterId)))
    .length

type KubeconfigFile = {
  users: {
    name: string
    user: { token: string; extensions?: { name: string; extension: { expiresAt: string } }[] }
  }[]
}
const expiryIn = (text: string, index = 0) =>
  new Date((parse(text) as KubeconfigFile).users[index]!.user.extensions![0]!.extension.expiresAt).getTime()

describe('issuing a kubeconfig', () => {
  it('is a POST with the chosen lifetime, written in the file and listed on the account page', async () => {
    const { admin, clusterId, organizationId } = await organizationWithCluster()
    const member = await invited(admin)
    const before = Date.now()
    const response = await issue(member.client, clusterId, { lifetime: '1d' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('application/yaml')
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="creds-.*-kubeconfig\.yaml"/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const expiresAt = expiryIn(response.body)
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY_MS - 1_000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY_MS + 1_000)
    // A person reading the file sees it too.
    expect(response.body).toContain(`valid until ${new Date(expiresAt).toISOString()}`)
    expect(response.body).toContain('/account#cluster-credentials')

    const listed = (await member.client.get('/api/user/cluster-credentials')).json().items
    expect(listed).toEqual([
      expect.objectContaining({
        clusterId,
        clusterName: expect.stringMatching(/^creds-/),
        expiresAt: new Date(expiresAt).toISOString(),
        lastUsedAt: null,
      }),
    ])
    // The admin's own list holds only the admin's.
    expect((await admin.get('/api/user/cluster-credentials')).json().items).toEqual([])
    const [audit] = await server.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organizationId, organizationId),
          eq(auditEntries.action, 'cluster_credential.issued'),
        ),
      )
    expect(audit).toMatchObject({ targetType: 'cluster_credential', targetId: listed[0].id })
  })

  it('lives a week unless told otherwise, and at most 90 days', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const byDefault = await issue(admin, clusterId, {})
    expect(byDefault.statusCode, byDefault.body).toBe(200)
    expect(Math.round((expiryIn(byDefault.body) - Date.now()) / DAY_MS)).toBe(7)
    const quarter = await issue(admin, clusterId, { lifetime: '90d' })
    expect(Math.round((expiryIn(quarter.body) - Date.now()) / DAY_MS)).toBe(90)
    for (const lifetime of ['365d', '0d', 'forever'])
      expect((await issue(admin, clusterId, { lifetime })).statusCode).toBe(400)
  })

  it('the merged kubeconfig keeps each credential’s expiry', async () => {
    const { admin, clusterId, organizationId } = await organizationWithCluster()
    const second = await runningCluster(organizationId)
    const response = await admin.post('/api/clusters/kubeconfig', {
      clusterIds: [clusterId, second],
      lifetime: '30d',
    })
    expect(response.statusCode, response.body).toBe(200)
    for (const index of [0, 1])
      expect(Math.round((expiryIn(response.body, index) - Date.now()) / DAY_MS)).toBe(30)
    expect(response.body.match(/valid until/g)).toHaveLength(2)
    expect((await admin.get('/api/user/cluster-credentials')).json().items).toHaveLength(2)
  })

  it('attack: GET of the old download route answers 404 and issues nothing', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const response = await admin.get(`/api/clusters/${clusterId}/kubeconfig`)
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('cdk_')
    expect(await credentialCount(clusterId)).toBe(0)
  })

  it('attack: an API token that only reads clusters cannot obtain a kubeconfig', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const tokenWith = async (scopes: string[]) => {
      const created = await admin.post('/api/user/tokens', {
        name: `Script ${suffix()}`,
        scopes,
        lifetime: '30d',
      })
      expect(created.statusCode, created.body).toBe(201)
      return created.json().token as string
    }
    const asToken = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      })
    const reader = await tokenWith(['clusters:read'])
    const refused = await asToken(reader, 'POST', `/api/clusters/${clusterId}/kubeconfig`, { lifetime: '7d' })
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().code).toBe('TOKEN_SCOPE_MISSING')
    const merged = await asToken(reader, 'POST', '/api/clusters/kubeconfig', { clusterIds: [clusterId] })
    expect(merged.statusCode, merged.body).toBe(403)
    const oldRoute = await asToken(reader, 'GET', `/api/clusters/${clusterId}/kubeconfig`)
    expect(oldRoute.statusCode).toBe(404)
    expect(await credentialCount(clusterId)).toBe(0)
    // The token may still read the cluster it cannot get into.
    expect((await asToken(reader, 'GET', `/api/clusters/${clusterId}`)).statusCode).toBe(200)

    const writer = await tokenWith(['clusters:write'])
    const allowed = await asToken(writer, 'POST', `/api/clusters/${clusterId}/kubeconfig`, { lifetime: '1d' })
    expect(allowed.statusCode, allowed.body).toBe(200)
  })

  it('attack: an account whose address is not verified cannot download one', async () => {
    const { client, user } = await registeredUser(server)
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id))
    const clusterId = await runningCluster(row!.organizationId)
    const single = await issue(client, clusterId)
    expect(single.statusCode, single.body).toBe(403)
    expect(single.json().code).toBe('EMAIL_NOT_VERIFIED')
    const merged = await client.post('/api/clusters/kubeconfig', { clusterIds: [clusterId], lifetime: '1d' })
    expect(merged.statusCode, merged.body).toBe(403)
    expect(await credentialCount(clusterId)).toBe(0)
  })
})

describe('the token review of a member’s kubeconfig', () => {
  it('gives a member the members group and an admin the owners group', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const memberReview = await review(clusterId, await downloadedToken(member.client, clusterId))
    expect(memberReview).toMatchObject({
      authenticated: true,
      user: { username: expect.stringMatching(/^member-/) },
    })
    expect(memberReview.user!.groups).toEqual(['system:authenticated', 'clusterdeck:members'])
    const adminReview = await review(clusterId, await downloadedToken(admin, clusterId))
    expect(adminReview.user!.groups).toEqual(['system:authenticated', 'clusterdeck:owners'])
  })

  it('attack (H1): a deactivated member’s kubeconfig stops working', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    const deactivated = await admin.post(`/api/organization/members/${member.id}/deactivate`)
    expect(deactivated.statusCode, deactivated.body).toBe(200)
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
  })

  it('attack (H1): a removed member’s kubeconfig stops working', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    expect((await admin.delete(`/api/organization/members/${member.id}`)).statusCode).toBe(204)
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
  })

  it('attack (H1): an erased person’s kubeconfig stops working', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    const asked = await member.client.post('/api/user/gdpr/erasure', { reason: 'I leave the company' })
    expect(asked.statusCode, asked.body).toBe(201)
    const officer = await signedInClient(server, 'officer')
    const queue = (await officer.get('/api/officers/gdpr-requests')).json().items
    const request = queue.find((item: { email: string }) => item.email === member.email)
    expect((await officer.post(`/api/officers/gdpr-requests/${request.id}/approve`)).statusCode).toBe(204)
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
  })

  it('attack (H1): a demoted admin loses the owners group at once; a promotion gains it', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const colleague = await invited(admin, 'admin')
    const token = await downloadedToken(colleague.client, clusterId)
    expect((await review(clusterId, token)).user!.groups).toContain('clusterdeck:owners')
    const demoted = await admin.patch(`/api/organization/members/${colleague.id}`, { role: 'user' })
    expect(demoted.statusCode, demoted.body).toBe(200)
    const after = await review(clusterId, token)
    expect(after.user?.groups ?? []).not.toContain('clusterdeck:owners')
    if (after.authenticated) expect(after.user!.groups).toContain('clusterdeck:members')

    const member = await invited(admin)
    const memberToken = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, memberToken)).user!.groups).toContain('clusterdeck:members')
    expect((await admin.patch(`/api/organization/members/${member.id}`, { role: 'admin' })).statusCode).toBe(
      200,
    )
    const promoted = await review(clusterId, memberToken)
    if (promoted.authenticated) expect(promoted.user!.groups).toContain('clusterdeck:owners')
  })

  it('attack (H1): a credential of a person now in another organization is refused', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    // The person's account moves to an organization of its own (as the database may be changed by
    // operators): the cluster is no longer theirs.
    const [elsewhere] = await server.db
      .insert(organizations)
      .values({ name: `Elsewhere ${suffix()}`, billingId: `CD-ELSE-${suffix()}` })
      .returning()
    await server.db.update(users).set({ organizationId: elsewhere!.id }).where(eq(users.id, member.id))
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
  })

  it('attack: a token of another organization’s member gets nothing from this cluster', async () => {
    const ours = await organizationWithCluster()
    const theirs = await organizationWithCluster()
    const token = await downloadedToken(theirs.admin, theirs.clusterId)
    expect((await review(theirs.clusterId, token)).authenticated).toBe(true)
    expect(await review(ours.clusterId, token)).toEqual({ authenticated: false })
    // Nor can they ask for a kubeconfig of a cluster that is not theirs.
    expect((await issue(theirs.admin, ours.clusterId)).statusCode).toBe(404)
  })

  it('attack: an expired credential is refused', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const token = await downloadedToken(admin, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    // A day later, for the database: the credential's end is now behind.
    await server.db
      .update(clusterCredentials)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(clusterCredentials.clusterId, clusterId))
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
    expect((await admin.get('/api/user/cluster-credentials')).json().items).toEqual([])
  })

  it('attack: a credential revoked on the account page is refused; another person cannot revoke it', async () => {
    const { admin, clusterId, organizationId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    const [credential] = (await member.client.get('/api/user/cluster-credentials')).json().items
    // Not even the organization's admin: another person's credential is not found.
    expect((await admin.delete(`/api/user/cluster-credentials/${credential.id}`)).statusCode).toBe(404)
    expect((await review(clusterId, token)).authenticated).toBe(true)

    const revoked = await member.client.delete(`/api/user/cluster-credentials/${credential.id}`)
    expect(revoked.statusCode, revoked.body).toBe(204)
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
    expect((await member.client.get('/api/user/cluster-credentials')).json().items).toEqual([])
    expect((await member.client.delete(`/api/user/cluster-credentials/${credential.id}`)).statusCode).toBe(
      404,
    )
    const entries = await server.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organizationId, organizationId),
          eq(auditEntries.action, 'cluster_credential.revoked'),
        ),
      )
    expect(entries).toEqual([expect.objectContaining({ targetId: credential.id, actorLabel: member.email })])
  })

  it('refuses a member without two-factor authentication once the organization requires it', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const member = await invited(admin)
    const token = await downloadedToken(member.client, clusterId)
    expect((await review(clusterId, token)).authenticated).toBe(true)
    const settings = await admin.put('/api/organization/settings', { requireMfa: true, verifiedDomains: [] })
    expect(settings.statusCode, settings.body).toBe(200)
    expect(await review(clusterId, token)).toEqual({ authenticated: false })
  })

  it('records the last use, at most once a minute', async () => {
    const { admin, clusterId } = await organizationWithCluster()
    const token = await downloadedToken(admin, clusterId)
    await review(clusterId, token)
    const [first] = (await admin.get('/api/user/cluster-credentials')).json().items
    expect(first.lastUsedAt).not.toBeNull()
    await review(clusterId, token)
    const [second] = (await admin.get('/api/user/cluster-credentials')).json().items
    expect(second.lastUsedAt).toBe(first.lastUsedAt)
  })
})
