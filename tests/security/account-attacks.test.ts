import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { auditEntries, loginFailures, organizations, sessions, users } from '#server/db/schema/index.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import {
  newRegistration,
  signedInClient,
  tokenOf,
  totpCode,
  verifiedUser,
  waitForMailWithSubject,
} from '#tests/helpers/auth.ts'
import { blueConfiguration, orderBody } from '#tests/helpers/orders.ts'
import { APP_ORIGIN, linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { SoftwareAuthenticator } from '#tests/helpers/webauthn.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/*
 * The penetration test's findings about accounts, each performed as the attack it describes, over
 * real HTTP against the real app and database: which account states may act, what an account
 * change revokes, and how sign-in attempts are counted.
 */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(LOOPBACK_LIMITS)
})
afterAll(() => server.close())

const PASSWORD = 'a-long-and-unusual-passphrase'
const suffix = () => randomBytes(4).toString('hex')

/** An admin invites a member, who accepts from the mailed link: their signed-in client and id. */
async function invitedMember(admin: TestClient) {
  const email = `member-${suffix()}@example.com`
  expect((await admin.post('/api/organization/invitations', { email, role: 'user' })).statusCode).toBe(201)
  const token = tokenOf(linkIn((await waitForMailWithSubject(server.db, email, /invites you/)).text))
  const client = new TestClient(server.app)
  const username = `member-${suffix()}`
  const accepted = await client.post('/api/invitations/accept', {
    token,
    username,
    name: 'Mia Member',
    password: PASSWORD,
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { client, username, email, id: accepted.json().id as string }
}

/** Adds a passkey to the signed-in account through the real registration ceremony. */
async function addPasskey(client: TestClient) {
  const authenticator = new SoftwareAuthenticator(APP_ORIGIN)
  const options = await client.post('/api/auth/passkeys/options')
  expect(options.statusCode, options.body).toBe(200)
  const added = await client.post('/api/auth/passkeys', {
    name: 'Laptop',
    response: authenticator.register(options.json()),
  })
  expect(added.statusCode, added.body).toBe(201)
  return authenticator
}

/** Signs in with a passkey on a fresh client: the answer and that client. */
async function passkeySignIn(authenticator: SoftwareAuthenticator, options: { userVerified?: boolean } = {}) {
  const client = new TestClient(server.app)
  const challenge = (await client.post('/api/login/passkey/options')).json()
  const response = await client.post('/api/login/passkey', {
    challengeId: challenge.challengeId,
    response: authenticator.authenticate(challenge.options, options),
  })
  return { response, client }
}

/** A session written straight into the table, as one that outlived a change would be. */
async function sessionCookieFor(userId: string) {
  const token = generateToken()
  await server.db.insert(sessions).values({
    idHash: hashToken(server.ctx.config.sessionSecret, token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
    absoluteExpiresAt: new Date(Date.now() + 86_400_000),
  })
  return `cd_session=${token}`
}

async function createToken(client: TestClient, scopes: string[]) {
  const created = await client.post('/api/user/tokens', {
    name: `Token ${suffix()}`,
    scopes,
    lifetime: '30d',
  })
  return created
}

const withToken = (token: string, url: string) =>
  server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })

describe('H3: a removed account', () => {
  it('cannot sign back in with its passkey, and keeps no passkey', async () => {
    const admin = await verifiedUser(server)
    const member = await invitedMember(admin.client)
    const authenticator = await addPasskey(member.client)
    expect((await passkeySignIn(authenticator)).response.statusCode).toBe(200)

    expect((await admin.client.delete(`/api/organization/members/${member.id}`)).statusCode).toBe(204)
    const again = await passkeySignIn(authenticator)
    expect(again.response.statusCode, again.response.body).toBe(401)
    expect((await again.client.get('/api/user')).statusCode).toBe(401)
  })

  it('that was an officer keeps no officer powers: not with a passkey, not with a session left over', async () => {
    // A new officer of the operator (the flag is the operator's to set, outside the API).
    const operator = await signedInClient(server, 'superadmin')
    const officer = await invitedMember(operator)
    await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.id))
    expect((await officer.client.get('/api/officers/check-access')).json()).toBe(true)
    const authenticator = await addPasskey(officer.client)
    const officerId = officer.id
    expect((await operator.delete(`/api/organization/members/${officerId}`)).statusCode).toBe(204)

    const again = await passkeySignIn(authenticator)
    expect(again.response.statusCode).toBe(401)
    expect((await again.client.get('/api/officers/orders')).statusCode).toBe(401)
    const [retired] = await server.db.select().from(users).where(eq(users.id, officerId))
    expect(retired).toMatchObject({ membershipStatus: 'removed', isOfficer: false })

    // Even a session that survived the removal is answered as signed out, officer routes included.
    const leftOver = await sessionCookieFor(officerId)
    for (const url of ['/api/user', '/api/officers/orders', '/api/officers/check-access'])
      expect((await server.app.inject({ url, headers: { cookie: leftOver } })).statusCode, url).toBe(401)
  })

  it('and a deactivated one are answered as signed out whatever session they hold', async () => {
    const admin = await verifiedUser(server)
    const member = await invitedMember(admin.client)
    expect((await admin.client.post(`/api/organization/members/${member.id}/deactivate`)).statusCode).toBe(
      200,
    )
    const leftOver = await sessionCookieFor(member.id)
    for (const url of ['/api/user', '/api/clusters', '/api/user/tokens', '/api/notifications'])
      expect((await server.app.inject({ url, headers: { cookie: leftOver } })).statusCode, url).toBe(401)
  })
})

