import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '#common/demo-accounts.ts'
import { sessions } from '#server/db/schema/index.ts'
import { openSecret } from '#server/lib/secrets.ts'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '#server/modules/auth/sessions.ts'
import { findUser, registeredUser, signedInClient, totpCode, wrongTotpCode } from '#tests/helpers/auth.ts'
import { expectNoRoute, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

const EVIL_ORIGIN = 'https://evil.example'
const CSRF_REFUSED = { message: 'Cross-origin request refused', code: 'CSRF_ORIGIN_MISMATCH' }
const SIGN_IN_REQUIRED = { message: 'Please sign in to continue' }
const DAY_MS = 24 * 60 * 60 * 1000

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '1000' })
})
afterAll(() => server.close())

/** The sessions table row of a client's cookie. */
async function sessionRowsOf(username: string) {
  const user = await findUser(server.db, username)
  return server.db.select().from(sessions).where(eq(sessions.userId, user!.id))
}

/** A code valid in the next 30 s window (still accepted now), so it differs from one used just before. */

describe('sessions', () => {
  it('issues a long random cookie and a row that expires after the idle timeout', async () => {
    const client = new TestClient(server.app)
    const login = await client.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })
    const cookie = login.cookies.find((c) => c.name === 'cd_session')!
    // 32 random bytes, base64url: far more than the 128 bits required.
    expect(cookie.value).toMatch(/^[\w-]{43}$/)
    expect(cookie.path).toBe('/')
    expect(cookie.secure).toBeFalsy()
    const expires = (cookie.expires as Date).getTime() - Date.now()
    expect(expires).toBeGreaterThan(SESSION_IDLE_MS - 60_000)
    expect(expires).toBeLessThanOrEqual(SESSION_IDLE_MS)

    const rows = await sessionRowsOf('demo')
    // Only a keyed hash of the cookie is stored.
    expect(rows.map((row) => row.idHash)).not.toContain(cookie.value)
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!
    expect(newest.absoluteExpiresAt.getTime() - newest.createdAt.getTime()).toBeGreaterThan(
      SESSION_ABSOLUTE_MS - DAY_MS,
    )
  })

  it('ends a session past its idle timeout or its absolute lifetime', async () => {
    for (const column of ['expiresAt', 'absoluteExpiresAt'] as const) {
      const { client, user } = await registeredUser(server)
      expect((await client.get('/api/user')).statusCode).toBe(200)
      await server.db
        .update(sessions)
        .set({ [column]: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id))
      const expired = await client.get('/api/user')
      expect(expired.statusCode).toBe(401)
      expect(expired.json()).toEqual(SIGN_IN_REQUIRED)
    }
  })
})

describe('POST /api/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const client = await signedInClient(server, 'admin')
    const token = client.cookie('cd_session')!
    const sessionsBefore = (await sessionRowsOf('admin')).length

    const logout = await client.post('/api/logout')
    expect(logout.statusCode).toBe(200)
    expect(logout.json()).toEqual({ message: 'Logged out' })
    const cleared = logout.cookies.find((c) => c.name === 'cd_session')!
    expect(cleared.value).toBe('')
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now())
    expect(cleared.path).toBe('/')
    expect(client.cookie('cd_session')).toBeUndefined()

    expect((await sessionRowsOf('admin')).length).toBe(sessionsBefore - 1)
    const stale = await server.app.inject({ url: '/api/user', headers: { cookie: `cd_session=${token}` } })
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toEqual(SIGN_IN_REQUIRED)
  })

  it('keeps the other sessions of the user', async () => {
    const first = await signedInClient(server, 'demo')
    const second = await signedInClient(server, 'demo')
    await first.post('/api/logout')
    expect((await first.get('/api/user')).statusCode).toBe(401)
    expect((await second.get('/api/user')).statusCode).toBe(200)
  })

  it('answers a signed-out caller with 200 too', async () => {
    const response = await new TestClient(server.app).post('/api/logout')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out' })
  })
})

