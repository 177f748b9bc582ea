/**
 * `npm run bench:load`: simulated customers against the production server. Each arrives during
 * the ramp, browses public pages (the first with its scripts and styles), opens the sign-in page,
 * signs in, loads the dashboard (the app shell and its four reads), then polls its notifications
 * until the end. Prints the total requests, the errors and the latency percentiles, overall and
 * by kind of request.
 *
 * BENCH_LOAD_USERS (default 200) users for BENCH_LOAD_DURATION_S (default 60) seconds, polling
 * every BENCH_LOAD_POLL_S (default 10) seconds.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { api } from '#common/contract/index.ts'
import type { Database } from '#server/db/client.ts'
import { organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { hashPassword } from '#server/modules/auth/index.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { sessionCookieOf } from './customers.ts'
import {
  ensureWebBuild,
  forEachWithConcurrency,
  formatNumber,
  numberFromEnvironment,
  percentile,
  printTable,
  type RunningServer,
  runBench,
  sleep,
} from './harness.ts'

const userCount = Math.floor(numberFromEnvironment('BENCH_LOAD_USERS', 200, 5_000))
const durationSeconds = numberFromEnvironment('BENCH_LOAD_DURATION_S', 60, 3_600)
const pollSeconds = numberFromEnvironment('BENCH_LOAD_POLL_S', 10, 600)

const PUBLIC_PAGES = ['/', '/pricing', '/documentation']
const DASHBOARD_READS = [
  api.account.get.path,
  api.dashboard.sidebarCounts.path,
  api.notifications.list.path,
  api.catalog.clusterTiers.path,
]
const PASSWORD = 'bench-load-passphrase-2026'
const USERS_PER_ORGANIZATION = 10
const NOTIFICATIONS_PER_USER = 10
const REQUEST_TIMEOUT_MS = 10_000
/** Browsers open at most six HTTP/1.1 connections to one host. */
const BROWSER_CONNECTIONS_PER_HOST = 6
/** Every user has arrived by then: a quarter of the run, at most 15 s. */
const rampMs = Math.min(15_000, (durationSeconds * 1_000) / 4)

type Kind = 'public page' | 'page asset' | 'sign-in' | 'dashboard shell' | 'dashboard read' | 'poll'
type Sample = { kind: Kind; latencyMs: number; outcome: string }

const timeLimitMs = 600_000 + durationSeconds * 1_000 + REQUEST_TIMEOUT_MS

await runBench('bench:load', timeLimitMs, async (bench) => {
  const clientDir = ensureWebBuild()
  const { url, db } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    webClientDir: clientDir,
    name: 'app',
    // Every simulated user comes from 127.0.0.1; in production the per-IP limit sees each client's own.
    environment: { RATE_LIMIT_PER_IP: '1000000' },
  })
  const usernames = await createCustomers(db, userCount)
  const firstPageAssets = assetsOf(path.join(clientDir, 'index.html'))
  console.log(
    `${formatNumber(userCount)} users for ${durationSeconds} s (arriving over ${formatNumber(rampMs / 1_000)} s), polling every ${pollSeconds} s; server: NODE_ENV=production, RATE_LIMIT_PER_IP raised`,
  )

  const samples: Sample[] = []
  const started = performance.now()
  const deadline = Date.now() + durationSeconds * 1_000
  await Promise.all(
    usernames.map((username) => simulateUser(server, username, firstPageAssets, deadline, samples)),
  )
  const elapsedSeconds = (performance.now() - started) / 1_000

  const errors = samples.filter((sample) => sample.outcome !== 'ok')
  const row = (label: string, group: Sample[]) => {
    const latencies = group.map((sample) => sample.latencyMs).sort((a, b) => a - b)
    return [
      label,
      formatNumber(group.length),
      formatNumber(group.filter((sample) => sample.outcome !== 'ok').length),
      formatNumber(percentile(latencies, 0.5), 1),
      formatNumber(percentile(latencies, 0.95), 1),
      formatNumber(percentile(latencies, 0.99), 1),
      formatNumber(latencies.at(-1) ?? Number.NaN, 1),
    ]
  }
  const kinds: Kind[] = ['public page', 'page asset', 'sign-in', 'dashboard shell', 'dashboard read', 'poll']
  printTable(
    ['requests', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      ...kinds.map((kind) =>
        row(
          kind,
          samples.filter((sample) => sample.kind === kind),
        ),
      ),
      row('all', samples),
    ],
  )
  console.log(
    `\n${formatNumber(samples.length)} requests in ${formatNumber(elapsedSeconds, 1)} s (${formatNumber(samples.length / elapsedSeconds, 1)} req/s), ${formatNumber(errors.length)} errors`,
  )
  const reasons = new Map<string, number>()
  for (const error of errors) reasons.set(error.outcome, (reasons.get(error.outcome) ?? 0) + 1)
  for (const [reason, count] of reasons) console.log(`  ${formatNumber(count)} × ${reason}`)
})

