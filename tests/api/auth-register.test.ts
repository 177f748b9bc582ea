import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoEmail } from '#common/demo-accounts.ts'
import { billingIdSchema, PASSWORD_MIN_LENGTH } from '#common/schemas/auth.ts'
import {
  authTokens,
  notifications,
  organizations,
  registrationRequests,
  sessions,
} from '#server/db/schema/index.ts'
import { isCommonPassword } from '#server/modules/auth/passwords.ts'
import { findUser, newRegistration, queuedMailCount, tokenOf } from '#tests/helpers/auth.ts'
import { linkIn, startTestServer, TestClient, type TestServer, waitForMail } from '#tests/helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '1000' })
})
afterAll(() => server.close())

const register = (body: unknown, client = new TestClient(server.app)) => client.post('/api/register', body)

describe('POST /api/register for a new organization', () => {
  it('creates the organization with a Billing ID of its own, the user as its admin, and signs in at once', async () => {
    const client = new TestClient(server.app)
    const body = newRegistration()
    const response = await register(body, client)

    expect(response.statusCode, response.body).toBe(200)
    const expected = {
      username: body.username,
      email: body.email,
      name: body.name,
      companyName: body.companyName,
      companyId: expect.stringMatching(/^CD-[A-HJ-KM-NP-Z2-9]{8}$/),
      role: 'admin',
      membershipStatus: 'active',
      emailVerified: false,
      mfaEnabled: false,
      isOfficer: false,
      language: 'en',
      preferences: {},
      mfaEnrolmentRequired: false,
      promotionAvailable: true,
    }
    expect(response.json()).toMatchObject(expected)
    const cookie = response.cookies.find((c) => c.name === 'cd_session')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')

    const me = await client.get('/api/user')
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ id: response.json().id, ...expected })
    const billingId: string = response.json().companyId
    // The generated ID is one a joiner can type: the shared schema accepts it unchanged.
    expect(billingIdSchema.parse(billingId)).toBe(billingId)

    const [organization] = await server.db
      .select()
      .from(organizations)
      .where(eq(organizations.billingId, billingId))
    expect(organization?.name).toBe(body.companyName)
    const user = await findUser(server.db, body.username)
    expect(user?.organizationId).toBe(organization?.id)
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(
      await server.db.select().from(registrationRequests).where(eq(registrationRequests.userId, user!.id)),
    ).toEqual([])
  })

  it('mails a verification link that verifies the address', async () => {
    const client = new TestClient(server.app)
    const body = newRegistration({ email: 'Mixed.Case@Example.com' })
    expect((await register(body, client)).statusCode).toBe(200)

    const mail = await waitForMail(server.db, 'mixed.case@example.com')
    expect(mail.subject).toBe('Verify your email address')
    expect(mail.text).toContain(`Hello ${body.name}`)
    const link = linkIn(mail.text)
    expect(link.origin).toBe('http://localhost:3000')
    expect(link.pathname).toBe('/api/auth/verify-email')
    expect(mail.html).toContain(link.search.replace('&', '&amp;'))

    const [token] = await server.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, (await findUser(server.db, body.username))!.id))
    expect(token?.purpose).toBe('verify_email')
    // Only the hash is stored.
    expect(token?.tokenHash).not.toBe(tokenOf(link))

    const verify = await client.get(link.pathname + link.search)
    expect(verify.statusCode).toBe(303)
    expect(verify.headers.location).toBe('/verify-email?status=verified')
    expect((await client.get('/api/user')).json().emailVerified).toBe(true)
  })

  it('welcomes the new user with a notification', async () => {
    const client = new TestClient(server.app)
    const body = newRegistration()
    const { companyId } = (await register(body, client)).json()
    const list = await client.get('/api/notifications')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([
      expect.objectContaining({
        type: 'success',
        title: 'Welcome to Clusterdeck',
        message: `Your organization ${body.companyName} is ready; its Billing ID is ${companyId}: colleagues give it when they register to join you. Configure your first cluster when you are.`,
        read: false,
      }),
    ])
  })

  it('gives every new organization a Billing ID of its own', async () => {
    const responses = await Promise.all([register(newRegistration()), register(newRegistration())])
    const ids = responses.map((response) => response.json().companyId as string)
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200])
    expect(ids[0]).not.toBe(ids[1])
    expect(responses.map((response) => response.json().role)).toEqual(['admin', 'admin'])
  })

  it('refuses a Billing ID typed for a new organization, creating nothing', async () => {
    const body = newRegistration({ companyId: 'CD-MY-OWN-CHOICE', joining: false })
    const response = await register(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([
      {
        path: 'body.companyId',
        message: 'A new organization gets its Billing ID from us; leave it out',
      },
    ])
    expect(
      await server.db.select().from(organizations).where(eq(organizations.billingId, 'CD-MY-OWN-CHOICE')),
    ).toEqual([])
    expect(await findUser(server.db, body.username)).toBeUndefined()
  })

  it('replaces the session of a user who was signed in before', async () => {
    const client = new TestClient(server.app)
    await client.post('/api/login', { username: 'demo', password: 'clusterdeck-demo-2026' })
    const before = client.cookie('cd_session')
    const body = newRegistration()
    expect((await register(body, client)).statusCode).toBe(200)
    expect(client.cookie('cd_session')).not.toBe(before)
    expect((await client.get('/api/user')).json().username).toBe(body.username)
    const stale = await server.app.inject({ url: '/api/user', headers: { cookie: `cd_session=${before}` } })
    expect(stale.statusCode).toBe(401)
  })
})

