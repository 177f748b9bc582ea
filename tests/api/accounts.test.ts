import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import type { Member } from '#common/schemas/accounts.ts'
import {
  apiTokens,
  auditEntries,
  clusters,
  invoices,
  supportTickets,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { mailExpiringTokens } from '#server/modules/auth/api-tokens.ts'
import { finaliseInvoice } from '#server/modules/billing/invoice-issuing.ts'
import {
  mailsTo,
  newRegistration,
  registeredUser,
  tokenOf,
  totpCode,
  verifiedUser,
  waitForMailWithSubject,
} from '#tests/helpers/auth.ts'
import { blueConfiguration, orderBody } from '#tests/helpers/orders.ts'
import { linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/**
 * Organization administration against the real server: invitations, roles, deactivation and
 * removal with the last-admin rule, registrations and promotion requests, the caller's sessions,
 * and the audit log they all write to.
 */

let server: TestServer
beforeAll(async () => {
  // Many sign-ins from one address: the per-address limits are lifted, as for the matrix.
  server = await startTestServer(LOOPBACK_LIMITS)
})
afterAll(() => server.close())

const PASSWORD = 'a-long-and-unusual-passphrase'
const suffix = () => randomBytes(4).toString('hex')

/** A fresh organization with its admin signed in. */
async function organization() {
  const admin = await verifiedUser(server)
  const [row] = await server.db.select().from(users).where(eq(users.id, admin.user.id))
  return { ...admin, organizationId: row!.organizationId, companyId: admin.registration.companyId }
}

/** Invites an address and accepts from the mail's link: the new member's signed-in client. */
async function invited(admin: TestClient, role: 'user' | 'admin' = 'user') {
  const email = `invitee-${suffix()}@example.com`
  const sent = await admin.post('/api/organization/invitations', { email, role })
  expect(sent.statusCode, sent.body).toBe(201)
  const mail = await waitForMailWithSubject(server.db, email, /invites you/)
  const token = tokenOf(linkIn(mail.text))
  const client = new TestClient(server.app)
  const username = `invitee-${suffix()}`
  const accepted = await client.post('/api/invitations/accept', {
    token,
    username,
    name: 'Ivy Invitee',
    password: PASSWORD,
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { client, email, username, id: accepted.json().id as string, token }
}

const actionsOf = async (organizationId: string) =>
  (
    await server.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
  ).map((row) => row.action)

describe('invitations', () => {
  it('mail a link that creates the account in the organization, once', async () => {
    const { client: admin, organizationId, registration } = await organization()
    const email = `invitee-${suffix()}@example.com`
    const sent = await admin.post('/api/organization/invitations', { email, role: 'user' })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({
      email,
      role: 'user',
      status: 'pending',
      invitedBy: registration.name,
    })
    expect((await admin.post('/api/organization/invitations', { email })).statusCode).toBe(409)

    const mail = await waitForMailWithSubject(
      server.db,
      email,
      `${registration.name} invites you to ${registration.companyName} on Clusterdeck`,
    )
    const link = linkIn(mail.text)
    expect(link.pathname).toBe('/accept-invitation')
    const token = tokenOf(link)
    const visitor = new TestClient(server.app)
    const preview = await visitor.post('/api/invitations/preview', { token })
    expect(preview.json()).toMatchObject({ email, organizationName: registration.companyName, role: 'user' })

    const accepted = await visitor.post('/api/invitations/accept', {
      token,
      username: `ivy-${suffix()}`,
      name: 'Ivy Invitee',
      password: PASSWORD,
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({
      email,
      role: 'user',
      membershipStatus: 'active',
      emailVerified: true,
    })
    expect((await visitor.get('/api/user')).statusCode).toBe(200)
    // The link works once.
    expect((await visitor.post('/api/invitations/preview', { token })).statusCode).toBe(404)

    const members = (await admin.get('/api/organization/members')).json().items as Member[]
    expect(members.map((member) => member.email)).toContain(email)
    expect((await admin.get('/api/organization/invitations')).json().items).toEqual([])
    const actions = await actionsOf(organizationId)
    expect(actions.filter((action) => action === 'invitation.sent')).toHaveLength(1)
    expect(actions.filter((action) => action === 'invitation.accepted')).toHaveLength(1)
  })

  it('can be resent (the old link stops) and revoked', async () => {
    const { client: admin } = await organization()
    const email = `invitee-${suffix()}@example.com`
    const sent = (await admin.post('/api/organization/invitations', { email })).json()
    const first = tokenOf(linkIn((await waitForMailWithSubject(server.db, email, /invites you/)).text))
    const resentAt = new Date()
    expect((await admin.post(`/api/organization/invitations/${sent.id}/resend`)).statusCode).toBe(200)
    const second = tokenOf(
      linkIn((await waitForMailWithSubject(server.db, email, /invites you/, { after: resentAt })).text),
    )
    const visitor = new TestClient(server.app)
    expect((await visitor.post('/api/invitations/preview', { token: first })).statusCode).toBe(404)
    expect((await visitor.post('/api/invitations/preview', { token: second })).statusCode).toBe(200)
    expect((await admin.delete(`/api/organization/invitations/${sent.id}`)).statusCode).toBe(204)
    expect((await visitor.post('/api/invitations/preview', { token: second })).statusCode).toBe(404)
  })

  it('answer an address that has an account exactly like any other, and tell its holder without a link (L3)', async () => {
    const { client: admin } = await organization()
    const other = await registeredUser(server)
    const registered = other.registration.email.toLowerCase()
    const unknown = `nobody-${suffix()}@example.com`
    const answers = [
      await admin.post('/api/organization/invitations', { email: registered }),
      await admin.post('/api/organization/invitations', { email: unknown }),
    ]
    // Same status, same body but for the address, the id and the instants: nothing tells them apart.
    const comparable = (answer: (typeof answers)[number]) => {
      const { id, email, expiresAt, createdAt, ...rest } = answer.json()
      return { httpStatus: answer.statusCode, keys: Object.keys(answer.json()).sort(), ...rest }
    }
    expect(comparable(answers[0]!)).toEqual(comparable(answers[1]!))
    expect(answers[0]!.statusCode).toBe(201)
    expect(answers.map((answer) => answer.json().email)).toEqual([registered, unknown])
    // The holder of the account is told, with no link to accept; the unknown address gets its link.
    const notice = await waitForMailWithSubject(server.db, registered, /invited you to/)
    expect(notice.text).toContain('already has a Clusterdeck account')
    expect(notice.text).not.toMatch(/https?:\/\//)
    await waitForMailWithSubject(server.db, unknown, /invites you/)
  })
})

describe('members', () => {
  it('keep their last admin: no demotion, deactivation or removal (409)', async () => {
    const { client: admin, user } = await organization()
    const colleague = await invited(admin)
    for (const answer of [
      await admin.patch(`/api/organization/members/${user.id}`, { role: 'user' }),
      await admin.post(`/api/organization/members/${user.id}/deactivate`),
      await admin.delete(`/api/organization/members/${user.id}`),
    ]) {
      expect(answer.statusCode).toBe(409)
      expect(answer.json()).toMatchObject({ code: 'LAST_ADMIN' })
      expect(answer.json().message).toContain('last admin')
    }
    // The colleague becomes admin, the first admin is demoted by them, and the colleague stays last.
    expect(
      (await admin.patch(`/api/organization/members/${colleague.id}`, { role: 'admin' })).statusCode,
    ).toBe(200)
    const promoted = await signIn(colleague.username)
    expect((await promoted.patch(`/api/organization/members/${user.id}`, { role: 'user' })).statusCode).toBe(
      200,
    )
    for (const answer of [
      await promoted.patch(`/api/organization/members/${colleague.id}`, { role: 'user' }),
    ]) {
      expect(answer.statusCode).toBe(409)
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, colleague.id))
    expect(row!.role).toBe('admin')
  })

  it('refuse removing or deactivating the last admin, even by a super admin', async () => {
    const { organizationId, user } = await organization()
    const operator = await signIn('superadmin')
    // The operator belongs to another organization: this one's members are not theirs to see.
    expect((await operator.post(`/api/organization/members/${user.id}/deactivate`)).statusCode).toBe(404)
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.organizationId).toBe(organizationId)
  })

  it('a deactivated member is signed out at once and cannot sign in until reactivated', async () => {
    const { client: admin } = await organization()
    const colleague = await invited(admin)
    expect((await colleague.client.get('/api/user')).statusCode).toBe(200)
    const deactivated = await admin.post(`/api/organization/members/${colleague.id}/deactivate`)
    expect(deactivated.json()).toMatchObject({ membershipStatus: 'deactivated' })
    expect((await colleague.client.get('/api/user')).statusCode).toBe(401)
    const refused = await new TestClient(server.app).post('/api/login', {
      username: colleague.username,
      password: PASSWORD,
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED')
    expect((await admin.post(`/api/organization/members/${colleague.id}/reactivate`)).statusCode).toBe(200)
    await signIn(colleague.username)
  })

  it("a role change ends the member's sessions", async () => {
    const { client: admin } = await organization()
    const colleague = await invited(admin)
    const changed = await admin.patch(`/api/organization/members/${colleague.id}`, { role: 'admin' })
    expect(changed.json()).toMatchObject({ role: 'admin' })
    expect((await colleague.client.get('/api/user')).statusCode).toBe(401)
    const again = await signIn(colleague.username)
    expect((await again.get('/api/user')).json().role).toBe('admin')
  })

  it('a removed member cannot sign in, and their address can be invited again', async () => {
    const { client: admin } = await organization()
    const colleague = await invited(admin)
    expect((await admin.delete(`/api/organization/members/${colleague.id}`)).statusCode).toBe(204)
    expect((await colleague.client.get('/api/user')).statusCode).toBe(401)
    const members = (await admin.get('/api/organization/members')).json().items as Member[]
    expect(members.map((member) => member.id)).not.toContain(colleague.id)
    expect((await admin.post('/api/organization/invitations', { email: colleague.email })).statusCode).toBe(
      201,
    )
  })

  it("another organization's member is a 404, and members cannot manage", async () => {
    const first = await organization()
    const second = await organization()
    expect(
      (await first.client.patch(`/api/organization/members/${second.user.id}`, { role: 'user' })).statusCode,
    ).toBe(404)
    expect((await first.client.delete(`/api/organization/members/${second.user.id}`)).statusCode).toBe(404)
    const colleague = await invited(first.client)
    expect((await colleague.client.get('/api/organization/members')).statusCode).toBe(403)
  })
})

describe('registrations', () => {
  it('wait for approval before the person may sign in; approval and rejection are mailed', async () => {
    const { client: admin, companyId } = await organization()
    const applicant = newRegistration({ companyId })
    const registered = await new TestClient(server.app).post('/api/register', applicant)
    expect(registered.json().membershipStatus).toBe('pending')
    const refused = await new TestClient(server.app).post('/api/login', {
      username: applicant.username,
      password: applicant.password,
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('REGISTRATION_PENDING')

    const pending = (await admin.get('/api/organization/registrations')).json().items
    expect(pending).toEqual([
      expect.objectContaining({ email: applicant.email, emailVerified: false, status: 'pending' }),
    ])
    const approved = await admin.post(`/api/organization/registrations/${pending[0].id}/approve`, {
      note: 'Welcome',
    })
    expect(approved.statusCode, approved.body).toBe(204)
    expect(
      (await admin.post(`/api/organization/registrations/${pending[0].id}/approve`, {})).statusCode,
    ).toBe(409)
    await waitForMailWithSubject(server.db, applicant.email, /is approved/)
    await signIn(applicant.username, applicant.password)

    const rejectedApplicant = newRegistration({ companyId })
    await new TestClient(server.app).post('/api/register', rejectedApplicant)
    const [request] = (await admin.get('/api/organization/registrations')).json().items
    expect((await admin.post(`/api/organization/registrations/${request.id}/reject`, {})).statusCode).toBe(
      204,
    )
    await waitForMailWithSubject(server.db, rejectedApplicant.email, /was not approved/)
    const gone = await new TestClient(server.app).post('/api/login', {
      username: rejectedApplicant.username,
      password: rejectedApplicant.password,
    })
    expect(gone.statusCode).toBe(401)
  })
})

describe('promotion requests', () => {
  it('are asked once, approved by an admin, and the new role starts with new sessions', async () => {
    const { client: admin, organizationId } = await organization()
    const colleague = await invited(admin)
    expect((await colleague.client.post('/api/user/promotion-request', { reason: ' ' })).statusCode).toBe(400)
    const asked = await colleague.client.post('/api/user/promotion-request', {
      reason: 'I run our platform team',
    })
    expect(asked.statusCode, asked.body).toBe(201)
    expect((await colleague.client.post('/api/user/promotion-request', { reason: 'again' })).statusCode).toBe(
      409,
    )
    expect((await colleague.client.get('/api/user/promotion-request')).json().request).toMatchObject({
      status: 'pending',
    })

    const [request] = (await admin.get('/api/organization/promotion-requests')).json().items
    expect(request).toMatchObject({ email: colleague.email, reason: 'I run our platform team' })
    const approved = await admin.post(`/api/organization/promotion-requests/${request.id}/approve`, {
      note: null,
    })
    expect(approved.json()).toMatchObject({ status: 'approved' })
    expect((await colleague.client.get('/api/user')).statusCode).toBe(401)
    expect((await (await signIn(colleague.username)).get('/api/user')).json().role).toBe('admin')
    expect((await actionsOf(organizationId)).filter((action) => action.startsWith('promotion.'))).toEqual([
      'promotion.requested',
      'promotion.approved',
    ])
  })
})

describe('sessions of the account', () => {
  it('are listed with the current one marked, and others are signed out', async () => {
    const { registration } = await organization()
    const here = await signIn(registration.username, registration.password)
    const elsewhere = await signIn(registration.username, registration.password)
    const sessions = (await here.get('/api/user/sessions')).json().items
    expect(sessions.length).toBeGreaterThanOrEqual(3)
    expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1)
    expect((await here.post('/api/user/sessions/revoke-others')).statusCode).toBe(204)
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401)
    expect((await here.get('/api/user/sessions')).json().items).toHaveLength(1)
  })
})

describe('the audit log', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const { organizationId } = await organization()
    const where = eq(auditEntries.organizationId, organizationId)
    await expect(server.db.update(auditEntries).set({ action: 'forged' }).where(where)).rejects.toThrow()
    await expect(server.db.delete(auditEntries).where(where)).rejects.toThrow()
    expect(await actionsOf(organizationId)).toContain('account.registered')
  })

  it('writes exactly one entry per change, read by admins with filters and as CSV', async () => {
    const { client: admin, organizationId } = await organization()
    const colleague = await invited(admin)
    await admin.patch(`/api/organization/members/${colleague.id}`, { role: 'admin' })
    await admin.post(`/api/organization/members/${colleague.id}/deactivate`)
    await admin.post(`/api/organization/members/${colleague.id}/reactivate`)
    await admin.patch('/api/user', { name: 'Renamed Admin' })
    const failed = await new TestClient(server.app).post('/api/login', {
      username: colleague.username,
      password: 'wrong-password!',
    })
    expect(failed.statusCode).toBe(401)
    const counts = new Map<string, number>()
    for (const action of await actionsOf(organizationId)) counts.set(action, (counts.get(action) ?? 0) + 1)
    expect(Object.fromEntries(counts)).toMatchObject({
      'invitation.sent': 1,
      'invitation.accepted': 1,
      'member.role_changed': 1,
      'member.deactivated': 1,
      'member.reactivated': 1,
      'profile.updated': 1,
      'session.sign_in_failed': 1,
    })

    const page = (await admin.get('/api/audit?action=member&limit=2')).json()
    expect(page.items.map((entry: { action: string }) => entry.action)).toEqual([
      'member.reactivated',
      'member.deactivated',
    ])
    const next = (await admin.get(`/api/audit?action=member&limit=2&cursor=${page.nextCursor}`)).json()
    expect(next.items.map((entry: { action: string }) => entry.action)).toEqual(['member.role_changed'])
    const csv = await admin.get('/api/audit/csv?action=member.deactivated')
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\n')
    expect(lines[0]).toBe('time,actor,action,target_type,target,detail,ip,user_agent')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(colleague.email)
    // Another organization's entries never show.
    const other = await organization()
    const theirs = (await other.client.get('/api/audit?action=member')).json().items
    expect(theirs).toEqual([])
    const rows = await server.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organizationId, organizationId),
          inArray(auditEntries.action, ['member.deactivated']),
        ),
      )
    expect(rows[0]).toMatchObject({ targetId: colleague.id, targetLabel: colleague.email })
  })
})

async function signIn(username: string, password = username.startsWith('invitee-') ? PASSWORD : undefined) {
  const client = new TestClient(server.app)
  const response = await client.post('/api/login', {
    username,
    password: password ?? 'clusterdeck-demo-2026',
  })
  expect(response.statusCode, response.body).toBe(200)
  return client
}

describe('two-factor authentication', () => {
  it('refuses a code used once already, even inside its 30 s window', async () => {
    const { client, registration, organizationId } = await organization()
    const { secret } = (await client.post('/api/auth/mfa/setup', { password: registration.password })).json()
    expect((await client.post('/api/auth/mfa/enable', { code: totpCode(secret) })).statusCode).toBe(200)
    const code = totpCode(secret, 1)
    const first = new TestClient(server.app)
    await first.post('/api/login', { username: registration.username, password: registration.password })
    expect((await first.post('/api/login/mfa', { code })).statusCode).toBe(200)
    const replay = new TestClient(server.app)
    await replay.post('/api/login', { username: registration.username, password: registration.password })
    const refused = await replay.post('/api/login/mfa', { code })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('INVALID_MFA_CODE')
    // Regenerated codes replace the old ones.
    const regenerated = await client.post('/api/auth/mfa/recovery-codes', { password: registration.password })
    expect(regenerated.json().recoveryCodes).toHaveLength(10)
    const actions = await actionsOf(organizationId)
    expect(actions.filter((action) => action === 'mfa.enabled')).toHaveLength(1)
    expect(actions.filter((action) => action === 'mfa.recovery_codes_regenerated')).toHaveLength(1)
    expect(actions.filter((action) => action === 'session.sign_in_failed')).toHaveLength(1)
  })
})

describe('API tokens', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  it('are shown once, work without cookies within their scopes, and 403 outside them', async () => {
    const { client, organizationId } = await organization()
    const created = await client.post('/api/user/tokens', {
      name: 'CI read-only',
      scopes: ['clusters:read'],
      lifetime: '30d',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { token, id, prefix } = created.json()
    expect(token).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/)
    expect(token.startsWith(prefix)).toBe(true)
    const listed = (await client.get('/api/user/tokens')).json().items
    expect(listed).toEqual([expect.objectContaining({ id, name: 'CI read-only', scopes: ['clusters:read'] })])
    expect(JSON.stringify(listed)).not.toContain(token)

    const clusters = await call('GET', '/api/clusters', token)
    expect(clusters.statusCode, clusters.body).toBe(200)
    // Writing clusters, reading billing and the account itself are outside the token.
    const write = await call('POST', '/api/clusters/00000000-0000-4000-8000-000000000000/hibernate', token)
    expect(write.statusCode).toBe(403)
    expect(write.json().code).toBe('TOKEN_SCOPE_MISSING')
    expect((await call('GET', '/api/billing/invoices', token)).statusCode).toBe(403)
    // A token may list its owner's tokens (the command-line client), never create one.
    expect(
      (
        await call('POST', '/api/user/tokens', token, {
          name: 'x',
          scopes: ['clusters:read'],
          lifetime: '30d',
        })
      ).json().code,
    ).toBe('TOKEN_NOT_ACCEPTED')
    // No Origin check applies to a Bearer call, and its last use is recorded.
    const [row] = await server.db.select().from(apiTokens).where(eq(apiTokens.id, id))
    expect(row!.lastUsedAt).not.toBeNull()
    expect(row!.tokenHash).not.toContain(token)

    expect((await client.delete(`/api/user/tokens/${id}`)).statusCode).toBe(204)
    expect((await call('GET', '/api/clusters', token)).statusCode).toBe(401)
    const actions = await actionsOf(organizationId)
    expect(actions.filter((action) => action.startsWith('token.'))).toEqual([
      'token.created',
      'token.revoked',
    ])
  })

  it('never exceed the role, always expire, and an expired one is a 401', async () => {
    const { client: admin } = await organization()
    const member = await invited(admin)
    const tooMuch = await member.client.post('/api/user/tokens', {
      name: 'x',
      scopes: ['organization:read'],
      lifetime: '90d',
    })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().code).toBe('SCOPE_EXCEEDS_ROLE')
    expect(
      (await member.client.post('/api/user/tokens', { name: 'x', scopes: ['clusters:read'] })).statusCode,
    ).toBe(400)
    const far = await member.client.post('/api/user/tokens', {
      name: 'x',
      scopes: ['clusters:read'],
      expiresOn: '2099-01-01',
    })
    expect(far.statusCode).toBe(422)
    const created = (
      await member.client.post('/api/user/tokens', {
        name: 'soon',
        scopes: ['support:read'],
        lifetime: '30d',
      })
    ).json()
    await server.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id))
    expect((await call('GET', '/api/support/tickets', created.token)).statusCode).toBe(401)
  })

  it("stop at once when their member is deactivated, and never reach another organization's rows", async () => {
    const first = await organization()
    const second = await organization()
    const member = await invited(first.client)
    const { token } = (
      await member.client.post('/api/user/tokens', {
        name: 'ops',
        scopes: ['clusters:write'],
        lifetime: '30d',
      })
    ).json()
    const [cluster] = await server.db
      .insert(clusters)
      .values({
        organizationId: second.organizationId,
        name: `other-${suffix()}`,
        status: 'running',
        configuration: {} as never,
        clusterTypeId: 'blue',
        dataCenterCode: 'de-fra-1',
        kubernetesVersion: '1.36',
      })
      .returning()
    expect((await call('GET', `/api/clusters/${cluster!.id}`, token)).statusCode).toBe(404)
    expect((await call('GET', '/api/clusters', token)).statusCode).toBe(200)
    await first.client.post(`/api/organization/members/${member.id}/deactivate`)
    expect((await call('GET', '/api/clusters', token)).statusCode).toBe(401)
  })
})

