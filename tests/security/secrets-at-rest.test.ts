import { randomBytes, randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passkeys } from '#server/db/schema/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { newRegistration, totpCode } from '#tests/helpers/auth.ts'
import { runningCluster } from '#tests/helpers/billing.ts'
import { type DnsServer, startDnsServer } from '#tests/helpers/dns-server.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * Secrets at rest: a person's whole scenario through the API — registration, sign-in link,
 * password reset, address change, invitation, TOTP enrolment, a budget webhook, an API token, an
 * installation's password — then every text, varchar, json, jsonb and bytea column of every table
 * of the database (the job queue's included) is searched for each secret and one-time token the
 * scenario made or received. None may be there in plain text: a copy of the database (a backup, a
 * replica, a leaked dump) must not let anyone act as the person. Mail goes to the development
 * outbox in one run and through a real SMTP server in the other.
 */

type Mail = { to: string[]; subject: string; text: string }

/** Where the scenario's mail arrives: the development mailbox (through the API) or an SMTP capture. */
type Mailbox = { read: () => Promise<Mail[]>; close: () => Promise<void> }

const PASSWORD = 'a-long-and-unusual-passphrase'
const NEW_PASSWORD = 'another-long-unusual-passphrase-42'

async function outboxMailbox(server: TestServer): Promise<Mailbox> {
  return {
    read: async () => {
      const response = await new TestClient(server.app).get('/api/dev/mailbox')
      expect(response.statusCode).toBe(200)
      return (response.json() as { to: string; subject: string; text: string }[]).map((mail) => ({
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
      }))
    },
    close: async () => {},
  }
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links and headers. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

async function smtpCapture(): Promise<{ url: string; mailbox: Mailbox }> {
  const captured: Mail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const message = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'))
        captured.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: message.match(/^Subject: (.*?)\r?$/m)?.[1] ?? '',
          text: message,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailbox: {
      read: async () => [...captured],
      close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
    },
  }
}

/** The token of the newest mail to `to` with `subject` whose link has the path `path`. */
async function tokenFromMail(mailbox: Mailbox, to: string, subject: string, path: string): Promise<string> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const mail = (await mailbox.read())
      .filter((item) => item.to.includes(to) && item.subject === subject)
      .at(-1)
    const link = mail?.text
      .match(/https?:\/\/[^\s"<>]+/g)
      ?.map((found) => new URL(found.replaceAll('&amp;', '&')))
      .find((url) => url.pathname === path && url.searchParams.get('token'))
    if (link) return link.searchParams.get('token')!
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No mail "${subject}" with a link to ${path} reached ${to} in time`)
}

type Column = { schema: string; table: string; column: string; type: string }

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Every column that can hold text, of every table of every schema, read from the catalog. */
async function textColumns(sql: pg.Pool): Promise<Column[]> {
  const { rows } = await sql.query<Column>(`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE t.table_type = 'BASE TABLE'
      AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')
        OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_json', '_jsonb')))
    ORDER BY 1, 2, 3`)
  return rows
}

/** Where each of `needles` is found: `schema.table.column` per needle (bytea read as escaped text). */
async function scan(sql: pg.Pool, needles: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>()
  for (const column of await textColumns(sql)) {
    const value =
      column.type === 'bytea'
        ? `encode(${quoted(column.column)}, 'escape')`
        : `${quoted(column.column)}::text`
    const { rows } = await sql.query<{ needle: string }>(
      `SELECT needle FROM unnest($1::text[]) AS needle
       WHERE EXISTS (SELECT 1 FROM ${quoted(column.schema)}.${quoted(column.table)} WHERE strpos(${value}, needle) > 0)`,
      [needles],
    )
    for (const { needle } of rows)
      found.set(needle, [...(found.get(needle) ?? []), `${column.schema}.${column.table}.${column.column}`])
  }
  return found
}

/** A client that remembers every session cookie it was given. */
class RecordingClient extends TestClient {
  readonly sessionCookies = new Set<string>()
  override async request(options: Parameters<TestClient['request']>[0]): Promise<LightMyRequestResponse> {
    const response = await super.request(options)
    const session = this.cookie('cd_session')
    if (session) this.sessionCookies.add(session)
    return response
  }
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, `${response.statusCode} ${response.body}`).toBe(status)
}

describe.each(['outbox', 'smtp'] as const)('secrets at rest, mail through the %s', (delivery) => {
  let server: TestServer
  let mailbox: Mailbox
  let sql: pg.Pool

  let dns: DnsServer

  beforeAll(async () => {
    // The webhook's name resolves to a public address through a DNS server of the test's own.
    dns = await startDnsServer({ 'hooks.example.com': { A: ['93.184.215.14'] } })
    const settings = { PROVISIONING_SPEED: '2000', OUTBOUND_DNS_SERVERS: dns.address }
    if (delivery === 'smtp') {
      const capture = await smtpCapture()
      mailbox = capture.mailbox
      server = await startTestServer({ ...settings, SMTP_URL: capture.url })
    } else {
      server = await startTestServer(settings)
      mailbox = await outboxMailbox(server)
    }
    sql = new pg.Pool({ connectionString: server.databaseUrl, max: 2 })
  })
  afterAll(async () => {
    await sql?.end()
    await server?.close()
    await mailbox?.close()
    await dns?.close()
  })

  it('finds a canary planted in a text, a jsonb (job queue) and a bytea column: the scan sees every table', async () => {
    const canaries = {
      text: `canary-text-${randomBytes(8).toString('hex')}`,
      job: `canary-job-${randomBytes(8).toString('hex')}`,
      bytes: `canary-bytes-${randomBytes(8).toString('hex')}`,
    }
    await sql.query('INSERT INTO outbox (recipient, subject, text) VALUES ($1, $2, $3)', [
      'canary@example.com',
      'Canary',
      canaries.text,
    ])
    await server.ctx.queue.boss.createQueue('secrets-scan-canary')
    await server.ctx.queue.boss.send('secrets-scan-canary', { canary: canaries.job })
    const [user] = await sql
      .query<{ id: string }>('SELECT id FROM users LIMIT 1')
      .then((result) => result.rows)
    await server.db.insert(passkeys).values({
      userId: user!.id,
      credentialId: randomUUID(),
      publicKey: Buffer.from(canaries.bytes),
      name: 'Canary',
    })

    const found = await scan(sql, Object.values(canaries))
    expect(found.get(canaries.text)).toContain('public.outbox.text')
    expect(found.get(canaries.job)).toContain('pgboss.job.data')
    expect(found.get(canaries.bytes)).toContain('public.passkeys.public_key')
  })

  it('keeps no secret and no one-time token of a whole scenario in plain text, anywhere', async () => {
    const secrets: Record<string, string> = {}
    const client = new RecordingClient(server.app)

    // Registration and the verification link.
    const registration = newRegistration({ password: PASSWORD })
    const email = registration.email.toLowerCase()
    expectStatus(await client.post('/api/register', registration), 200)
    secrets.password = PASSWORD
    secrets.verificationToken = await tokenFromMail(
      mailbox,
      email,
      'Verify your email address',
      '/api/auth/verify-email',
    )
    expectStatus(
      await client.get(`/api/auth/verify-email?token=${encodeURIComponent(secrets.verificationToken)}`),
      303,
    )

    // A sign-in link, used.
    expectStatus(await client.post('/api/auth/magic-link', { email }), 200)
    secrets.magicLinkToken = await tokenFromMail(
      mailbox,
      email,
      'Your Clusterdeck sign-in link',
      '/magic-link',
    )
    expectStatus(await client.post('/api/auth/magic-link/verify', { token: secrets.magicLinkToken }), 200)

    // A password reset, used; then a sign-in with the new password.
    expectStatus(await client.post('/api/auth/forgot-password', { email }), 200)
    secrets.resetToken = await tokenFromMail(
      mailbox,
      email,
      'Reset your Clusterdeck password',
      '/reset-password',
    )
    expectStatus(
      await client.post('/api/auth/reset-password', { token: secrets.resetToken, password: NEW_PASSWORD }),
      200,
    )
    secrets.newPassword = NEW_PASSWORD
    expectStatus(
      await client.post('/api/login', { username: registration.username, password: NEW_PASSWORD }),
      200,
    )

    // A new address asked for: its confirmation link.
    const newEmail = `moved-${randomBytes(4).toString('hex')}@example.com`
    expectStatus(await client.post('/api/user/email', { password: NEW_PASSWORD, email: newEmail }), 202)
    secrets.newAddressToken = await tokenFromMail(
      mailbox,
      newEmail,
      'Confirm your new Clusterdeck address',
      '/api/auth/confirm-email',
    )

    // An invitation to the organization: its link.
    const invitee = `invitee-${randomBytes(4).toString('hex')}@example.com`
    expectStatus(await client.post('/api/organization/invitations', { email: invitee }), 201)
    secrets.invitationToken = await tokenFromMail(
      mailbox,
      invitee,
      `${registration.name} invites you to ${registration.companyName} on Clusterdeck`,
      '/accept-invitation',
    )

    // TOTP enrolment: the seed of the setup answer, and the recovery codes.
    const setup = await client.post('/api/auth/mfa/setup', { password: NEW_PASSWORD })
    expectStatus(setup, 200)
    const seed: string = setup.json().secret
    secrets.totpSeed = seed
    const enabled = await client.post('/api/auth/mfa/enable', { code: totpCode(seed) })
    expectStatus(enabled, 200)
    const recoveryCodes: string[] = enabled.json().recoveryCodes
    expect(recoveryCodes.length).toBeGreaterThan(0)
    recoveryCodes.forEach((code, index) => {
      secrets[`recoveryCode${index}`] = code
    })

    // A budget alert with a webhook: its signing secret is shown once.
    const alert = await client.post('/api/billing/budget-alerts', {
      amountCents: 100_000,
      basis: 'month_to_date',
      webhookUrl: 'https://hooks.example.com/clusterdeck/budget',
    })
    expectStatus(alert, 201)
    secrets.webhookSecret = alert.json().webhookSecret
    expect(secrets.webhookSecret).toBeTruthy()

    // A personal API token, shown once.
    const token = await client.post('/api/user/tokens', {
      name: 'Scan',
      scopes: ['clusters:read'],
      lifetime: '30d',
    })
    expectStatus(token, 201)
    secrets.apiToken = token.json().token

    // A product installed onto a running cluster, and its generated password revealed.
    const me = (await client.get('/api/user')).json() as { id: string }
    const { rows } = await sql.query<{ organization_id: string }>(
      'SELECT organization_id FROM users WHERE id = $1',
      [me.id],
    )
    const cluster = await runningCluster(server.db, rows[0]!.organization_id, plainConfiguration('scan'), {
      since: new Date(),
    })
    const ordered = await client.request({
      method: 'POST',
      url: '/api/installations',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        productId: 'postgresql',
        clusterId: cluster.id,
        namespace: 'databases',
        planId: 'm',
        version: '17.6',
        settings: { databaseName: 'shop' },
        currency: 'EUR',
      },
    })
    expectStatus(ordered, 201)
    const installationId: string = ordered.json().installationId
    const deadline = Date.now() + 30_000
    for (;;) {
      const installation = (await client.get(`/api/installations/${installationId}`)).json()
      if (installation.status === 'installed' && !installation.activeOperation) break
      if (Date.now() > deadline) throw new Error(`The installation is ${installation.status}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const revealed = await client.post(`/api/installations/${installationId}/credentials/reveal`, {
      password: NEW_PASSWORD,
    })
    expectStatus(revealed, 200)
    secrets.installationPassword = revealed.json().password

    // Every session the person was given.
    expect(client.sessionCookies.size).toBeGreaterThan(1)
    for (const [index, cookie] of [...client.sessionCookies].entries())
      secrets[`sessionCookie${index}`] = cookie

    for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(/^\S{10,}$/)
    const found = await scan(sql, Object.values(secrets))
    const inPlainText = Object.entries(secrets).flatMap(([name, value]) =>
      (found.get(value) ?? []).map((column) => `${name} in ${column}`),
    )
    expect(inPlainText).toEqual([])
  }, 120_000)
})
