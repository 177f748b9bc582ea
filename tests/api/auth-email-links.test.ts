import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_TOTP_SECRET, demoEmail } from '#common/demo-accounts.ts'
import { authTokens, sessions } from '#server/db/schema/index.ts'
import {
  findUser,
  queuedMailCount,
  registeredUser,
  signedInClient,
  tokenOf,
  totpCode,
  waitForMailWithSubject,
} from '#tests/helpers/auth.ts'
import { linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

const VERIFY_SUBJECT = 'Verify your email address'
const RESET_SUBJECT = 'Reset your Clusterdeck password'
const MAGIC_SUBJECT = 'Your Clusterdeck sign-in link'
const RESEND_MESSAGE =
  'If this address belongs to an unverified account, a new verification link is on its way.'
const FORGOT_MESSAGE = 'If an account uses this address, a link to reset the password is on its way.'
const MAGIC_MESSAGE = 'If an account uses this address, a sign-in link is on its way.'
const INVALID_TOKEN = {
  message: 'This link is invalid or has expired. Please request a new one.',
  code: 'INVALID_TOKEN',
}
const NEW_PASSWORD = 'a-brand-new-passphrase-42'
const LOGIN_MAX_FAILURES = 3

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: '1000',
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
  })
})
afterAll(() => server.close())

/** A well-formed token that was never issued. */
const unknownToken = () => randomBytes(32).toString('base64url')

async function expireTokensOf(username: string) {
  const user = await findUser(server.db, username)
  await server.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(authTokens.userId, user!.id), isNull(authTokens.usedAt)))
}

async function requestLink(path: string, email: string, subject: string) {
  const requested = new Date()
  const response = await new TestClient(server.app).post(path, { email })
  expect(response.statusCode, response.body).toBe(200)
  return linkIn((await waitForMailWithSubject(server.db, email, subject, { after: requested })).text)
}

describe('email verification', () => {
  it('mails a new link to an unverified user; the link verifies the address once', async () => {
    const client = await signedInClient(server, 'newcomer')
    expect((await client.get('/api/user')).json().emailVerified).toBe(false)

    const requested = new Date()
    const response = await new TestClient(server.app).post('/api/auth/resend-verification', {
      email: 'NewComer@ClusterDeck.eu ',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: RESEND_MESSAGE })

    const mail = await waitForMailWithSubject(server.db, demoEmail('newcomer'), VERIFY_SUBJECT, {
      after: requested,
    })
    expect(mail.text).toContain('Hello Noa Newcomer')
    const link = linkIn(mail.text)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/api/auth/verify-email')
    expect(tokenOf(link).length).toBeGreaterThanOrEqual(43)

    const verify = await client.get(link.pathname + link.search)
    expect(verify.statusCode).toBe(303)
    expect(verify.headers.location).toBe('/verify-email?status=verified')
    expect((await client.get('/api/user')).json().emailVerified).toBe(true)
    expect((await findUser(server.db, 'newcomer'))?.emailVerified).toBe(true)

    const again = await client.get(link.pathname + link.search)
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/verify-email?status=invalid')
  })

  it('works without being signed in (the link is opened from the mailbox)', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/resend-verification', registration.email, VERIFY_SUBJECT)
    const verify = await new TestClient(server.app).get(link.pathname + link.search)
    expect(verify.headers.location).toBe('/verify-email?status=verified')
    expect((await findUser(server.db, registration.username))?.emailVerified).toBe(true)
  })

  it('tells a client that asks for JSON the outcome instead of sending it to the page', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/resend-verification', registration.email, VERIFY_SUBJECT)
    const json = { accept: 'application/json' }
    const verify = await server.app.inject({ method: 'GET', url: link.pathname + link.search, headers: json })
    expect(verify.statusCode).toBe(200)
    expect(verify.json()).toEqual({ status: 'verified' })
    const again = await server.app.inject({ method: 'GET', url: link.pathname + link.search, headers: json })
    expect(again.json()).toEqual({ status: 'invalid' })
    // A browser names HTML first: it is sent to the page.
    const browser = await server.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { accept: 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8' },
    })
    expect(browser.statusCode).toBe(303)
  })

  it('lets only the newest link work', async () => {
    const { registration } = await registeredUser(server)
    const first = await requestLink('/api/auth/resend-verification', registration.email, VERIFY_SUBJECT)
    const second = await requestLink('/api/auth/resend-verification', registration.email, VERIFY_SUBJECT)
    expect(tokenOf(second)).not.toBe(tokenOf(first))
    const client = new TestClient(server.app)
    expect((await client.get(first.pathname + first.search)).headers.location).toBe(
      '/verify-email?status=invalid',
    )
    expect((await findUser(server.db, registration.username))?.emailVerified).toBe(false)
    expect((await client.get(second.pathname + second.search)).headers.location).toBe(
      '/verify-email?status=verified',
    )
  })

  it.each([
    ['a garbage token', '?token=garbage'],
    ['a well-formed unknown token', `?token=${unknownToken()}`],
    ['no token', ''],
    ['an empty token', '?token='],
  ])('answers %s with a redirect to the invalid status', async (_case, query) => {
    const response = await new TestClient(server.app).get(`/api/auth/verify-email${query}`)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/verify-email?status=invalid')
  })

  it('refuses an expired link', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/resend-verification', registration.email, VERIFY_SUBJECT)
    await expireTokensOf(registration.username)
    const response = await new TestClient(server.app).get(link.pathname + link.search)
    expect(response.headers.location).toBe('/verify-email?status=invalid')
    expect((await findUser(server.db, registration.username))?.emailVerified).toBe(false)
  })

  it('refuses the token of another kind of link', async () => {
    const { registration } = await registeredUser(server)
    const reset = await requestLink('/api/auth/forgot-password', registration.email, RESET_SUBJECT)
    const response = await new TestClient(server.app).get(`/api/auth/verify-email${reset.search}`)
    expect(response.headers.location).toBe('/verify-email?status=invalid')
    expect((await findUser(server.db, registration.username))?.emailVerified).toBe(false)
  })

  it.each([
    ['an unknown address', 'nobody-here@example.com'],
    ['an address that is verified already', demoEmail('demo')],
  ])('answers %s with the same message and sends nothing', async (_case, email) => {
    const response = await new TestClient(server.app).post('/api/auth/resend-verification', { email })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: RESEND_MESSAGE })
    expect(await queuedMailCount(server.db, email)).toBe(0)
  })

  it('answers an invalid address with 400', async () => {
    const response = await new TestClient(server.app).post('/api/auth/resend-verification', {
      email: 'not an address',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([{ path: 'body.email', message: 'Enter a valid email address' }])
  })
})