describe('GDPR requests', () => {
  it('an export is built in the background: a ZIP of everything about the person, for them only', async () => {
    const { client } = await organization()
    const asked = await client.post('/api/user/gdpr/export')
    expect(asked.statusCode, asked.body).toBe(201)
    expect((await client.post('/api/user/gdpr/export')).statusCode).toBe(409)
    const id = asked.json().id
    await expect
      .poll(async () => (await client.get('/api/user/gdpr')).json().items[0].status, { timeout: 15_000 })
      .toBe('ready')
    const download = await client.get(`/api/user/gdpr/${id}/archive`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(download.rawPayload))
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'audit.json',
        'membership.json',
        'notifications.json',
        'orders.json',
        'profile.json',
        'sessions.json',
        'ticket-messages.json',
        'tickets.json',
      ].sort(),
    )
    const profile = JSON.parse(strFromU8(files['profile.json']!))
    expect(profile.id).toBe((await client.get('/api/user')).json().id)
    // Only its owner downloads it.
    const other = await organization()
    expect((await other.client.get(`/api/user/gdpr/${id}/archive`)).statusCode).toBe(404)
  })

  it('an erasure waits for an officer, is blocked by unpaid invoices, and leaves invoices as issued', async () => {
    const { client: admin } = await organization()
    const member = await invited(admin)
    const asked = await member.client.post('/api/user/gdpr/erasure', { reason: 'I leave the company' })
    expect(asked.statusCode, asked.body).toBe(201)
    const deadline = new Date(asked.json().deadlineAt).getTime()
    expect(deadline - Date.now()).toBeGreaterThan(27 * 86_400_000)
    const officer = await signIn('officer')
    const queue = (await officer.get('/api/officers/gdpr-requests')).json().items
    const request = queue.find((item: { email: string }) => item.email === member.email)
    expect(request.preview).toMatchObject({ anonymised: { profile: true }, unpaidInvoices: 0 })
    expect(request.preview.deleted.sessions).toBeGreaterThan(0)
    expect((await member.client.get('/api/officers/gdpr-requests')).statusCode).toBe(403)

    expect(
      (
        await officer.post(`/api/officers/gdpr-requests/${request.id}/extend`, {
          reason: 'Checking the contracts',
        })
      ).statusCode,
    ).toBe(204)
    expect(
      (await officer.post(`/api/officers/gdpr-requests/${request.id}/extend`, { reason: 'again' }))
        .statusCode,
    ).toBe(409)
    await waitForMailWithSubject(server.db, member.email, 'We need more time for your erasure request')

    expect((await officer.post(`/api/officers/gdpr-requests/${request.id}/approve`)).statusCode).toBe(204)
    await waitForMailWithSubject(server.db, member.email, 'Your Clusterdeck account has been erased')
    expect((await member.client.get('/api/user')).statusCode).toBe(401)
    const gone = await new TestClient(server.app).post('/api/login', {
      username: member.username,
      password: PASSWORD,
    })
    expect(gone.statusCode).toBe(401)
    const [row] = await server.db.select().from(users).where(eq(users.id, member.id))
    expect(row).toMatchObject({ name: 'Erased user', membershipStatus: 'removed' })
    expect(row!.email).not.toBe(member.email)
  })
})