describe('H4: a registration at a verified domain', () => {
  it('is not a member before its address is verified, however the billing ID was learnt', async () => {
    const admin = await verifiedUser(server)
    const [organization] = await server.db
      .select({ billingId: organizations.billingId })
      .from(organizations)
      .innerJoin(users, eq(users.organizationId, organizations.id))
      .where(eq(users.id, admin.user.id))
    const domain = `corp-${suffix()}.example`
    expect(
      (await admin.client.put('/api/organization/settings', { requireMfa: false, verifiedDomains: [domain] }))
        .statusCode,
    ).toBe(200)

    // Anyone can type an address at the domain: it proves nothing until its mail is opened.
    const intruder = new TestClient(server.app)
    const registered = await intruder.post(
      '/api/register',
      newRegistration({ companyId: organization!.billingId, email: `intruder@${domain}` }),
    )
    expect(registered.statusCode, registered.body).toBe(200)
    expect(registered.json().membershipStatus).toBe('pending')
    expect((await intruder.get('/api/clusters')).statusCode).toBe(403)
    expect((await intruder.get('/api/billing/invoices')).statusCode).toBe(403)
  })
})

describe('M3: a password change or reset', () => {
  it('reset ends the API tokens and passkeys someone else may have added', async () => {
    const admin = await verifiedUser(server)
    const created = await createToken(admin.client, ['clusters:read'])
    expect(created.statusCode, created.body).toBe(201)
    const authenticator = await addPasskey(admin.client)

    const requested = new Date()
    await new TestClient(server.app).post('/api/auth/forgot-password', { email: admin.registration.email })
    const mail = await waitForMailWithSubject(server.db, admin.registration.email, /password/i, {
      after: requested,
    })
    const reset = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: tokenOf(linkIn(mail.text)),
      password: 'another-long-unusual-passphrase',
    })
    expect(reset.statusCode, reset.body).toBe(200)

    expect((await withToken(created.json().token, '/api/clusters')).statusCode).toBe(401)
    expect((await passkeySignIn(authenticator)).response.statusCode).toBe(401)
  })

  it('change ends the API tokens and passkeys too, but not the session making it', async () => {
    const admin = await verifiedUser(server)
    const created = await createToken(admin.client, ['clusters:read'])
    const authenticator = await addPasskey(admin.client)
    const changed = await admin.client.post('/api/user/password', {
      currentPassword: PASSWORD,
      password: 'another-long-unusual-passphrase',
    })
    expect(changed.statusCode, changed.body).toBe(204)
    expect((await withToken(created.json().token, '/api/clusters')).statusCode).toBe(401)
    expect((await passkeySignIn(authenticator)).response.statusCode).toBe(401)
    expect((await admin.client.get('/api/user')).statusCode).toBe(200)
  })

  it('cannot be undercut by credentials added before the address was proven: none can be', async () => {
    // Someone registers with another person's address before they do, and tries to keep a way in.
    const squatter = new TestClient(server.app)
    expect((await squatter.post('/api/register', newRegistration())).statusCode).toBe(200)
    const passkeyOptions = await squatter.post('/api/auth/passkeys/options')
    expect(passkeyOptions.statusCode).toBe(403)
    expect(passkeyOptions.json().code).toBe('EMAIL_NOT_VERIFIED')
    const token = await createToken(squatter, ['clusters:read'])
    expect(token.statusCode).toBe(403)
    expect(token.json().code).toBe('EMAIL_NOT_VERIFIED')
  })
})

