import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '#common/demo-accounts.ts'
import { outbox, users } from '#server/db/schema/index.ts'
import { findUser, registeredUser, totpCode, waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * What a copy of the database shows of a person's secrets (finding M6): a TOTP seed, the link of
 * a mail waiting in (or sent by) the job queue, the development outbox's mail. Each attack reads
 * the tables as a stolen backup would, and must find nothing it can use.
 */

let server: TestServer
/** A second server whose finished mail jobs are deleted after a second, checked every second. */
let brief: TestServer
beforeAll(async () => {
  ;[server, brief] = await Promise.all([
    startTestServer({ RATE_LIMIT_PER_IP: '1000' }),
    startTestServer(
      { RATE_LIMIT_PER_IP: '1000' },
      { mailRetentionSeconds: 1, maintenanceIntervalSeconds: 1 },
    ),
  ])
})
afterAll(async () => {
  await Promise.all([server?.close(), brief?.close()])
})

async function signInWithCode(username: string, password: string, secret: string, stepsAhead = 0) {
  const client = new TestClient(server.app)
  const first = await client.post('/api/login', { username, password })
  expect(first.json()).toEqual({ mfaRequired: true })
  return client.post('/api/login/mfa', { code: totpCode(secret, stepsAhead) })
}

describe('TOTP seeds', () => {
  it('are stored sealed at enrolment: the users table does not yield the seed an authenticator holds', async () => {
    const { client, registration, user } = await registeredUser(server)
    const setup = await client.post('/api/auth/mfa/setup', { password: registration.password })
    expect(setup.statusCode).toBe(200)
    const { secret } = setup.json() as { secret: string }
    const stored = (await findUser(server.db, user.username))!.mfaSecret!
    expect(stored).not.toContain(secret)
    expect(stored).toMatch(/^v1\./)

    // The sealed seed still checks codes: enrolment, then a sign-in with the second factor.
    const enabled = await client.post('/api/auth/mfa/enable', { code: totpCode(secret) })
    expect(enabled.statusCode, enabled.body).toBe(200)
    const signedIn = await signInWithCode(registration.username, registration.password, secret, 1)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
  })

  it('stored in plain text before (the demo seed) are sealed at start-up, and still sign in', async () => {
    const stored = (await findUser(server.db, 'secure'))!.mfaSecret!
    expect(stored).not.toContain(DEMO_TOTP_SECRET)
    expect(stored).toMatch(/^v1\./)
    const signedIn = await signInWithCode('secure', DEMO_PASSWORD, DEMO_TOTP_SECRET)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
  })

  it('written in plain text by an instance of an earlier version still check codes', async () => {
    const { registration, user } = await registeredUser(server)
    const secret = 'KRUGS4ZANFZSAYJAOBWGC2LOEBZWKZLE'
    await server.db.update(users).set({ mfaEnabled: true, mfaSecret: secret }).where(eq(users.id, user.id))
    const signedIn = await signInWithCode(registration.username, registration.password, secret)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
  })
})

describe('mail with a one-time link', () => {
  it('is queued without its link: the job names its template, and the token of the delivered mail is not in it', async () => {
    const { registration } = await registeredUser(server)
    const email = registration.email.toLowerCase()
    const since = new Date()
    expect((await new TestClient(server.app).post('/api/auth/forgot-password', { email })).statusCode).toBe(
      200,
    )
    const mail = await waitForMailWithSubject(server.db, email, 'Reset your Clusterdeck password', {
      after: since,
    })
    const token = mail.text.match(/reset-password\?token=([\w-]+)/)?.[1]
    expect(token, mail.text).toBeTruthy()

    const { rows } = await server.db.$client.query<{ data: string }>(
      `SELECT data::text AS data FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1`,
      [email],
    )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const row of rows) {
      expect(row.data).not.toContain(token)
      expect(row.data).not.toContain('reset-password?token=')
      expect(row.data).not.toContain('verify-email?token=')
    }
    expect(rows.map((row) => JSON.parse(row.data).template)).toContain('passwordResetMail')
  })

  it('kept in the development outbox is sealed there, and the mailbox page shows it opened', async () => {
    const { registration } = await registeredUser(server)
    const email = registration.email.toLowerCase()
    const rows = await server.db.select().from(outbox).where(eq(outbox.recipient, email))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.text).not.toContain('token=')
    expect(rows[0]!.html ?? '').not.toContain('token=')
    expect(rows[0]!.text).toMatch(/^v1\./)

    const mailbox = await new TestClient(server.app).get('/api/dev/mailbox')
    const shown = (mailbox.json() as { to: string; text: string }[]).find((item) => item.to === email)
    expect(shown?.text).toMatch(/\/api\/auth\/verify-email\?token=[\w-]+/)
  })
})

describe('finished mail jobs', () => {
  it('are kept minutes, not days, by default', async () => {
    const { rows } = await server.db.$client.query<{ deletion_seconds: number }>(
      `SELECT deletion_seconds FROM pgboss.queue WHERE name = 'send-email'`,
    )
    expect(rows[0]!.deletion_seconds).toBeGreaterThan(0)
    expect(rows[0]!.deletion_seconds).toBeLessThanOrEqual(15 * 60)
  })

  it('are deleted once the retention has passed: the row of a sent mail goes', async () => {
    const email = `retention-${randomBytes(4).toString('hex')}@example.com`
    expect(
      (await new TestClient(brief.app).post('/api/newsletter/subscriptions', { email, language: 'en' }))
        .statusCode,
    ).toBeLessThan(300)
    const mail = await waitForMailWithSubject(brief.db, email, /newsletter/i)
    expect(mail.jobId).toBeTruthy()
    const jobRows = async () =>
      Number(
        (
          await brief.db.$client.query<{ count: string }>(
            'SELECT count(*) AS count FROM pgboss.job WHERE id = $1',
            [mail.jobId],
          )
        ).rows[0]!.count,
      )
    const deadline = Date.now() + 30_000
    while ((await jobRows()) > 0) {
      if (Date.now() > deadline) throw new Error('The sent mail’s job is still in the job table')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(await jobRows()).toBe(0)
  }, 45_000)
})