describe('password reset', () => {
  it('mails a reset link', async () => {
    const requested = new Date()
    const response = await new TestClient(server.app).post('/api/auth/forgot-password', {
      email: demoEmail('officer'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: FORGOT_MESSAGE })
    const mail = await waitForMailWithSubject(server.db, demoEmail('officer'), RESET_SUBJECT, {
      after: requested,
    })
    expect(mail.text).toContain('Hello Olivia Officer')
    const link = linkIn(mail.text)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password')
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/)
  })

  it('answers an unknown address with the same message and sends nothing', async () => {
    const email = 'nobody-forgot@example.com'
    const response = await new TestClient(server.app).post('/api/auth/forgot-password', { email })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: FORGOT_MESSAGE })
    expect(await queuedMailCount(server.db, email)).toBe(0)
  })

  it('sets the new password, ends every session of the user and works once', async () => {
    const { client: firstSession, registration } = await registeredUser(server)
    const secondSession = await signedInClient(server, registration.username, registration.password)
    const link = await requestLink('/api/auth/forgot-password', registration.email, RESET_SUBJECT)

    const reset = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: tokenOf(link),
      password: NEW_PASSWORD,
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ message: 'Your password has been changed. Please sign in with it.' })

    for (const client of [firstSession, secondSession]) {
      expect((await client.get('/api/user')).statusCode).toBe(401)
    }
    const user = await findUser(server.db, registration.username)
    expect(await server.db.$count(sessions, eq(sessions.userId, user!.id))).toBe(0)
    // The mail link proves the address too.
    expect(user?.emailVerified).toBe(true)

    const oldPassword = await new TestClient(server.app).post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(oldPassword.statusCode).toBe(401)
    const newPassword = await new TestClient(server.app).post('/api/login', {
      username: registration.username,
      password: NEW_PASSWORD,
    })
    expect(newPassword.statusCode).toBe(200)

    const again = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: tokenOf(link),
      password: 'yet-another-passphrase-7',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(INVALID_TOKEN)
  })

  it('lifts a lockout, as the lockout message promises', async () => {
    const { registration } = await registeredUser(server)
    const client = new TestClient(server.app)
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await client.post('/api/login', { username: registration.username, password: 'wrong-password-x' })
    }
    const locked = await client.post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toMatch(/or reset your password/)

    const link = await requestLink('/api/auth/forgot-password', registration.email, RESET_SUBJECT)
    const reset = await client.post('/api/auth/reset-password', {
      token: tokenOf(link),
      password: NEW_PASSWORD,
    })
    expect(reset.statusCode).toBe(200)
    const login = await client.post('/api/login', { username: registration.username, password: NEW_PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
  })

  it('refuses an expired token with 400 and keeps the password', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/forgot-password', registration.email, RESET_SUBJECT)
    await expireTokensOf(registration.username)
    const response = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: tokenOf(link),
      password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID_TOKEN)
    const login = await new TestClient(server.app).post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses a well-formed unknown token with 400', async () => {
    const response = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: unknownToken(),
      password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID_TOKEN)
  })

  it('refuses a garbage token with 400 and the field issue', async () => {
    const response = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: 'garbage',
      password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'body.token' }] })
  })

  it('refuses the token of a magic link', async () => {
    const { registration } = await registeredUser(server)
    const magic = await requestLink('/api/auth/magic-link', registration.email, MAGIC_SUBJECT)
    const response = await new TestClient(server.app).post('/api/auth/reset-password', {
      token: tokenOf(magic),
      password: NEW_PASSWORD,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID_TOKEN)
  })

  it('refuses a common or short new password without using the token up', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/forgot-password', registration.email, RESET_SUBJECT)
    const token = tokenOf(link)
    const common = await new TestClient(server.app).post('/api/auth/reset-password', {
      token,
      password: 'qwerty123456',
    })
    expect(common.statusCode).toBe(422)
    expect(common.json()).toEqual({
      message: 'This password is among the most common ones; choose another',
      code: 'PASSWORD_TOO_COMMON',
    })
    const short = await new TestClient(server.app).post('/api/auth/reset-password', {
      token,
      password: 'too-short',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().issues).toEqual([
      { path: 'body.password', message: 'Password must be at least 12 characters' },
    ])
    const good = await new TestClient(server.app).post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    })
    expect(good.statusCode).toBe(200)
  })
})