describe('POST /api/register joining an organization by its Billing ID', () => {
  it('makes a pending user, files a registration request and tells the organization admin', async () => {
    const client = new TestClient(server.app)
    const body = newRegistration({ companyId: 'cd-demo-001', companyName: 'Whatever I typed' })
    const started = new Date()
    const response = await register(body, client)

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      username: body.username,
      role: 'user',
      membershipStatus: 'pending',
      emailVerified: false,
      // The existing organization keeps its name, which a joiner (perhaps with a guessed billing
      // ID) does not see until an admin lets them in.
      companyName: '',
      companyId: 'CD-DEMO-001',
    })
    expect(response.body).not.toContain('Demo Company')
    expect((await client.get('/api/user')).json()).toMatchObject({
      membershipStatus: 'pending',
      role: 'user',
      companyName: '',
    })
    const welcome = await client.get('/api/notifications')
    expect(welcome.body).not.toContain('Demo Company')

    const [organization] = await server.db
      .select()
      .from(organizations)
      .where(eq(organizations.billingId, 'CD-DEMO-001'))
    const user = await findUser(server.db, body.username)
    expect(user?.organizationId).toBe(organization!.id)
    const requests = await server.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.userId, user!.id))
    expect(requests).toEqual([
      expect.objectContaining({ organizationId: organization!.id, status: 'pending', decidedBy: null }),
    ])

    const admin = await findUser(server.db, 'admin')
    const adminNotifications = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin!.id), eq(notifications.title, 'New registration')))
    expect(adminNotifications).toEqual([
      expect.objectContaining({
        type: 'info',
        message: `${body.name} (${body.email}) asks to join Demo Company.`,
        link: '/admin/pending-registrations',
        read: false,
      }),
    ])

    const mail = await waitForMail(server.db, demoEmail('admin'), { after: started })
    expect(mail.subject).toBe('A new registration waits for your approval')
    expect(mail.text).toContain('Hello Alex Admin')
    expect(mail.text).toContain(`${body.name} (${body.email})`)
    expect(linkIn(mail.text).href).toBe('http://localhost:3000/admin/pending-registrations')

    // The applicant still gets the verification mail and a notification that says what happens next.
    expect(linkIn((await waitForMail(server.db, body.email)).text).pathname).toBe('/api/auth/verify-email')
    expect((await client.get('/api/notifications')).json()).toEqual([
      expect.objectContaining({
        message:
          "Your request to join the organization with billing ID CD-DEMO-001 waits for an administrator's approval.",
      }),
    ])
  })

  it('tells the admins of that organization only', async () => {
    const body = newRegistration({ companyId: 'CD-DEMO-001' })
    expect((await register(body)).statusCode).toBe(200)
    const told = await server.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.message, `${body.name} (${body.email}) asks to join Demo Company.`))
    expect(told).toEqual([{ userId: (await findUser(server.db, 'admin'))!.id }])
    // Members who are not admins, and the other organization, hear nothing.
    for (const username of ['demo', 'secure', 'newcomer', 'officer', 'superadmin']) {
      expect(await queuedMailCount(server.db, demoEmail(username)), username).toBe(0)
    }
  })

  it('refuses an unknown Billing ID with 422 beside the field, creating nothing', async () => {
    const body = newRegistration({ companyId: 'CD-NOBODY-HAS-THIS' })
    const response = await register(body)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      message: "No organization has this Billing ID; ask your company's administrator for it".replace(
        "'",
        '’',
      ),
      code: 'BILLING_ID_UNKNOWN',
    })
    expect(response.cookies).toEqual([])
    expect(await findUser(server.db, body.username)).toBeUndefined()
    expect(await queuedMailCount(server.db, body.email)).toBe(0)
    expect(
      await server.db.select().from(organizations).where(eq(organizations.billingId, 'CD-NOBODY-HAS-THIS')),
    ).toEqual([])
  })

  it('asks for the Billing ID when joining without one', async () => {
    const response = await register({ ...newRegistration(), joining: true })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([
      { path: 'body.companyId', message: 'Enter the Billing ID your company’s administrator gave you' },
    ])
  })

  it('asks for no company name when joining', async () => {
    const response = await register({
      ...newRegistration({ companyId: 'CD-DEMO-001' }),
      companyName: undefined,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ membershipStatus: 'pending', companyId: 'CD-DEMO-001' })
  })

  it('asks nobody to approve a new organization', async () => {
    const started = new Date()
    const adminMailsBefore = await queuedMailCount(server.db, demoEmail('admin'))
    expect((await register(newRegistration())).statusCode).toBe(200)
    const requests = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'New registration'))
    expect(requests.filter((row) => row.createdAt >= started)).toEqual([])
    expect(await queuedMailCount(server.db, demoEmail('admin'))).toBe(adminMailsBefore)
  })
})

