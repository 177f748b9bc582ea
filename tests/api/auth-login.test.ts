import { generateSync } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '#common/demo-accounts.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '3', RATE_LIMIT_PER_IP: '1000' })
})
afterAll(() => server.close())

describe('POST /api/login', () => {
  it('signs in by username and by email and returns the user with name, company and billing ID', async () => {
    for (const username of ['demo', 'DEMO', 'demo@clusterdeck.eu']) {
      const client = new TestClient(server.app)
      const login = await client.post('/api/login', { username, password: DEMO_PASSWORD })
      expect(login.statusCode).toBe(200)
      expect(login.json()).toMatchObject({
        username: 'demo',
        name: 'Dana Demo',
        companyName: 'Demo Company',
        companyId: 'CD-DEMO-001',
      })
      const cookie = login.cookies.find((c) => c.name === 'cd_session')!
      expect(cookie.httpOnly).toBe(true)
      expect(cookie.sameSite).toBe('Lax')
      const me = await client.get('/api/user')
      expect(me.statusCode).toBe(200)
      expect(me.json().email).toBe('demo@clusterdeck.eu')
    }
  })

  it('answers a wrong password with 401 and a message', async () => {
    const response = await new TestClient(server.app).post('/api/login', {
      username: 'admin',
      password: 'not-the-password',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' })
  })

  it('locks the account with 429 and Retry-After after too many failures', async () => {
    const client = new TestClient(server.app)
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await client.post('/api/login', { username: 'officer', password: 'wrong-password-x' })).statusCode,
      ).toBe(401)
    }
    const locked = await client.post('/api/login', { username: 'officer', password: DEMO_PASSWORD })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/)
  })

  it('gives a new session id at every login', async () => {
    const client = new TestClient(server.app)
    await client.post('/api/login', { username: 'admin', password: DEMO_PASSWORD })
    const first = client.cookie('cd_session')
    await client.post('/api/login', { username: 'admin', password: DEMO_PASSWORD })
    const second = client.cookie('cd_session')
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `cd_session=${first}` },
    })
    expect(stale.statusCode).toBe(401)
  })

  it('asks an MFA user for a code, and a valid TOTP completes the login', async () => {
    const client = new TestClient(server.app)
    const first = await client.post('/api/login', { username: 'secure', password: DEMO_PASSWORD })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ mfaRequired: true })
    expect((await client.get('/api/user')).statusCode).toBe(401)

    const wrong = await client.post('/api/login/mfa', {
      code: '000000' === generateSync({ secret: DEMO_TOTP_SECRET }) ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(401)

    const done = await client.post('/api/login/mfa', { code: generateSync({ secret: DEMO_TOTP_SECRET }) })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ username: 'secure', mfaEnabled: true })
    expect((await client.get('/api/user')).statusCode).toBe(200)
  })
})