/** One visitor turned customer: browse, sign in, open the dashboard, then poll until the deadline. */
async function simulateUser(
  server: RunningServer,
  username: string,
  firstPageAssets: string[],
  deadline: number,
  samples: Sample[],
): Promise<void> {
  const call = (kind: Kind, pathname: string, init: RequestInit = {}) =>
    timedRequest(server, kind, pathname, init, samples)
  const pause = async (ms: number) => {
    await sleep(Math.max(0, Math.min(ms, deadline - Date.now())))
    return Date.now() < deadline
  }

  if (!(await pause(Math.random() * rampMs))) return
  await call('public page', PUBLIC_PAGES[0]!)
  await forEachWithConcurrency(firstPageAssets, BROWSER_CONNECTIONS_PER_HOST, (asset) =>
    call('page asset', asset).then(() => {}),
  )
  for (const page of PUBLIC_PAGES.slice(1)) {
    if (!(await pause(1_000 + Math.random() * 2_000))) return
    await call('public page', page)
  }
  if (!(await pause(1_000 + Math.random() * 2_000))) return
  await call('public page', '/auth')
  if (!(await pause(2_000 + Math.random() * 3_000))) return

  const signIn = await call('sign-in', api.auth.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ username, password: PASSWORD }),
  })
  if (signIn?.status !== 200) return
  const cookie = sessionCookieOf(signIn)
  const signedIn = { headers: { cookie } }
  await call('dashboard shell', '/dashboard', signedIn)
  await Promise.all(DASHBOARD_READS.map((read) => call('dashboard read', read, signedIn)))
  // Bounded by the deadline: at most duration / poll interval iterations.
  while (await pause(pollSeconds * 1_000)) await call('poll', api.notifications.list.path, signedIn)
}

/** Sends one request, reads the whole body, and records its latency and outcome. */
async function timedRequest(
  server: RunningServer,
  kind: Kind,
  pathname: string,
  init: RequestInit,
  samples: Sample[],
): Promise<Response | undefined> {
  const started = performance.now()
  try {
    const response = await fetch(`${server.baseUrl}${pathname}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    await response.arrayBuffer()
    const outcome = response.status < 400 ? 'ok' : `HTTP ${response.status} on ${kind}`
    samples.push({ kind, latencyMs: performance.now() - started, outcome })
    return response
  } catch (error) {
    const name = (error as Error).name === 'TimeoutError' ? 'time-out' : (error as Error).message
    samples.push({ kind, latencyMs: performance.now() - started, outcome: `${name} on ${kind}` })
    return undefined
  }
}

/** Verified customers with a real password hash, a few per organization, each with some notifications. */
async function createCustomers(db: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD)
  const organizationRows = await db
    .insert(organizations)
    .values(
      Array.from({ length: Math.ceil(count / USERS_PER_ORGANIZATION) }, (_, index) => ({
        name: `Load Organization ${index}`,
        billingId: `BENCH-LOAD-${index}`,
      })),
    )
    .returning({ id: organizations.id })
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        username: `bench.load.${index}`,
        email: `bench.load.${index}@bench.example.com`,
        name: `Load User ${index}`,
        passwordHash,
        emailVerified: true,
        organizationId: organizationRows[Math.floor(index / USERS_PER_ORGANIZATION)]!.id,
      })),
    )
    .returning({ id: users.id, username: users.username })
  for (const user of userRows) {
    for (let index = 0; index < NOTIFICATIONS_PER_USER; index++) {
      await inTransaction(db, (uow) =>
        createNotification(uow, {
          userId: user.id,
          type: 'info',
          title: `Notification ${index + 1}`,
          message: 'Your cluster finished a provisioning step.',
        }),
      )
    }
  }
  return userRows.map((user) => user.username)
}

/** The scripts and styles a browser fetches with the page: module preloads, scripts, stylesheets. */
function assetsOf(htmlFile: string): string[] {
  const html = readFileSync(htmlFile, 'utf8')
  const references = html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)
  return [...new Set([...references].map((match) => match[1]!))]
}
