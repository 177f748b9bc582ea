/**
 * `npm run bench:ws`: N WebSocket clients on one production instance (or spread over two on one
 * database).
 * Prints the connections held, the server memory per connection (RSS delta / connections), and the
 * delivery latency of notifications from creation (insert + NOTIFY) to receipt on each instance.
 *
 * Notifications are created by this process with the server's own createNotification, so every
 * delivery crosses processes through PostgreSQL LISTEN/NOTIFY.
 *
 * BENCH_WS_CLIENTS (default 10,000) sockets on BENCH_WS_INSTANCES (default 1, or 2) instances,
 * BENCH_WS_NOTIFICATIONS (default 200) notifications sent BENCH_WS_INTERVAL_MS (default 50)
 * apart, BENCH_WS_HOLD_S (default 10) seconds of holding. The open-file limit of the run (this
 * process and the servers it starts) is raised to fit the sockets where the system allows.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { api } from '#common/contract/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { createSignedInCustomers } from './customers.ts'
import {
  forEachWithConcurrency,
  formatNumber,
  numberFromEnvironment,
  percentile,
  printTable,
  type RunningServer,
  runBench,
  sleep,
} from './harness.ts'

const requestedClients = Math.floor(numberFromEnvironment('BENCH_WS_CLIENTS', 10_000, 100_000))
const instanceCount = Math.min(2, Math.floor(numberFromEnvironment('BENCH_WS_INSTANCES', 1, 2)))
const notificationCount = Math.floor(numberFromEnvironment('BENCH_WS_NOTIFICATIONS', 200, 10_000))
const notificationIntervalMs = numberFromEnvironment('BENCH_WS_INTERVAL_MS', 50, 10_000)
const holdSeconds = numberFromEnvironment('BENCH_WS_HOLD_S', 10, 600)

/** Tabs per signed-in browser, cycled over the users: most have one, some two or three. */
const TABS_PATTERN = [1, 1, 1, 2, 1, 2, 3]
const HANDSHAKES_IN_FLIGHT = 50
const HANDSHAKE_TIMEOUT_MS = 15_000
const DELIVERY_WAIT_MS = 10_000
/** File descriptors this process keeps for everything but the sockets (database, stdio, timers). */
const DESCRIPTOR_RESERVE = 200

type Client = { userIndex: number; instance: 'A' | 'B'; socket?: WebSocket }
type Receipt = { instance: 'A' | 'B'; latencyMs: number }

raiseOpenFileLimit(requestedClients + DESCRIPTOR_RESERVE)
const clients = Math.min(requestedClients, openFileLimit() - DESCRIPTOR_RESERVE)
const timeLimitMs =
  300_000 +
  (clients / HANDSHAKES_IN_FLIGHT) * 2_000 +
  holdSeconds * 1_000 +
  notificationCount * notificationIntervalMs +
  DELIVERY_WAIT_MS