describe('cross-site request defence', () => {
  it('refuses a login from a foreign Origin without creating a session', async () => {
    const client = new TestClient(server.app)
    const response = await client.request({
      method: 'POST',
      url: '/api/login',
      headers: { origin: EVIL_ORIGIN },
      payload: { username: 'demo', password: DEMO_PASSWORD },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(CSRF_REFUSED)
    expect(response.cookies).toEqual([])
  })

  it('refuses a logout and notification changes from a foreign Origin, keeping the session', async () => {
    const client = await signedInClient(server, 'demo')
    const calls = [
      { method: 'POST', url: '/api/logout' },
      { method: 'POST', url: '/api/notifications/mark-all-read' },
      { method: 'PUT', url: `/api/notifications/${randomUUID()}/read` },
      { method: 'POST', url: '/api/auth/mfa/setup', payload: { password: DEMO_PASSWORD } },
    ] as const
    for (const call of calls) {
      const response = await client.request({ ...call, headers: { origin: EVIL_ORIGIN } })
      expect(response.statusCode, call.url).toBe(403)
      expect(response.json()).toEqual(CSRF_REFUSED)
    }
    expect((await client.get('/api/user')).statusCode).toBe(200)
    expect((await findUser(server.db, 'demo'))?.mfaSecret).toBeNull()
  })

  it.each([
    ['a foreign Referer without Origin', { referer: `${EVIL_ORIGIN}/page` }],
    ['an opaque Origin (sandboxed frame)', { origin: 'null' }],
    ['the app host on another port', { origin: 'http://localhost:3001' }],
    ['the app host over another scheme', { origin: 'https://localhost:3000' }],
    ['a foreign Origin with the app as Referer', { origin: EVIL_ORIGIN, referer: 'http://localhost:3000/' }],
  ])('refuses %s', async (_case, headers) => {
    const client = await signedInClient(server, 'demo')
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: client.cookieHeader(), ...headers },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(CSRF_REFUSED)
  })

  it.each([
    ['no Origin and no Referer', {}],
    ['the app as Referer without Origin', { referer: 'http://localhost:3000/dashboard' }],
    ['the app on 127.0.0.1 outside production', { origin: 'http://127.0.0.1:3000' }],
  ])('allows %s', async (_case, headers) => {
    const client = await signedInClient(server, 'demo')
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: client.cookieHeader(), ...headers },
    })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('allows a login with no Origin at all (non-browser clients)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'demo', password: DEMO_PASSWORD },
    })
    expect(response.statusCode).toBe(200)
  })

  it('does not check reads', async () => {
    const client = await signedInClient(server, 'demo')
    const response = await client.request({
      method: 'GET',
      url: '/api/user',
      headers: { origin: EVIL_ORIGIN },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('two-factor authentication enrolment', () => {
  it('turns MFA on with the password and a first code, and off again with both', async () => {
    const { client, registration, user } = await registeredUser(server)
    const otherSession = await signedInClient(server, registration.username, registration.password)

    const wrongPassword = await client.post('/api/auth/mfa/setup', { password: 'not-my-password' })
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.json()).toEqual({
      message: 'Your password is not correct',
      code: 'INVALID_PASSWORD',
    })
    expect((await findUser(server.db, user.username))?.mfaSecret).toBeNull()

    const setup = await client.post('/api/auth/mfa/setup', { password: registration.password })
    expect(setup.statusCode).toBe(200)
    const { secret, otpauthUrl } = setup.json()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    const uri = new URL(otpauthUrl)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Clusterdeck')
    expect(decodeURIComponent(uri.pathname)).toContain(registration.email)
    // Stored sealed, but not on until a code proves the app has it.
    const stored = await findUser(server.db, user.username)
    expect(stored).toMatchObject({ mfaEnabled: false })
    expect(stored?.mfaSecret).not.toContain(secret)
    expect(openSecret(server.ctx.config.secretsKey, stored!.mfaSecret!)).toBe(secret)
    expect((await client.get('/api/user')).json().mfaEnabled).toBe(false)

    const wrongCode = await client.post('/api/auth/mfa/enable', { code: wrongTotpCode(secret) })
    expect(wrongCode.statusCode).toBe(400)
    expect(wrongCode.json()).toEqual({ message: 'Invalid authentication code', code: 'INVALID_MFA_CODE' })

    const enable = await client.post('/api/auth/mfa/enable', { code: totpCode(secret) })
    expect(enable.statusCode).toBe(200)
    const { recoveryCodes } = enable.json()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await client.get('/api/user')).json().mfaEnabled).toBe(true)
    // A privilege change: the session that never gave a code ends, this one stays.
    expect((await otherSession.get('/api/user')).statusCode).toBe(401)

    const setupAgain = await client.post('/api/auth/mfa/setup', { password: registration.password })
    expect(setupAgain.statusCode).toBe(409)
    expect(setupAgain.json().code).toBe('MFA_ALREADY_ENABLED')

    const nextLogin = new TestClient(server.app)
    const password = await nextLogin.post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(password.json()).toEqual({ mfaRequired: true })
    expect((await nextLogin.get('/api/user')).statusCode).toBe(401)
    // A recovery code stands in for the authenticator, once.
    const code = await nextLogin.post('/api/login/recovery-code', { code: recoveryCodes[0].toUpperCase() })
    expect(code.statusCode, code.body).toBe(200)
    expect(code.json()).toMatchObject({ username: registration.username, mfaEnabled: true })
    const again = new TestClient(server.app)
    await again.post('/api/login', { username: registration.username, password: registration.password })
    const reused = await again.post('/api/login/recovery-code', { code: recoveryCodes[0] })
    expect(reused.statusCode).toBe(401)
    expect(reused.json().code).toBe('INVALID_RECOVERY_CODE')

    const disableWrongPassword = await client.post('/api/auth/mfa/disable', {
      password: 'not-my-password',
      code: totpCode(secret),
    })
    expect(disableWrongPassword.statusCode).toBe(401)
    expect(disableWrongPassword.json().code).toBe('INVALID_PASSWORD')
    const disableWrongCode = await client.post('/api/auth/mfa/disable', {
      password: registration.password,
      code: wrongTotpCode(secret),
    })
    expect(disableWrongCode.statusCode).toBe(400)
    expect(disableWrongCode.json().code).toBe('INVALID_MFA_CODE')
    expect((await findUser(server.db, user.username))?.mfaEnabled).toBe(true)

    // The code that turned MFA on was used: the next one turns it off.
    const disable = await client.post('/api/auth/mfa/disable', {
      password: registration.password,
      code: totpCode(secret, 1),
    })
    expect(disable.statusCode).toBe(200)
    expect(disable.json()).toEqual({ message: 'Two-factor authentication is off' })
    expect(await findUser(server.db, user.username)).toMatchObject({ mfaSecret: null, mfaEnabled: false })

    const plainLogin = await new TestClient(server.app).post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(plainLogin.json()).toMatchObject({ username: registration.username, mfaEnabled: false })
  })

  it('answers enable before setup with 400 and disable while off with 409', async () => {
    const { client, registration } = await registeredUser(server)
    const enable = await client.post('/api/auth/mfa/enable', { code: '123456' })
    expect(enable.statusCode).toBe(400)
    expect(enable.json()).toEqual({
      message: 'Start the set-up of two-factor authentication first',
      code: 'MFA_NOT_STARTED',
    })
    const disable = await client.post('/api/auth/mfa/disable', {
      password: registration.password,
      code: '123456',
    })
    expect(disable.statusCode).toBe(409)
    expect(disable.json()).toEqual({
      message: 'Two-factor authentication is not on',
      code: 'MFA_NOT_ENABLED',
    })
  })

  it('validates the code format', async () => {
    const client = await signedInClient(server, 'demo')
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await client.post('/api/auth/mfa/enable', { code })
      expect(response.statusCode).toBe(400)
      expect(response.json().issues).toEqual([
        { path: 'body.code', message: 'Enter the 6-digit code from your authenticator app' },
      ])
    }
  })

  it.each([
    ['/api/auth/mfa/setup', { password: DEMO_PASSWORD }],
    ['/api/auth/mfa/enable', { code: '123456' }],
    ['/api/auth/mfa/disable', { password: DEMO_PASSWORD, code: '123456' }],
  ])('answers %s with 401 when signed out or halfway through an MFA login', async (url, body) => {
    const signedOut = await new TestClient(server.app).post(url, body)
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toEqual(SIGN_IN_REQUIRED)

    const pending = await signedInClient(server, 'secure')
    const halfway = await pending.post(url, body)
    expect(halfway.statusCode).toBe(401)
    expect(halfway.json()).toEqual(SIGN_IN_REQUIRED)
    expect((await findUser(server.db, 'secure'))?.mfaEnabled).toBe(true)
  })
})