describe('GDPR requests of an account whose address is not verified (L5)', () => {
  it('neither export nor erase the tickets someone else opened with that address', async () => {
    // The owner of the address writes to support, signed out.
    const address = `ticket-owner-${suffix()}@example.com`
    const subject = `My private contract question ${suffix()}`
    const ticket = await new TestClient(server.app).post('/api/support/public/tickets', {
      name: 'Tess Owner',
      email: address,
      category: 'billing',
      subject,
      description: 'Our contract number is 4711 and our bank details changed last week.',
    })
    expect(ticket.statusCode, ticket.body).toBe(201)
    // Someone else registers with that address, never proves it, and asks for their data.
    const squatter = await registeredUser(server, { email: address })
    const asked = await squatter.client.post('/api/user/gdpr/export')
    expect(asked.statusCode, asked.body).toBe(201)
    await expect
      .poll(async () => (await squatter.client.get('/api/user/gdpr')).json().items[0].status, {
        timeout: 15_000,
      })
      .toBe('ready')
    const download = await squatter.client.get(`/api/user/gdpr/${asked.json().id}/archive`)
    const files = unzipSync(new Uint8Array(download.rawPayload))
    expect(JSON.parse(strFromU8(files['profile.json']!)).emailVerified).toBe(false)
    expect(JSON.parse(strFromU8(files['tickets.json']!))).toEqual([])
    expect(strFromU8(files['tickets.json']!)).not.toContain(subject)

    // Nor does their erasure count or anonymise that ticket.
    const erasure = await squatter.client.post('/api/user/gdpr/erasure', { reason: null })
    expect(erasure.statusCode, erasure.body).toBe(201)
    const officer = await signIn('officer')
    const queue = (await officer.get('/api/officers/gdpr-requests')).json().items
    const request = queue.find((item: { id: string }) => item.id === erasure.json().id)
    expect(request.preview.anonymised.tickets).toBe(0)
    expect((await officer.post(`/api/officers/gdpr-requests/${request.id}/approve`)).statusCode).toBe(204)
    const [kept] = await server.db
      .select({ name: supportTickets.requesterName, email: supportTickets.requesterEmail })
      .from(supportTickets)
      .where(eq(supportTickets.subject, subject))
    expect(kept).toEqual({ name: 'Tess Owner', email: address })
  })
})