describe('magic links', () => {
  it('mails a link that signs in once', async () => {
    const requested = new Date()
    const response = await new TestClient(server.app).post('/api/auth/magic-link', {
      email: demoEmail('demo'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: MAGIC_MESSAGE })
    const mail = await waitForMailWithSubject(server.db, demoEmail('demo'), MAGIC_SUBJECT, {
      after: requested,
    })
    expect(mail.text).toContain('Hello Dana Demo')
    const link = linkIn(mail.text)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/magic-link')

    const client = new TestClient(server.app)
    const signIn = await client.post('/api/auth/magic-link/verify', { token: tokenOf(link) })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json()).toMatchObject({ username: 'demo', companyId: 'CD-DEMO-001' })
    expect(client.cookie('cd_session')).toBeDefined()
    expect((await client.get('/api/user')).json().username).toBe('demo')

    const again = await new TestClient(server.app).post('/api/auth/magic-link/verify', {
      token: tokenOf(link),
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(INVALID_TOKEN)
    expect(again.cookies).toEqual([])
  })

  it('asks an MFA user for the code before signing in', async () => {
    const link = await requestLink('/api/auth/magic-link', demoEmail('secure'), MAGIC_SUBJECT)
    const client = new TestClient(server.app)
    const signIn = await client.post('/api/auth/magic-link/verify', { token: tokenOf(link) })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json()).toEqual({ mfaRequired: true })
    expect((await client.get('/api/user')).statusCode).toBe(401)

    const mfa = await client.post('/api/login/mfa', { code: totpCode(DEMO_TOTP_SECRET) })
    expect(mfa.statusCode).toBe(200)
    expect(mfa.json()).toMatchObject({ username: 'secure', mfaEnabled: true })
    expect((await client.get('/api/user')).statusCode).toBe(200)
  })

  it('verifies the address of an unverified user', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/magic-link', registration.email, MAGIC_SUBJECT)
    const signIn = await new TestClient(server.app).post('/api/auth/magic-link/verify', {
      token: tokenOf(link),
    })
    expect(signIn.json()).toMatchObject({ username: registration.username, emailVerified: true })
  })

  it('refuses an expired link', async () => {
    const { registration } = await registeredUser(server)
    const link = await requestLink('/api/auth/magic-link', registration.email, MAGIC_SUBJECT)
    await expireTokensOf(registration.username)
    const response = await new TestClient(server.app).post('/api/auth/magic-link/verify', {
      token: tokenOf(link),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(INVALID_TOKEN)
  })

  it('refuses unknown and garbage tokens', async () => {
    const unknown = await new TestClient(server.app).post('/api/auth/magic-link/verify', {
      token: unknownToken(),
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual(INVALID_TOKEN)
    const garbage = await new TestClient(server.app).post('/api/auth/magic-link/verify', { token: 'x' })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().code).toBe('VALIDATION_FAILED')
  })

  it('answers an unknown address with the same message and sends nothing', async () => {
    const email = 'nobody-magic@example.com'
    const response = await new TestClient(server.app).post('/api/auth/magic-link', { email })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: MAGIC_MESSAGE })
    expect(await queuedMailCount(server.db, email)).toBe(0)
  })

  it('stores only hashes of the tokens it mails', async () => {
    const link = await requestLink('/api/auth/magic-link', demoEmail('admin'), MAGIC_SUBJECT)
    const admin = await findUser(server.db, 'admin')
    const rows = await server.db.select().from(authTokens).where(eq(authTokens.userId, admin!.id))
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((row) => row.tokenHash)).not.toContain(tokenOf(link))
  })
})