describe('POST /api/login/mfa attempts', () => {
  it('ends the pending login after five wrong codes', async () => {
    const client = await signedInClient(server, 'secure')
    const wrong = wrongTotpCode(DEMO_TOTP_SECRET)
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client.post('/api/login/mfa', { code: wrong })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: 'Invalid authentication code', code: 'INVALID_MFA_CODE' })
    }
    const sixth = await client.post('/api/login/mfa', { code: wrong })
    expect(sixth.statusCode).toBe(401)
    expect(sixth.json()).toEqual({
      message: 'Too many incorrect codes. Please sign in again.',
      code: 'MFA_TOO_MANY_ATTEMPTS',
    })

    const tooLate = await client.post('/api/login/mfa', { code: totpCode(DEMO_TOTP_SECRET) })
    expect(tooLate.statusCode).toBe(401)
    expect(tooLate.json().code).toBe('MFA_SESSION_MISSING')
    expect((await client.get('/api/user')).statusCode).toBe(401)
    expect((await sessionRowsOf('secure')).filter((row) => row.mfaPending && row.mfaAttempts > 0)).toEqual([])
  })

  it('answers a code without a pending login with 401', async () => {
    const response = await new TestClient(server.app).post('/api/login/mfa', { code: '123456' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      message: 'Your sign-in has expired. Please enter your username and password again.',
      code: 'MFA_SESSION_MISSING',
    })
  })

  it('replaces the pending session with a new one', async () => {
    const client = await signedInClient(server, 'secure')
    const pending = client.cookie('cd_session')
    expect((await client.post('/api/login/mfa', { code: totpCode(DEMO_TOTP_SECRET) })).statusCode).toBe(200)
    expect(client.cookie('cd_session')).not.toBe(pending)
    const stale = await server.app.inject({ url: '/api/user', headers: { cookie: `cd_session=${pending}` } })
    expect(stale.statusCode).toBe(401)
  })
})

