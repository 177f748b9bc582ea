/**
 * `npm run bench:cluster`: the multi-instance drill on one machine (any instance behind the load
 * balancer may die without losing work). PostgreSQL, three `--role=web` instances and one
 * `--role=worker`, with Debian's nginx in front (its configuration written by this script:
 * WebSocket upgrade, `proxy_next_upstream` for idempotent requests, and a health check of each
 * instance's /readyz that takes a failing one out of the upstream). Signed-in customers poll the
 * dashboard's reads through nginx and hold a socket each, reconnecting and refetching their
 * notifications as the web app does; notifications are created throughout, and clusters are ordered
 * so that their provisioning is under way when the worker dies. Midway one web instance is killed
 * (SIGKILL), later the worker, which is started again.
 *
 * Prints requests and errors (only requests in flight on the killed instance may fail), p50/p99
 * before, during and after the kill, sockets that reconnected, notifications lost (must be 0),
 * and provisioning steps that finished after the worker came back.
 *
 * BENCH_CLUSTER_USERS (default 150), BENCH_CLUSTER_DURATION_S (default 60),
 * BENCH_CLUSTER_POLL_MS (default 2,000), BENCH_CLUSTER_CLUSTERS (default 10).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { api } from '#common/contract/index.ts'
import type { Database } from '#server/db/client.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { createSignedInCustomers, orderBenchCluster } from './customers.ts'
import {
  type Bench,
  findFreePort,
  formatNumber,
  numberFromEnvironment,
  percentile,
  printTable,
  type RunningServer,
  runBench,
  sleep,
} from './harness.ts'

const userCount = Math.floor(numberFromEnvironment('BENCH_CLUSTER_USERS', 150, 5_000))
const durationSeconds = numberFromEnvironment('BENCH_CLUSTER_DURATION_S', 60, 3_600)
const pollMs = numberFromEnvironment('BENCH_CLUSTER_POLL_MS', 2_000, 60_000)
const clusterCount = Math.floor(numberFromEnvironment('BENCH_CLUSTER_CLUSTERS', 10, 1_000))

const WEB_INSTANCES = 3
const READS = [
  api.account.get.path,
  api.dashboard.sidebarCounts.path,
  api.notifications.list.path,
  api.notifications.count.path,
]
const NOTIFICATION_EVERY_MS = 100
const REQUEST_TIMEOUT_MS = 10_000
/** As the web app: a closed socket is opened again after this long, then the list is refetched. */
const RECONNECT_MS = 1_000
/** A simulated creation of 210 s takes about 10 s: under way when the worker dies. */
const PROVISIONING_SPEED = 20
const HEALTH_CHECK_MS = 500
/** The kill's "during" window: until the health check has taken the instance out, and a margin. */
const DURING_MS = 3_000
const NGINX = '/usr/sbin/nginx'

type Sample = { at: number; latencyMs: number; error?: string; upstream: string }
type Customer = { userId: string; cookie: string; seen: Set<string>; reconnects: number; socket?: WebSocket }

const timeLimitMs = 600_000 + durationSeconds * 3_000