describe('an erasure while the organization owes an invoice', () => {
  it('is refused with 409 until the invoice is paid, and the invoice keeps its name', async () => {
    const { client: admin, organizationId, registration } = await organization()
    const member = await invited(admin)
    const invoice = await inTransaction(server.db, ({ tx }) =>
      finaliseInvoice(tx, {
        organizationId,
        source: `erasure-test-${suffix()}`,
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date('2026-10-31T00:00:00Z'),
        lines: [
          {
            kind: 'control_plane',
            clusterId: null,
            clusterName: 'gone',
            description: 'Control plane (Standard)',
            quantity: 744,
            unitPriceMillicents: 13_562,
            amountCents: 9_900,
          },
        ],
        rates: FALLBACK_RATES,
        at: new Date('2026-11-01T02:00:00Z'),
      }),
    )
    const { id } = (await member.client.post('/api/user/gdpr/erasure', { reason: null })).json()
    const officer = await signIn('officer')
    const queue = (await officer.get('/api/officers/gdpr-requests')).json().items
    expect(queue.find((item: { id: string }) => item.id === id).preview.unpaidInvoices).toBe(1)
    const blocked = await officer.post(`/api/officers/gdpr-requests/${id}/approve`)
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().code).toBe('UNPAID_INVOICES')
    await server.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, invoice!.id))
    expect((await officer.post(`/api/officers/gdpr-requests/${id}/approve`)).statusCode).toBe(204)
    const [kept] = await server.db.select().from(invoices).where(eq(invoices.id, invoice!.id))
    expect(kept!.customerName).toBe(registration.companyName)
  })
})