await runBench('bench:ws', timeLimitMs, async (bench) => {
  if (clients < requestedClients) {
    console.log(
      `Asked for ${formatNumber(requestedClients)} clients, but this process may open ${formatNumber(openFileLimit())} files (ulimit -n): measuring ${formatNumber(clients)}. Raise the limit in the shell (ulimit -n) to measure more.`,
    )
  }
  const { url, db } = await bench.startDatabase()
  // The first instance migrates the database; the second starts on the migrated one.
  const instanceA = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    name: 'a',
  })
  const instanceB =
    instanceCount === 2
      ? await bench.startServer({ databaseUrl: url, sessionSecret: bench.sessionSecret, name: 'b' })
      : undefined

  const plan = planClients(clients)
  const userCount = plan.at(-1)!.userIndex + 1
  console.log(
    `${formatNumber(clients)} sockets for ${formatNumber(userCount)} users (1–3 tabs each, one session per user), ${instanceB ? 'alternating between instances A and B' : 'on one instance'}; open-file limit ${formatNumber(openFileLimit())}`,
  )
  const { userIds, cookies } = await createSignedInCustomers(db, bench.sessionSecret, userCount, 'ws')
  await assertSignedIn(instanceA, cookies[0]!)

  await sleep(2_000)
  const baseline = { A: instanceA.rssBytes(), B: instanceB?.rssBytes() ?? 0 }
  const instances = { A: instanceA, B: instanceB ?? instanceA }
  const receipts: Receipt[] = []
  const sentAt = new Map<string, number>()
  const onMessage = (client: Client) => (data: WebSocket.RawData) => {
    const receivedAt = performance.now()
    let message: { type?: string; title?: string }
    try {
      message = JSON.parse(data.toString())
    } catch {
      return
    }
    const started = message.type === 'notification' ? sentAt.get(message.title ?? '') : undefined
    if (started !== undefined) receipts.push({ instance: client.instance, latencyMs: receivedAt - started })
  }

  const connectStarted = performance.now()
  const failures = new Map<string, number>()
  await forEachWithConcurrency(plan, HANDSHAKES_IN_FLIGHT, async (client) => {
    try {
      client.socket = await connect(instances[client.instance], cookies[client.userIndex]!)
      client.socket.on('message', onMessage(client))
    } catch (error) {
      const reason = (error as Error).message
      failures.set(reason, (failures.get(reason) ?? 0) + 1)
    }
  })
  const connectSeconds = (performance.now() - connectStarted) / 1_000
  const opened = plan.filter((client) => client.socket).length
  console.log(
    `opened ${formatNumber(opened)} of ${formatNumber(clients)} in ${formatNumber(connectSeconds, 1)} s (${formatNumber(opened / connectSeconds)} handshakes/s)`,
  )
  for (const [reason, count] of failures) console.log(`  ${formatNumber(count)} failed: ${reason}`)

  console.log(`holding for ${holdSeconds} s…`)
  await sleep(holdSeconds * 1_000)
  const held = (instance: 'A' | 'B') =>
    plan.filter((client) => client.instance === instance && client.socket?.readyState === WebSocket.OPEN)
      .length
  const heldAfterHold = { A: held('A'), B: held('B') }
  const rss = { A: instanceA.rssBytes(), B: instanceB?.rssBytes() ?? 0 }

  console.log(
    `sending ${notificationCount} notifications, ${notificationIntervalMs} ms apart, to users picked at random…`,
  )
  const socketsOfUser = new Map<number, Client[]>()
  for (const client of plan) {
    if (client.socket?.readyState !== WebSocket.OPEN) continue
    socketsOfUser.set(client.userIndex, [...(socketsOfUser.get(client.userIndex) ?? []), client])
  }
  const reachableUsers = [...socketsOfUser.keys()]
  let expected = 0
  for (let sequence = 0; sequence < notificationCount && reachableUsers.length > 0; sequence++) {
    const userIndex = reachableUsers[Math.floor(Math.random() * reachableUsers.length)]!
    const title = `bench-${sequence}`
    expected += socketsOfUser.get(userIndex)!.length
    sentAt.set(title, performance.now())
    await inTransaction(db, (uow) =>
      createNotification(uow, {
        userId: userIds[userIndex]!,
        type: 'info',
        title,
        message: 'Cluster bench-cluster is ready.',
        link: '/clusters',
      }),
    )
    await sleep(notificationIntervalMs)
  }
  const deliveryDeadline = Date.now() + DELIVERY_WAIT_MS
  while (receipts.length < expected && Date.now() < deliveryDeadline) await sleep(100)

  for (const client of plan) client.socket?.terminate()

  const perInstance = (instanceB ? (['A', 'B'] as const) : (['A'] as const)).map((instance) => {
    const latencies = receipts
      .filter((receipt) => receipt.instance === instance)
      .map((receipt) => receipt.latencyMs)
      .sort((a, b) => a - b)
    const growth = rss[instance] - baseline[instance]
    return [
      `instance ${instance}`,
      formatNumber(heldAfterHold[instance]),
      `${formatNumber(baseline[instance] / 1024 ** 2)} → ${formatNumber(rss[instance] / 1024 ** 2)}`,
      heldAfterHold[instance] > 0 ? formatNumber(growth / heldAfterHold[instance] / 1024, 1) : 'n/a',
      formatNumber(latencies.length),
      formatNumber(percentile(latencies, 0.5), 1),
      formatNumber(percentile(latencies, 0.99), 1),
      formatNumber(latencies.at(-1) ?? Number.NaN, 1),
    ]
  })
  const all = receipts.map((receipt) => receipt.latencyMs).sort((a, b) => a - b)
  printTable(
    ['', 'held', 'RSS MiB', 'KiB/conn', 'received', 'p50 ms', 'p99 ms', 'max ms'],
    [
      ...perInstance,
      [
        'both',
        formatNumber(heldAfterHold.A + heldAfterHold.B),
        '',
        '',
        formatNumber(all.length),
        formatNumber(percentile(all, 0.5), 1),
        formatNumber(percentile(all, 0.99), 1),
        formatNumber(all.at(-1) ?? Number.NaN, 1),
      ],
    ],
  )
  console.log(
    `\n${formatNumber(receipts.length)} of ${formatNumber(expected)} expected deliveries arrived (${formatNumber(expected - receipts.length)} missing); latency = createNotification call (insert + NOTIFY) to the message event in this process`,
  )
})

/** One entry per socket, users in order, tabs alternating between the instances. */
function planClients(total: number): Client[] {
  const plan: Client[] = []
  for (let userIndex = 0; plan.length < total; userIndex++) {
    const tabs = TABS_PATTERN[userIndex % TABS_PATTERN.length]!
    for (let tab = 0; tab < tabs && plan.length < total; tab++) {
      plan.push({ userIndex, instance: instanceCount === 2 && plan.length % 2 === 1 ? 'B' : 'A' })
    }
  }
  return plan
}

async function assertSignedIn(server: RunningServer, cookie: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}${api.account.get.path}`, { headers: { cookie } })
  if (response.status !== 200) {
    throw new Error(
      `a session created in the database is not accepted (GET ${api.account.get.path}: ${response.status})`,
    )
  }
}

function connect(server: RunningServer, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.baseUrl.replace(/^http/, 'ws')}/ws`, {
      headers: { cookie, origin: server.origin },
      perMessageDeflate: false,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    })
    socket.once('open', () => resolve(socket))
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`handshake answered ${response.statusCode}`))
      response.resume()
      socket.terminate()
    })
    socket.once('error', (error) => reject(new Error((error as NodeJS.ErrnoException).code ?? error.message)))
  })
}

/** The soft limit on open files of this process (Node raises it to the hard limit at start-up). */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'))
  const soft = Number(line?.split(/\s{2,}/)[1])
  return Number.isFinite(soft) ? soft : 1_024
}

/**
 * Raises this process's open-file limit (soft and hard) to `wanted` with prlimit(1), which root
 * may do; the servers started afterwards inherit it. Where that is refused the run measures what
 * the current limit allows, and says so.
 */
function raiseOpenFileLimit(wanted: number): void {
  if (openFileLimit() >= wanted) return
  spawnSync('prlimit', ['--pid', String(process.pid), `--nofile=${wanted}:${wanted}`], { stdio: 'ignore' })
}