describe('POST /api/register conflicts', () => {
  it.each([
    ['the same username in another case', { username: 'DeMo' }],
    ['the username of a registered user', { username: 'admin' }],
  ])('answers %s with 409', async (_case, overrides) => {
    const response = await register(newRegistration(overrides))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: 'This username is taken. Please choose another.',
      code: 'USERNAME_TAKEN',
    })
    expect(response.cookies).toEqual([])
  })

  it.each([
    ['the same email', demoEmail('demo')],
    ['the same email in another case, with spaces', `  ${demoEmail('demo').toUpperCase()} `],
  ])('answers %s with 409', async (_case, email) => {
    const response = await register(newRegistration({ email }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: 'An account with this email already exists. Sign in or reset your password.',
      code: 'EMAIL_TAKEN',
    })
  })

  it('keeps the database as it was after a conflict', async () => {
    const body = newRegistration({ username: 'demo', companyName: `Never created ${Date.now()}` })
    expect((await register(body)).statusCode).toBe(409)
    expect(
      await server.db.select().from(organizations).where(eq(organizations.name, body.companyName)),
    ).toEqual([])
    expect(await queuedMailCount(server.db, body.email)).toBe(0)
  })

  it('lets exactly one of two simultaneous registrations of one username win', async () => {
    const username = `race-${Date.now()}`
    const [first, second] = await Promise.all([
      register(newRegistration({ username })),
      register(newRegistration({ username })),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    const loser = first.statusCode === 409 ? first : second
    expect(loser.json().message).toMatch(/already registered|taken/)
  })

  it('lets two people join one organization at once, both pending', async () => {
    const { companyId } = (await register(newRegistration())).json()
    const responses = await Promise.all([
      register(newRegistration({ companyId })),
      register(newRegistration({ companyId })),
    ])
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200])
    expect(
      responses.map((response) => `${response.json().role}/${response.json().membershipStatus}`),
    ).toEqual(['user/pending', 'user/pending'])
    expect(
      await server.db.select().from(organizations).where(eq(organizations.billingId, companyId)),
    ).toHaveLength(1)
  })
})