describe('M4: an organization that requires two-factor authentication', () => {
  it('keeps its admins without it out of the admin routes, as it does its members', async () => {
    const admin = await verifiedUser(server)
    expect(
      (await admin.client.put('/api/organization/settings', { requireMfa: true, verifiedDomains: [] }))
        .statusCode,
    ).toBe(200)
    for (const url of ['/api/organization/members', '/api/organization/invitations', '/api/audit']) {
      const response = await admin.client.get(url)
      expect(response.statusCode, url).toBe(403)
      expect(response.json().code, url).toBe('MFA_ENROLMENT_REQUIRED')
    }
  })

  it('keeps its officers and its operator without it out of their routes', async () => {
    await server.db
      .update(organizations)
      .set({ requireMfa: true })
      .where(eq(organizations.billingId, 'CD-OPERATOR'))
    try {
      const officer = await signedInClient(server, 'officer')
      expect((await officer.get('/api/officers/orders')).statusCode).toBe(403)
      const operator = await signedInClient(server, 'superadmin')
      expect((await operator.get('/api/admin/organizations')).statusCode).toBe(403)
    } finally {
      await server.db
        .update(organizations)
        .set({ requireMfa: false })
        .where(eq(organizations.billingId, 'CD-OPERATOR'))
    }
  })
})

describe('M8: ordering', () => {
  it('needs a proven address: a fresh unverified self-registration gets no confirmed order', async () => {
    const fresh = new TestClient(server.app)
    expect((await fresh.post('/api/register', newRegistration())).statusCode).toBe(200)
    const order = await fresh.request({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(blueConfiguration()),
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(order.statusCode, order.body).toBe(403)
    expect(order.json().code).toBe('EMAIL_NOT_VERIFIED')
  })

  it('weighs each order with what the organization is already in for, not alone', async () => {
    const admin = await verifiedUser(server)
    const place = (name: string) =>
      admin.client.request({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(blueConfiguration(name)),
        headers: { 'idempotency-key': randomUUID() },
      })
    const first = await place(`first-${suffix()}`)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().status).toBe('confirmed')
    // A limit each order fits under on its own, but not both together.
    const [organization] = await server.db
      .select({ id: organizations.id })
      .from(organizations)
      .innerJoin(users, eq(users.organizationId, organizations.id))
      .where(eq(users.id, admin.user.id))
    await server.db
      .update(organizations)
      .set({ billingCurrency: 'USD', creditLimitCents: Math.ceil(first.json().price.totalCents * 1.5) })
      .where(eq(organizations.id, organization!.id))
    const second = await place(`second-${suffix()}`)
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json().status).toBe('pending_approval')
  })
})

describe('M10: a passkey without user verification', () => {
  it('does not sign in an account with two-factor authentication on its own', async () => {
    const admin = await verifiedUser(server)
    const { secret } = (await admin.client.post('/api/auth/mfa/setup', { password: PASSWORD })).json()
    expect((await admin.client.post('/api/auth/mfa/enable', { code: totpCode(secret) })).statusCode).toBe(200)
    const authenticator = await addPasskey(admin.client)

    const unverified = await passkeySignIn(authenticator, { userVerified: false })
    expect(unverified.response.statusCode).toBe(200)
    expect(unverified.response.json()).toEqual({ mfaRequired: true })
    expect((await unverified.client.get('/api/user')).statusCode).toBe(401)
    // The code completes it.
    const completed = await unverified.client.post('/api/login/mfa', { code: totpCode(secret, 1) })
    expect(completed.statusCode, completed.body).toBe(200)

    // With user verification, the passkey is both factors.
    const verified = await passkeySignIn(authenticator, { userVerified: true })
    expect(verified.response.json().username).toBe(admin.registration.username)
  })
})