describe('POST /api/dev-login outside production', () => {
  it('signs in as a demo user without a password', async () => {
    const client = new TestClient(server.app)
    const response = await client.post('/api/dev-login', { username: 'officer' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ username: 'officer', isOfficer: true, companyId: 'CD-OPERATOR' })
    expect((await client.get('/api/user')).json().username).toBe('officer')
  })

  it('answers an unknown user with 404', async () => {
    const response = await new TestClient(server.app).post('/api/dev-login', { username: 'nobody-at-all' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'No such demo user' })
    expect(response.cookies).toEqual([])
  })

  it('shows the outbox at /dev/mailbox', async () => {
    const response = await new TestClient(server.app).get('/dev/mailbox')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain('<h1>Development mailbox</h1>')
  })
})

describe('in production', () => {
  let production: TestServer
  beforeAll(async () => {
    production = await startTestServer({ NODE_ENV: 'production', RATE_LIMIT_PER_IP: '1000' })
  })
  afterAll(() => production.close())

  it.each([
    ['POST', '/api/dev-login'],
    ['GET', '/dev/mailbox'],
    ['GET', '/api/dev/mailbox'],
  ] as const)('has no %s %s', async (method, url) => {
    const response = await new TestClient(production.app).request({
      method,
      url,
      ...(method === 'POST' ? { payload: { username: 'officer' } } : {}),
    })
    expectNoRoute(response, method, url)
    expect(response.cookies).toEqual([])
  })

  it('names the cookie __Host-cd_session and marks it Secure, HttpOnly and SameSite=Lax', async () => {
    const client = new TestClient(production.app)
    const login = await client.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })
    expect(login.statusCode).toBe(200)
    expect(login.cookies.map((c) => c.name)).toEqual(['__Host-cd_session', 'cd_signed_in'])
    const cookie = login.cookies[0]!
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' })
    // The __Host- prefix forbids a Domain attribute.
    expect(cookie.domain).toBeUndefined()
    // The static pages' hint that a session exists: readable by scripts, so it holds no secret.
    const hint = login.cookies[1]!
    expect(hint).toMatchObject({ value: '1', secure: true, sameSite: 'Lax', path: '/' })
    expect(hint.httpOnly).toBeFalsy()
    expect(hint.expires?.getTime()).toBe(cookie.expires?.getTime())
    expect((await client.get('/api/user')).json().username).toBe('demo')

    const logout = await client.post('/api/logout')
    const cleared = logout.cookies.find((c) => c.name === '__Host-cd_session')!
    // Browsers ignore a __Host- cookie without Secure, so the clearing one needs it too.
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/' })
    expect(logout.cookies.find((c) => c.name === 'cd_signed_in')).toMatchObject({ value: '' })
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('ignores the development cookie name', async () => {
    const client = await signedInClient(production, 'demo')
    const token = client.cookie('__Host-cd_session')
    const response = await production.app.inject({
      url: '/api/user',
      headers: { cookie: `cd_session=${token}` },
    })
    expect(response.statusCode).toBe(401)
  })

  it('sends HSTS for a year and accepts only the app origin', async () => {
    const response = await production.app.inject({ url: '/api/version/summary' })
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const loopback = await production.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { username: 'demo', password: DEMO_PASSWORD },
    })
    expect(loopback.statusCode).toBe(403)
  })
})