describe('credentials', () => {
  it('a new password ends the other sessions and is mailed', async () => {
    const { client, registration, organizationId } = await organization()
    const elsewhere = await signIn(registration.username, registration.password)
    const wrong = await client.post('/api/user/password', {
      currentPassword: 'not-it',
      password: 'another-long-passphrase',
    })
    expect(wrong.statusCode).toBe(401)
    const changed = await client.post('/api/user/password', {
      currentPassword: registration.password,
      password: 'another-long-passphrase',
    })
    expect(changed.statusCode, changed.body).toBe(204)
    expect((await client.get('/api/user')).statusCode).toBe(200)
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401)
    await signIn(registration.username, 'another-long-passphrase')
    await waitForMailWithSubject(server.db, registration.email, 'Your Clusterdeck password was changed')
    expect((await actionsOf(organizationId)).filter((action) => action === 'password.changed')).toHaveLength(
      1,
    )
  })

  it('a new address is confirmed by its link, and the old one is told', async () => {
    const { client, registration } = await organization()
    const email = `moved-${suffix()}@example.com`
    const asked = await client.post('/api/user/email', { password: registration.password, email })
    expect(asked.statusCode, asked.body).toBe(202)
    await waitForMailWithSubject(server.db, registration.email, 'Your Clusterdeck address is being changed')
    const link = linkIn(
      (await waitForMailWithSubject(server.db, email, 'Confirm your new Clusterdeck address')).text,
    )
    expect((await client.get('/api/user')).json().email).toBe(registration.email)
    const confirmed = await new TestClient(server.app).get(`${link.pathname}${link.search}`)
    expect(confirmed.statusCode).toBe(303)
    expect(confirmed.headers.location).toBe('/verify-email?status=verified')
    expect((await client.get('/api/user')).json()).toMatchObject({ email, emailVerified: true })
    // The link works once; a taken address is refused.
    expect((await new TestClient(server.app).get(`${link.pathname}${link.search}`)).headers.location).toBe(
      '/verify-email?status=invalid',
    )
    const other = await registeredUser(server)
    expect(
      (
        await client.post('/api/user/email', {
          password: registration.password,
          email: other.registration.email,
        })
      ).statusCode,
    ).toBe(409)
  })
})

