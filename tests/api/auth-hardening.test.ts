import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '#common/demo-accounts.ts'
import { authTokens, notifications, sessions, users } from '#server/db/schema/index.ts'
import { issueAuthToken } from '#server/modules/auth/auth-tokens.ts'
import { resetPassword } from '#server/modules/auth/email-links.ts'
import { MFA_PENDING_MS } from '#server/modules/auth/sessions.ts'
import {
  findUser,
  newRegistration,
  registeredUser,
  signedInClient,
  totpCode,
  wrongTotpCode,
} from '#tests/helpers/auth.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '4', RATE_LIMIT_PER_IP: '1000' })
})
afterAll(() => server.close())

describe('auth hardening', () => {
  it('counts wrong MFA codes against the account across fresh logins', async () => {
    const client = new TestClient(server.app)
    for (let round = 0; round < 2; round++) {
      expect(
        (await client.post('/api/login', { username: 'secure', password: DEMO_PASSWORD })).json(),
      ).toEqual({ mfaRequired: true })
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(
          (await client.post('/api/login/mfa', { code: wrongTotpCode(DEMO_TOTP_SECRET) })).statusCode,
        ).toBe(401)
      }
    }
    // Four failures in the window: the account is locked, for the password and the code alike.
    expect(
      (await client.post('/api/login', { username: 'secure', password: DEMO_PASSWORD })).statusCode,
    ).toBe(429)
  })

  it('keeps a pending second-factor session for 10 minutes only', async () => {
    const client = await signedInClient(server, 'admin')
    const admin = await findUser(server.db, 'admin')
    await server.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: DEMO_TOTP_SECRET })
      .where(eq(users.id, admin!.id))
    const before = Date.now()
    await client.post('/api/login', { username: 'admin', password: DEMO_PASSWORD })
    const [pending] = await server.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, admin!.id), eq(sessions.mfaPending, true)))
    expect(pending!.expiresAt.getTime() - before).toBeLessThanOrEqual(MFA_PENDING_MS + 1000)
    expect(pending!.expiresAt.getTime() - before).toBeGreaterThan(MFA_PENDING_MS - 5000)
    expect((await client.post('/api/login/mfa', { code: totpCode(DEMO_TOTP_SECRET) })).statusCode).toBe(200)
  })

  it('keeps the caller signed in when a new sign-in attempt fails', async () => {
    const client = await signedInClient(server, 'demo')
    expect(
      (await client.post('/api/login', { username: 'demo', password: 'wrong-password-here' })).statusCode,
    ).toBe(401)
    expect((await client.post('/api/register', newRegistration({ password: 'short' }))).statusCode).toBe(400)
    expect((await client.post('/api/auth/magic-link/verify', { token: 'x'.repeat(43) })).statusCode).toBe(400)
    expect((await client.get('/api/user')).json().username).toBe('demo')
  })

  it('revokes outstanding mail links when the password is reset', async () => {
    const { client, registration, user } = await registeredUser(server)
    await client.post('/api/auth/magic-link', { email: registration.email })
    await client.post('/api/auth/forgot-password', { email: registration.email })
    const deadline = Date.now() + 10_000
    let open: unknown[] = []
    while (Date.now() < deadline) {
      open = await server.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, user.id), isNull(authTokens.usedAt)))
      if (open.length >= 3) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(open.length).toBe(3) // verification, magic link, reset
    // A reset token issued here, so the test knows it.
    const token = await issueAuthToken(server.db, server.ctx.config.sessionSecret, user.id, 'reset_password')
    await resetPassword(server.ctx, token, 'another-long-passphrase-9')
    const stillOpen = await server.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.usedAt)))
    expect(stillOpen).toEqual([])
  })

  it('tells the super_admin of an organization without admins about a join request', async () => {
    const superadmin = await findUser(server.db, 'superadmin')
    const response = await new TestClient(server.app).post(
      '/api/register',
      newRegistration({ companyId: 'CD-OPERATOR' }),
    )
    expect(response.statusCode).toBe(200)
    const rows = await server.db.select().from(notifications).where(eq(notifications.userId, superadmin!.id))
    expect(rows.some((row) => row.message.includes(response.json().email))).toBe(true)
  })
})