await runBench('bench:cluster', timeLimitMs, async (bench) => {
  ensureNginx()
  const { url, db } = await bench.startDatabase()
  const port = await findFreePort()
  const appUrl = `http://127.0.0.1:${port}`
  const serverOptions = {
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    appUrl,
    environment: {
      // nginx runs on this machine: its X-Forwarded-For is read, nobody else's.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_IP: '1000000',
      PROVISIONING_SPEED: String(PROVISIONING_SPEED),
    },
  }
  // The first instance migrates the database; the others start on the migrated one.
  const webs: RunningServer[] = []
  for (let index = 0; index < WEB_INSTANCES; index++) {
    webs.push(await bench.startServer({ ...serverOptions, role: 'web', name: `web-${index + 1}` }))
  }
  let worker = await bench.startServer({ ...serverOptions, role: 'worker', name: 'worker' })
  const upstreams = webs.map((web) => new URL(web.baseUrl).host)
  const nginx = startNginx(bench, port, upstreams)
  await waitForBalancer(appUrl)

  const signedIn = await createSignedInCustomers(db, bench.sessionSecret, userCount, 'cluster')
  const customers: Customer[] = signedIn.userIds.map((userId, index) => ({
    userId,
    cookie: signedIn.cookies[index]!,
    seen: new Set(),
    reconnects: 0,
  }))
  console.log(
    `${WEB_INSTANCES} web instances and a worker behind nginx on ${appUrl}; ${formatNumber(userCount)} customers polling ${READS.length} reads every ${formatNumber(pollMs / 1_000, 1)} s with a socket each, for ${durationSeconds} s`,
  )

  const started = performance.now()
  const deadline = Date.now() + durationSeconds * 1_000
  const samples: Sample[] = []
  const sockets = customers.map((customer) => holdSocket(appUrl, customer, deadline))
  const polls = customers.map((customer) => poll(appUrl, customer, deadline, samples))

  const created: { customer: Customer; title: string }[] = []
  const creating = (async () => {
    for (let sequence = 0; Date.now() < deadline - 2_000; sequence++) {
      const customer = customers[Math.floor(Math.random() * customers.length)]!
      const title = `drill-${sequence}`
      created.push({ customer, title })
      await inTransaction(db, (uow) =>
        createNotification(uow, { userId: customer.userId, type: 'info', title, message: 'Drill' }),
      )
      await sleep(NOTIFICATION_EVERY_MS)
    }
  })()

  const health = startHealthChecks(webs, upstreams, nginx.reload)

  const second = (at: number) => (at - started) / 1_000
  await sleep((durationSeconds * 1_000) / 3)
  const killedWeb = webs[1]!
  const webKilledAt = performance.now()
  process.kill(killedWeb.pid, 'SIGKILL')
  console.log(`${formatNumber(second(webKilledAt), 1)} s: killed web-2 (SIGKILL)`)

  // Clusters ordered now are being provisioned when the worker dies a few seconds later.
  await sleep(Math.max(0, (durationSeconds * 1_000) / 2 - (performance.now() - started) - 4_000))
  const requester = customers[0]!
  for (let index = 0; index < clusterCount; index++) {
    await orderBenchCluster(appUrl, appUrl, requester.cookie, index)
  }
  await sleep(4_000)
  const workerKilledAt = performance.now()
  process.kill(worker.pid, 'SIGKILL')
  console.log(`${formatNumber(second(workerKilledAt), 1)} s: killed the worker (SIGKILL)`)
  await sleep(2_000)
  worker = await bench.startServer({ ...serverOptions, role: 'worker', name: 'worker-again' })
  const workerBackAt = new Date()
  console.log(`${formatNumber(second(performance.now()), 1)} s: the worker is back`)

  await Promise.all([...polls, creating])
  await Promise.all(sockets)
  health.stop()
  const elapsedSeconds = (performance.now() - started) / 1_000

  // What a socket missed, the app refetches: read each customer's list once more at the end.
  await Promise.all(customers.map((customer) => refetchNotifications(appUrl, customer)))
  const lost = created.filter(({ customer, title }) => !customer.seen.has(title))
  const provisioning = await provisioningAfter(db, workerBackAt)

  const killedHost = upstreams[1]!
  const phase = (sample: Sample) => {
    const at = sample.at
    if (at < webKilledAt) return 'before'
    if (at < webKilledAt + DURING_MS) return 'during'
    return 'after'
  }
  const errors = samples.filter((sample) => sample.error)
  // An allowed error was in flight on the killed instance when it died.
  const inFlightOnKilled = (sample: Sample) =>
    sample.upstream.includes(killedHost) && sample.at >= webKilledAt - REQUEST_TIMEOUT_MS
  const errorsElsewhere = errors.filter((sample) => !inFlightOnKilled(sample))
  printTable(
    ['phase', 'requests', 'errors', 'p50 ms', 'p99 ms'],
    (['before', 'during', 'after'] as const).map((name) => {
      const group = samples.filter((sample) => phase(sample) === name)
      const latencies = group.map((sample) => sample.latencyMs).sort((a, b) => a - b)
      return [
        name,
        formatNumber(group.length),
        formatNumber(group.filter((sample) => sample.error).length),
        formatNumber(percentile(latencies, 0.5), 1),
        formatNumber(percentile(latencies, 0.99), 1),
      ]
    }),
  )
  console.log(
    `\n${formatNumber(samples.length)} requests in ${formatNumber(elapsedSeconds, 1)} s through nginx, ${formatNumber(errors.length)} errors, ${formatNumber(errorsElsewhere.length)} of them not on the killed instance`,
  )
  const reasons = new Map<string, number>()
  for (const error of errors) reasons.set(error.error!, (reasons.get(error.error!) ?? 0) + 1)
  for (const [reason, count] of reasons) console.log(`  ${formatNumber(count)} × ${reason}`)
  console.log(
    `sockets reconnected: ${formatNumber(customers.filter((customer) => customer.reconnects > 0).length)} of ${formatNumber(customers.length)}`,
  )
  console.log(`notifications: ${formatNumber(created.length)} created, ${formatNumber(lost.length)} lost`)
  console.log(
    `provisioning: ${formatNumber(provisioning.stepsAfter)} steps finished after the worker came back; ${formatNumber(provisioning.running)} of ${formatNumber(clusterCount)} clusters running`,
  )
  await worker.stop()
})

/** nginx from Debian: installed when missing and this process may. */
function ensureNginx() {
  if (existsSync(NGINX)) return
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx, then run again')
  console.log("Installing nginx from Debian's packages…")
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0 || !existsSync(NGINX)) throw new Error('installing nginx failed')
}