describe('the audit log of orders and operations', () => {
  it('has one entry per order placed, per operation asked for and per officer decision', async () => {
    const { client, organizationId } = await organization()
    const ordered = await client.request({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(blueConfiguration(`audit-${suffix()}`)),
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(ordered.statusCode, ordered.body).toBe(201)
    const { clusterId, reference } = ordered.json()
    // Credentials rotate whatever the cluster is doing, but for its deletion.
    const rotated = await client.post(`/api/clusters/${clusterId}/credentials/rotate`)
    expect(rotated.statusCode, rotated.body).toBeLessThan(300)
    const officer = await signIn('officer')
    const granted = await officer.post('/api/officers/credits', {
      billingId: (await client.get('/api/user')).json().companyId,
      amountCents: 10_000,
      currency: 'EUR',
      expiresOn: '2099-12-31',
      note: 'Audit test',
    })
    expect(granted.statusCode, granted.body).toBe(201)
    const entries = await server.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
    const named = (action: string) => entries.filter((entry) => entry.action === action)
    expect(named('order.placed')).toEqual([expect.objectContaining({ targetLabel: reference })])
    expect(named('cluster.operation_started')).toEqual([
      expect.objectContaining({
        targetId: clusterId,
        detail: expect.objectContaining({ operation: 'rotate_credentials' }),
      }),
    ])
    expect(named('credits.granted')).toHaveLength(1)
    expect(named('credits.granted')[0]!.actorLabel).toBe('officer@clusterdeck.eu')
  })
})

describe('organization settings', () => {
  it('a vouched domain joins once the address is verified; required two-factor authentication keeps members out until they enrol', async () => {
    const { client: admin, companyId, organizationId } = await organization()
    const settings = await admin.request({
      method: 'PUT',
      url: '/api/organization/settings',
      payload: { requireMfa: false, verifiedDomains: ['Vouched.example', 'vouched.example'] },
    })
    expect(settings.json()).toEqual({ requireMfa: false, verifiedDomains: ['vouched.example'] })
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: '/api/organization/settings',
          payload: { requireMfa: false, verifiedDomains: ['not a domain'] },
        })
      ).statusCode,
    ).toBe(400)
    // At a vouched domain the registrant joins by itself, but only once the address is proven.
    const vouchedEmail = `someone-${suffix()}@vouched.example`
    const vouchedClient = new TestClient(server.app)
    const vouched = await vouchedClient.post(
      '/api/register',
      newRegistration({ companyId, email: vouchedEmail }),
    )
    expect(vouched.json()).toMatchObject({ membershipStatus: 'pending', companyName: '' })
    expect((await vouchedClient.get('/api/clusters')).statusCode).toBe(403)
    const verification = await waitForMailWithSubject(server.db, vouchedEmail, 'Verify your email address')
    const link = linkIn(verification.text)
    await server.app.inject({ method: 'GET', url: link.pathname + link.search })
    expect((await vouchedClient.get('/api/user')).json().membershipStatus).toBe('active')
    expect((await vouchedClient.get('/api/clusters')).statusCode).toBe(200)

    const member = await invited(admin)
    expect((await member.client.get('/api/clusters')).statusCode).toBe(200)
    await admin.request({
      method: 'PUT',
      url: '/api/organization/settings',
      payload: { requireMfa: true, verifiedDomains: [] },
    })
    expect((await member.client.get('/api/user')).json().mfaEnrolmentRequired).toBe(true)
    const blocked = await member.client.get('/api/clusters')
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().code).toBe('MFA_ENROLMENT_REQUIRED')
    const { secret } = (await member.client.post('/api/auth/mfa/setup', { password: PASSWORD })).json()
    expect((await member.client.post('/api/auth/mfa/enable', { code: totpCode(secret) })).statusCode).toBe(
      200,
    )
    expect((await member.client.get('/api/clusters')).statusCode).toBe(200)
    expect(
      (await actionsOf(organizationId)).filter((action) => action === 'organization.updated'),
    ).toHaveLength(2)
  })

  it('preferences are kept on the server for every browser', async () => {
    const { client, registration } = await organization()
    const saved = await client.request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { theme: 'dark', currency: 'GBP' },
    })
    expect(saved.json().preferences).toEqual({ theme: 'dark', currency: 'GBP' })
    await client.request({ method: 'PUT', url: '/api/user/preferences', payload: { billingCycle: 'yearly' } })
    const elsewhere = await signIn(registration.username, registration.password)
    expect((await elsewhere.get('/api/user')).json().preferences).toEqual({
      theme: 'dark',
      currency: 'GBP',
      billingCycle: 'yearly',
    })
  })

  it('super_admin finds every organization and alone sets its credit limit and billing currency', async () => {
    const { client: admin, companyId, organizationId } = await organization()
    const operator = await signIn('superadmin')
    const found = (await operator.get(`/api/admin/organizations?search=${companyId}`)).json().items
    expect(found).toEqual([expect.objectContaining({ id: organizationId, members: 1 })])
    const entry = (await operator.get(`/api/admin/organizations/${organizationId}`)).json()
    expect(entry.memberList).toHaveLength(1)
    const changed = await operator.request({
      method: 'PATCH',
      url: `/api/admin/organizations/${organizationId}`,
      payload: { creditLimitCents: 1_234_500, billingCurrency: 'GBP' },
    })
    expect(changed.json()).toMatchObject({ creditLimitCents: 1_234_500, billingCurrency: 'GBP' })
    expect((await admin.get('/api/admin/organizations')).statusCode).toBe(403)
    expect(
      (await actionsOf(organizationId)).filter((action) => action === 'organization.terms_changed'),
    ).toHaveLength(1)
  })
})