describe('sessions', () => {
  it('of admins and officers live 12 hours idle, a member’s 30 days', async () => {
    const idleOf = async (username: string) => {
      await signedInClient(server, username)
      const [newest] = await server.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.username, username))
        .orderBy(desc(sessions.createdAt))
        .limit(1)
      return (newest!.expiresAt.getTime() - Date.now()) / 3_600_000
    }
    expect(await idleOf('admin')).toBeLessThanOrEqual(12)
    expect(await idleOf('officer')).toBeLessThanOrEqual(12)
    expect(await idleOf('superadmin')).toBeLessThanOrEqual(12)
    expect(await idleOf('demo')).toBeGreaterThan(24 * 29)
  })

  it('of a registrant waiting for approval make only their short list of calls', async () => {
    const joiner = new TestClient(server.app)
    expect(
      (await joiner.post('/api/register', newRegistration({ companyId: 'CD-DEMO-001' }))).json()
        .membershipStatus,
    ).toBe('pending')
    expect((await joiner.get('/api/user')).statusCode).toBe(200)
    expect((await joiner.get('/api/notifications')).statusCode).toBe(200)
    for (const url of ['/api/user/tokens', '/api/user/sessions', '/api/usage', '/api/auth/passkeys']) {
      const response = await joiner.get(url)
      expect(response.statusCode, url).toBe(403)
      expect(response.json().code, url).toBe('REGISTRATION_PENDING')
    }
    expect((await joiner.post('/api/auth/mfa/setup', { password: PASSWORD })).statusCode).toBe(403)
  })
})

describe('L3: registering with a billing ID', () => {
  it('does not tell the registrant the organization’s name', async () => {
    const joiner = new TestClient(server.app)
    const registered = await joiner.post('/api/register', newRegistration({ companyId: 'CD-DEMO-001' }))
    expect(registered.statusCode).toBe(200)
    expect(registered.body).not.toContain('Demo Company')
    expect((await joiner.get('/api/user')).body).not.toContain('Demo Company')
    expect((await joiner.get('/api/notifications')).body).not.toContain('Demo Company')
  })
})

describe('with the lockout at 3 failures', () => {
  let strict: TestServer
  beforeAll(async () => {
    strict = await startTestServer({ ...LOOPBACK_LIMITS, LOGIN_MAX_FAILURES: '3' })
  })
  afterAll(() => strict.close())

  it('L8: fifteen wrong passwords at once are weighed one at a time: three count, the rest are locked out', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        new TestClient(strict.app).post('/api/login', { username: 'demo', password: 'not-the-password' }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(3)
    expect(statuses.filter((status) => status === 429)).toHaveLength(12)
    const [demo] = await strict.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'))
    const [failures] = await strict.db
      .select({ value: count() })
      .from(loginFailures)
      .where(eq(loginFailures.userId, demo!.id))
    expect(failures!.value).toBe(3)
  })

  it('L2: a wrong password asked again counts as a failed sign-in, is logged, and locks the account', async () => {
    const secure = await signedInClient(strict, 'admin', DEMO_PASSWORD)
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await secure.post('/api/auth/mfa/setup', { password: 'not-the-password' })
      expect(wrong.statusCode).toBe(401)
    }
    const locked = await secure.post('/api/auth/mfa/setup', { password: DEMO_PASSWORD })
    expect(locked.statusCode).toBe(429)
    expect(
      (await new TestClient(strict.app).post('/api/login', { username: 'admin', password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(429)
    const [admin] = await strict.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    const logged = await strict.db
      .select({ detail: auditEntries.detail })
      .from(auditEntries)
      .where(and(eq(auditEntries.actorUserId, admin!.id), eq(auditEntries.action, 'session.sign_in_failed')))
    expect(logged.map((entry) => entry.detail)).toEqual(Array(3).fill({ reason: 'reauthentication' }))
  })
})

describe('with the per-address limit at 5', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({ ...LOOPBACK_LIMITS, RATE_LIMIT_PER_IP: '5' })
  })
  afterAll(() => limited.close())

  it('L2: the routes that ask for the password again are limited per address', async () => {
    const demo = new TestClient(limited.app)
    // One sign-in, then guesses at the password through the re-authentication routes.
    expect((await demo.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    )
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push(
        (await demo.post('/api/auth/mfa/setup', { password: `guess-${attempt}-long-enough` })).statusCode,
      )
    expect(statuses.at(-1)).toBe(429)
  })
})