describe('POST /api/register password rules', () => {
  it('refuses a password among the 3,000 most common with 422', async () => {
    const password = 'qwerty123456'
    expect(isCommonPassword(password)).toBe(true)
    expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH)
    for (const variant of [password, password.toUpperCase()]) {
      const body = newRegistration({ password: variant })
      const response = await register(body)
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({
        message: 'This password is among the most common ones; choose another',
        code: 'PASSWORD_TOO_COMMON',
      })
      expect(await findUser(server.db, body.username)).toBeUndefined()
    }
  })

  it('accepts a 128-character password and refuses 129', async () => {
    expect((await register(newRegistration({ password: `${'x'.repeat(127)}y` }))).statusCode).toBe(200)
    const tooLong = await register(newRegistration({ password: 'x'.repeat(129) }))
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().issues).toEqual([
      { path: 'body.password', message: 'Password must be at most 128 characters' },
    ])
  })
})

describe('POST /api/register validation', () => {
  it('answers a short password with 400 and the field issue', async () => {
    const response = await register(newRegistration({ password: 'short-pass1' }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Invalid body.password: Password must be at least 12 characters',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'body.password', message: 'Password must be at least 12 characters' }],
    })
  })

  it.each(['not-an-email', 'a@b', 'two@@example.com', ''])('answers the email %j with 400', async (email) => {
    const response = await register(newRegistration({ email }))
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toContainEqual({
      path: 'body.email',
      message: 'Enter a valid email address',
    })
  })

  it('lists every missing field', async () => {
    const response = await register({})
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'body.companyName',
      'body.email',
      'body.name',
      'body.password',
      'body.username',
    ])
  })

  it('answers fields of the wrong type with 400', async () => {
    const response = await register(
      newRegistration({ username: 12345, password: ['a-long-and-unusual-passphrase'], companyName: null }),
    )
    expect(response.statusCode).toBe(400)
    const issues: { path: string; message: string }[] = response.json().issues
    expect(issues).toContainEqual({
      path: 'body.username',
      message: 'Invalid input: expected string, received number',
    })
    expect(issues).toContainEqual({
      path: 'body.password',
      message: 'Invalid input: expected string, received array',
    })
    expect(issues).toContainEqual({
      path: 'body.companyName',
      message: 'Invalid input: expected string, received null',
    })
    expect(new Set(issues.map((issue) => issue.path))).toEqual(
      new Set(['body.username', 'body.password', 'body.companyName']),
    )
  })

  it.each([
    ['a username with spaces', { username: 'two words' }, 'body.username'],
    ['a two-letter username', { username: 'ab' }, 'body.username'],
    ['a billing ID with a slash', { companyId: 'CD/001' }, 'body.companyId'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['a blank company name', { companyName: '' }, 'body.companyName'],
  ])('answers %s with 400', async (_case, overrides, path) => {
    const response = await register(newRegistration(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual([path])
  })

  it('answers a body that is not JSON with 400 and a message', async () => {
    const response = await new TestClient(server.app).request({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON' })
  })

  it('creates no session on a refused registration', async () => {
    const before = await server.db.$count(sessions)
    expect((await register(newRegistration({ email: 'nope' }))).statusCode).toBe(400)
    expect(await server.db.$count(sessions)).toBe(before)
  })
})