describe('notification preferences', () => {
  it('a person who turned security notices off in the app gets none for a new token', async () => {
    const { client, user } = await organization()
    const current = (await client.get('/api/user/notification-preferences')).json()
    expect(current.security).toEqual({ email: true, app: true })
    const saved = await client.request({
      method: 'PUT',
      url: '/api/user/notification-preferences',
      payload: { ...current, security: { email: true, app: false } },
    })
    expect(saved.json().security).toEqual({ email: true, app: false })
    await client.post('/api/user/tokens', { name: 'quiet', scopes: ['clusters:read'], lifetime: '30d' })
    const titles = (await client.get('/api/notifications'))
      .json()
      .map((notification: { title: string }) => notification.title)
    expect(titles).not.toContain('New API token')
    const other = await organization()
    await other.client.post('/api/user/tokens', { name: 'loud', scopes: ['clusters:read'], lifetime: '30d' })
    const otherTitles = (await other.client.get('/api/notifications'))
      .json()
      .map((notification: { title: string }) => notification.title)
    expect(otherTitles).toContain('New API token')
    expect(user.id).toBeTruthy()
  })
})

describe('an API token about to expire', () => {
  it('is mailed to its owner once, 7 days ahead', async () => {
    const { client, registration } = await organization()
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)
    await client.post('/api/user/tokens', { name: 'deploy bot', scopes: ['clusters:read'], expiresOn: soon })
    await client.post('/api/user/tokens', { name: 'backup bot', scopes: ['clusters:read'], expiresOn: later })
    const mailed = await mailExpiringTokens(server.ctx)
    expect(mailed).toBeGreaterThanOrEqual(1)
    await waitForMailWithSubject(
      server.db,
      registration.email,
      `Your API token “deploy bot” expires on ${soon}`,
    )
    expect(await mailExpiringTokens(server.ctx)).toBe(0)
    const subjects = (await mailsTo(server.db, registration.email)).map((mail) => mail.subject)
    expect(subjects.filter((subject) => subject.includes('backup bot'))).toEqual([])
  })
})
