import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { expect, inject } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import type { ServerContext } from '#server/context.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import { databaseUrl } from '#server/db/databases.ts'
import { outbox } from '#server/db/schema/index.ts'
import { startAccountWorkers } from '#server/jobs/accounts.ts'
import { startBillingWorkers } from '#server/jobs/billing.ts'
import { startJobQueue } from '#server/jobs/queue.ts'
import { startEmailWorker } from '#server/jobs/send-email.ts'
import { createMailer } from '#server/lib/mailer.ts'
import { sealPlainTotpSecrets } from '#server/modules/auth/totp.ts'
import { openOutboxText } from '#server/modules/dev/mailbox.ts'
import { createRatesService } from '#server/modules/rates/index.ts'
import { startProvisioningWorkers } from '#server/provisioning/index.ts'
import { createProvisioningHooks } from '#server/provisioning-hooks.ts'
import { startRealtimeHub } from '#server/realtime/hub.ts'
import { OFFLINE_RATES } from '../../scripts/server-process.ts'
import { TEMPLATE_DATABASE } from '../setup/postgres.ts'
import { checkAnswers } from './conformance.ts'

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijkl'
/** The secrets key of test servers (production ones need one). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64')
export const APP_ORIGIN = 'http://localhost:3000'

/**
 * A fresh database copied from the migrated, seeded template, or with nothing in it (`empty`), for
 * a server that migrates and seeds it itself.
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('postgresServerUrl')
  const name = `clusterdeck_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${TEMPLATE_DATABASE}`}`)
  await admin.end()
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export type TestServer = {
  app: FastifyInstance
  db: Database
  ctx: ServerContext
  databaseUrl: string
  close: () => Promise<void>
}

/** The real app on its own real database, with the job queue and the realtime hub running. */
export async function startTestServer(
  environment: Record<string, string> = {},
  options: { mailRetentionSeconds?: number; maintenanceIntervalSeconds?: number } = {},
): Promise<TestServer> {
  const database = await createTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: APP_ORIGIN,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATA_DIR: path.join(os.tmpdir(), 'clusterdeck-test-data'),
    LOG_LEVEL: 'silent',
    ...OFFLINE_RATES,
    ...environment,
  })
  const db = createDatabase(database.url)
  // As at a server's start: the template's demo seed was stored before a key was at hand.
  await sealPlainTotpSecrets(db, config.secretsKey)
  const queue = await startJobQueue(database.url, { log: () => {}, ...options })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db,
    secretsKey: config.secretsKey,
  })
  await startEmailWorker(queue, mailer, { secretsKey: config.secretsKey })
  const realtime = await startRealtimeHub(database.url, silentLogger)
  const rates = createRatesService({
    primaryUrl: config.ratesPrimaryUrl,
    backupUrl: config.ratesBackupUrl,
    log: silentLogger,
  })
  const ctx: ServerContext = {
    config,
    db,
    queue,
    realtime,
    rates,
    provisioningHooks: createProvisioningHooks(),
  }
  await startProvisioningWorkers(ctx)
  await startBillingWorkers(ctx)
  await startAccountWorkers(ctx)
  const app = await buildApp(ctx)
  // Every answer of a contract route is checked against the document (tests/setup/conformance.ts).
  checkAnswers(app, { serverUrl: config.appUrl })
  await app.ready()
  return {
    app,
    db,
    ctx,
    databaseUrl: database.url,
    close: async () => {
      await app.close()
      await realtime.close()
      await queue.stop()
      mailer.close()
      await db.$client.end()
      await database.drop()
    },
  }
}

const noop = () => {}
const silentLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
} as unknown as FastifyInstance['log']

/**
 * A browser-like client: keeps the cookies the server sets and sends the app's Origin on
 * state-changing requests, as the web app does.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>()
  private readonly app: FastifyInstance
  constructor(app: FastifyInstance) {
    this.app = app
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase()
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) }
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (!['GET', 'HEAD'].includes(method) && headers.origin === undefined) headers.origin = APP_ORIGIN
    // A test may have just written to the database itself: the caches hear of it first, as a
    // server does within milliseconds of any writer's commit.
    await this.app.changes.sync()
    const response = await this.app.inject({ ...options, headers })
    for (const cookie of response.cookies as {
      name: string
      value: string
      expires?: Date
      maxAge?: number
    }[]) {
      const expired =
        (cookie.expires && cookie.expires.getTime() <= Date.now()) ||
        cookie.maxAge === 0 ||
        cookie.value === ''
      if (expired) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return response
  }

  get(url: string) {
    return this.request({ method: 'GET', url })
  }
  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }
  put(url: string, payload?: unknown) {
    return this.request({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }
  patch(url: string, payload?: unknown) {
    return this.request({
      method: 'PATCH',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url })
  }
  cookie(name: string) {
    return this.cookies.get(name)
  }
  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Waits until the email job has delivered a mail to `recipient` and returns the newest one. */
export async function waitForMail(
  db: Database,
  recipient: string,
  options: { after?: Date; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  while (Date.now() < deadline) {
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.createdAt))
      .limit(1)
    if (mail && (!options.after || mail.createdAt >= options.after)) return openedMail(mail)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No mail reached ${recipient} in time`)
}

/** A mail of the outbox as it was sent: the outbox keeps its text and HTML sealed. */
export function openedMail<Mail extends { text: string; html: string | null }>(mail: Mail): Mail {
  const key = Buffer.from(TEST_SECRETS_KEY, 'base64')
  return {
    ...mail,
    text: openOutboxText(key, mail.text),
    html: mail.html === null ? null : openOutboxText(key, mail.html),
  }
}

export function linkIn(text: string): URL {
  const match = text.match(/https?:\/\/\S+/)
  if (!match) throw new Error(`No link in mail: ${text}`)
  return new URL(match[0])
}

/**
 * The server's answer for a path it does not have: 404 with `{ message: "No route for …" }` under
 * /api/ (and anywhere when no web build is served), else the web app's not-found page.
 */
export function expectNoRoute(response: LightMyRequestResponse, method: string, url: string): void {
  expect(response.statusCode, url).toBe(404)
  const page = String(response.headers['content-type'] ?? '').startsWith('text/html')
  if (url.startsWith('/api/') || !page)
    expect(response.json()).toEqual({ message: `No route for ${method} ${url}` })
}