/** nginx in the foreground with a configuration of its own; `reload` rewrites the upstream list. */
function startNginx(bench: Bench, port: number, upstreams: string[]) {
  const dir = path.join(bench.workDir, 'nginx')
  const configFile = path.join(dir, 'nginx.conf')
  const write = (down: Set<string>) =>
    writeFileSync(configFile, nginxConfiguration(dir, port, upstreams, down))
  mkdirSync(dir, { recursive: true })
  write(new Set())
  const child = bench.spawnTracked(NGINX, ['-c', configFile, '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return {
    child,
    reload: (down: Set<string>) => {
      write(down)
      spawnSync(NGINX, ['-c', configFile, '-p', dir, '-s', 'reload'], { stdio: 'ignore' })
    },
  }
}

function nginxConfiguration(dir: string, port: number, upstreams: string[], down: Set<string>): string {
  return `
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream clusterdeck {
${upstreams.map((host) => `    server ${host} max_fails=1 fail_timeout=5s${down.has(host) ? ' down' : ''};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://clusterdeck;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # A request that found an instance gone is tried on the next one, unless it changes
      # something (POST and the like are never sent twice).
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 1s;
      proxy_read_timeout 3600s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
}

async function waitForBalancer(appUrl: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await fetch(`${appUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await sleep(100)
  }
  throw new Error('nginx did not answer')
}

/** Asks each instance's /readyz; one that fails is marked down in nginx, and back up when it answers. */
function startHealthChecks(webs: RunningServer[], upstreams: string[], reload: (down: Set<string>) => void) {
  let down = new Set<string>()
  const timer = setInterval(async () => {
    const answers = await Promise.all(
      webs.map((web) =>
        fetch(`${web.baseUrl}/readyz`, { signal: AbortSignal.timeout(HEALTH_CHECK_MS) }).then(
          (response) => response.ok,
          () => false,
        ),
      ),
    )
    const nowDown = new Set(upstreams.filter((_, index) => !answers[index]))
    if (nowDown.size === down.size && [...nowDown].every((host) => down.has(host))) return
    down = nowDown
    reload(down)
  }, HEALTH_CHECK_MS)
  return { stop: () => clearInterval(timer) }
}

async function poll(appUrl: string, customer: Customer, deadline: number, samples: Sample[]) {
  await sleep(Math.random() * pollMs)
  while (Date.now() < deadline) {
    await Promise.all(READS.map((read) => timedGet(appUrl, read, customer.cookie, samples)))
    await sleep(Math.max(0, Math.min(pollMs, deadline - Date.now())))
  }
}

async function timedGet(appUrl: string, pathname: string, cookie: string, samples: Sample[]) {
  const at = performance.now()
  try {
    const response = await fetch(`${appUrl}${pathname}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    await response.arrayBuffer()
    const upstream = response.headers.get('x-upstream') ?? ''
    samples.push({
      at,
      latencyMs: performance.now() - at,
      upstream,
      ...(response.status >= 400 ? { error: `HTTP ${response.status} on ${pathname}` } : {}),
    })
  } catch (error) {
    samples.push({ at, latencyMs: performance.now() - at, upstream: '', error: (error as Error).message })
  }
}

/** One tab's socket: every notification message is noted; a closed socket comes back and refetches. */
async function holdSocket(appUrl: string, customer: Customer, deadline: number) {
  let first = true
  while (Date.now() < deadline) {
    const closed = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`${appUrl.replace(/^http/, 'ws')}/ws`, {
        headers: { cookie: customer.cookie, origin: appUrl },
        perMessageDeflate: false,
      })
      customer.socket = socket
      socket.on('open', () => {
        if (!first) {
          customer.reconnects++
          void refetchNotifications(appUrl, customer)
        }
        first = false
      })
      socket.on('message', (data) => {
        try {
          const message = JSON.parse(data.toString()) as { type?: string; title?: string }
          if (message.type === 'notification' && message.title) customer.seen.add(message.title)
        } catch {
          // Not a notification.
        }
      })
      socket.on('close', () => resolve(true))
      socket.on('error', () => {})
      setTimeout(
        () => {
          socket.terminate()
          resolve(false)
        },
        Math.max(0, deadline - Date.now()),
      )
    })
    if (!closed) return
    await sleep(RECONNECT_MS)
  }
}

async function refetchNotifications(appUrl: string, customer: Customer) {
  try {
    const response = await fetch(`${appUrl}${api.notifications.list.path}?limit=100`, {
      headers: { cookie: customer.cookie },
    })
    const items = (await response.json()) as { title?: string }[]
    for (const item of items) if (item.title) customer.seen.add(item.title)
  } catch {
    // Counted as lost unless another read finds it.
  }
}

async function provisioningAfter(db: Database, since: Date) {
  const deadline = Date.now() + 120_000
  for (;;) {
    const { rows } = await db.$client.query<{ running: number; steps: number }>(
      `SELECT (SELECT count(*)::int FROM clusters WHERE status = 'running') AS running,
              (SELECT count(*)::int FROM cluster_steps WHERE status = 'succeeded' AND finished_at > $1) AS steps`,
      [since],
    )
    const row = rows[0]!
    if (row.running >= clusterCount || Date.now() > deadline)
      return { running: row.running, stepsAfter: row.steps }
    await sleep(500)
  }
}
