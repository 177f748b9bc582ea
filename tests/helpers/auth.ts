import { randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { generateSync } from 'otplib'
import { expect } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import type { Database } from '#server/db/client.ts'
import { outbox, users } from '#server/db/schema/index.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { linkIn, openedMail, TestClient, type TestServer } from './server.ts'

/** A client signed in with a password (for an MFA account: after the password step only). */
export async function signedInClient(server: TestServer, username: string, password = DEMO_PASSWORD) {
  const client = new TestClient(server.app)
  const response = await client.post('/api/login', { username, password })
  expect(response.statusCode, response.body).toBe(200)
  return client
}

/**
 * A registration body that no other test uses, for a new organization (the server makes its
 * Billing ID); with a `companyId` among `overrides`, a request to join that organization instead.
 * `overrides` replace single fields.
 */
export function newRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  const suffix = randomBytes(4).toString('hex')
  return {
    username: `user-${suffix}`,
    email: `user-${suffix}@example.com`,
    name: `Test User ${suffix}`,
    password: 'a-long-and-unusual-passphrase',
    companyName: `Company ${suffix}`,
    ...(overrides.companyId === undefined ? {} : { joining: true }),
    ...overrides,
  }
}

/**
 * Registers a fresh account (its own organization, unless `overrides` name one to join) and
 * returns its client, body (with the organization's Billing ID as `companyId`) and mail address.
 */
export async function registeredUser(server: TestServer, overrides: Partial<Record<string, unknown>> = {}) {
  const client = new TestClient(server.app)
  const body = newRegistration(overrides)
  const response = await client.post('/api/register', body)
  expect(response.statusCode, response.body).toBe(200)
  const user = response.json() as { id: string; username: string; email: string; companyId: string }
  // Waiting for the registration's own mail keeps it from being mistaken for a later one.
  await waitForMailWithSubject(server.db, body.email.toLowerCase(), 'Verify your email address')
  return { client, registration: { ...body, companyId: user.companyId }, user }
}

/**
 * A fresh account whose address is verified, as its owner would do it: the verification mail's
 * link is followed. Ordering and adding credentials need a proven address.
 */
export async function verifiedUser(server: TestServer, overrides: Partial<Record<string, unknown>> = {}) {
  const registered = await registeredUser(server, overrides)
  const mail = await waitForMailWithSubject(
    server.db,
    registered.registration.email.toLowerCase(),
    'Verify your email address',
  )
  const link = linkIn(mail.text)
  const opened = await server.app.inject({ method: 'GET', url: link.pathname + link.search })
  expect(opened.headers.location).toBe('/verify-email?status=verified')
  return registered
}

export async function findUser(db: Database, username: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
  return row
}

/** Every mail delivered to `recipient`, oldest first, opened. */
export async function mailsTo(db: Database, recipient: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(asc(outbox.createdAt))
  return rows.map(openedMail)
}

/** Waits for the newest mail to `recipient` with `subject` (other mails may arrive in between). */
export async function waitForMailWithSubject(
  db: Database,
  recipient: string,
  subject: string | RegExp,
  options: { after?: Date; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  while (Date.now() < deadline) {
    const mail = (await mailsTo(db, recipient))
      .filter(
        (row) =>
          (typeof subject === 'string' ? row.subject === subject : subject.test(row.subject)) &&
          (!options.after || row.createdAt >= options.after),
      )
      .at(-1)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No mail "${subject}" reached ${recipient} in time`)
}

/**
 * Mail jobs ever enqueued for `recipient`, delivered or not: proves that nothing was sent without
 * waiting for the worker.
 */
export async function queuedMailCount(db: Database, recipient: string): Promise<number> {
  const result = await db.$client.query<{ count: string }>(
    `SELECT count(*) AS count FROM pgboss.job WHERE name = $1 AND data->>'to' = $2`,
    [QUEUES.sendEmail, recipient],
  )
  return Number(result.rows[0]?.count)
}

/**
 * The code of an authenticator app holding `secret`, now or `stepsAhead` 30 s steps later (the
 * server takes one step of drift, and refuses a step it has already seen).
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead })
}

/** A well-formed code that is not valid for `secret` now (nor 30 s either side). */
export function wrongTotpCode(secret: string): string {
  const now = Date.now()
  const valid = new Set(
    [-30_000, 0, 30_000].map((offset) => generateSync({ secret, epoch: Math.floor((now + offset) / 1000) })),
  )
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0')
    if (!valid.has(code)) return code
  }
}

/** The token of a mail link, such as /reset-password?token=… */
export function tokenOf(link: URL): string {
  const token = link.searchParams.get('token')
  if (!token) throw new Error(`No token in ${link.href}`)
  return token
}
