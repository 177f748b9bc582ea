/**
 * `npm run bench:provisioning`: BENCH_PROVISIONING_CLUSTERS (default 1,000) simulated clusters
 * ordered at once and provisioned to `running` by a production server's workers, with the
 * simulated driver at BENCH_PROVISIONING_SPEED (default 10,000: the 210 s of a creation take
 * 21 ms, so what is measured is the engine, the queue and the database).
 *
 * The clusters are ordered over HTTP, as the wizard does (POST /api/orders with an
 * Idempotency-Key, BENCH_PROVISIONING_ORDERS_IN_FLIGHT at a time, by members of 20 organizations);
 * the server prices and confirms each order and its workers provision the cluster. Prints the throughput from the first order to the
 * last cluster running, the step latency (from its job being queued to the step being done), the
 * time to running per cluster, and the server's peak resident memory. Later steps have priority
 * over first ones, so with a thousand orders at once the first steps wait (their latency is the
 * queue) while the steps of clusters under way run at once: both are shown.
 */
import { performance } from 'node:perf_hooks'
import type { Database } from '#server/db/client.ts'
import { organizations, users } from '#server/db/schema/index.ts'
import { createSession } from '#server/modules/auth/index.ts'
import { orderBenchCluster, PRODUCTION_SESSION_COOKIE } from './customers.ts'
import {
  forEachWithConcurrency,
  formatNumber,
  numberFromEnvironment,
  percentile,
  printTable,
  runBench,
  sleep,
} from './harness.ts'

const clusterCount = Math.floor(numberFromEnvironment('BENCH_PROVISIONING_CLUSTERS', 1_000, 100_000))
const speed = numberFromEnvironment('BENCH_PROVISIONING_SPEED', 10_000, 100_000)
const ordersInFlight = Math.floor(numberFromEnvironment('BENCH_PROVISIONING_ORDERS_IN_FLIGHT', 10, 100))
const timeoutSeconds = numberFromEnvironment('BENCH_PROVISIONING_TIMEOUT_S', 600, 3_600)

const CLUSTERS_PER_ORGANIZATION = 50
const RSS_SAMPLE_MS = 100
const PROGRESS_EVERY_MS = 5_000

await runBench('bench:provisioning', (timeoutSeconds + 240) * 1_000, async (bench) => {
  const { url, db } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    environment: { PROVISIONING_SPEED: String(speed), LOG_LEVEL: 'warn' },
  })
  const requesters = await createRequesters(
    db,
    bench.sessionSecret,
    Math.ceil(clusterCount / CLUSTERS_PER_ORGANIZATION),
  )
  console.log(
    `${formatNumber(clusterCount)} clusters for ${formatNumber(requesters.length)} organizations, simulated at ${formatNumber(speed)}× speed, ${ordersInFlight} orders in flight`,
  )

  await sleep(1_000)
  const rssBefore = server.rssBytes()
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rssBytes())
  }, RSS_SAMPLE_MS)
  bench.onCleanup(() => clearInterval(sampler))

  const started = performance.now()
  let ordered = 0
  const orderFailures = new Map<string, number>()
  await forEachWithConcurrency(
    Array.from({ length: clusterCount }, (_, index) => index),
    ordersInFlight,
    async (index) => {
      try {
        const requester = requesters[Math.floor(index / CLUSTERS_PER_ORGANIZATION)]!
        await orderBenchCluster(server.baseUrl, server.origin, requester.cookie, index)
        ordered++
      } catch (error) {
        const reason = (error as Error).message
        orderFailures.set(reason, (orderFailures.get(reason) ?? 0) + 1)
      }
    },
  )
  const orderSeconds = (performance.now() - started) / 1_000
  console.log(
    `ordered ${formatNumber(ordered)} in ${formatNumber(orderSeconds, 1)} s (${formatNumber(ordered / orderSeconds)} orders/s)`,
  )
  for (const [reason, count] of orderFailures)
    console.log(`  ${formatNumber(count)} orders failed: ${reason}`)

  const outcome = await waitUntilProvisioned(db, ordered, started)
  clearInterval(sampler)
  rssPeak = Math.max(rssPeak, server.rssBytes())
  const figures = await measure(db)

  printTable(
    ['figure', 'value'],
    [
      ['clusters running', `${formatNumber(outcome.running)} of ${formatNumber(ordered)}`],
      ['clusters failed', formatNumber(outcome.failed)],
      ['first order → last running', `${formatNumber(figures.spanSeconds, 1)} s`],
      ['throughput', `${formatNumber(figures.running / figures.spanSeconds, 1)} clusters/s`],
      ['steps', formatNumber(figures.stepLatenciesMs.length)],
      ['step latency p50 (queued → done)', `${formatNumber(percentile(figures.stepLatenciesMs, 0.5), 1)} ms`],
      ['step latency p99', `${formatNumber(percentile(figures.stepLatenciesMs, 0.99), 1)} ms`],
      ['step latency max', `${formatNumber(figures.stepLatenciesMs.at(-1) ?? Number.NaN, 1)} ms`],
      ['  first steps p50 / p99', milliseconds(figures.firstStepLatenciesMs)],
      ['  later steps p50 / p99', milliseconds(figures.laterStepLatenciesMs)],
      ['order → running p50', `${formatNumber(percentile(figures.toRunningSeconds, 0.5), 2)} s`],
      ['order → running p99', `${formatNumber(percentile(figures.toRunningSeconds, 0.99), 2)} s`],
      ['server RSS before', `${formatNumber(rssBefore / 1024 ** 2)} MiB`],
      ['server RSS peak', `${formatNumber(rssPeak / 1024 ** 2)} MiB`],
      ['step jobs', formatNumber(figures.jobs)],
      ['cluster events', formatNumber(figures.events)],
    ],
  )
  if (outcome.running < ordered)
    throw new Error(`${ordered - outcome.running} clusters did not reach running`)
})

/** A member of an organization, signed in: the session cookie the server set at login. */
type Requester = { cookie: string }

function milliseconds(sorted: number[]): string {
  return `${formatNumber(percentile(sorted, 0.5), 1)} / ${formatNumber(percentile(sorted, 0.99), 1)} ms`
}

async function createRequesters(db: Database, sessionSecret: string, count: number): Promise<Requester[]> {
  const requesters: Requester[] = []
  for (let index = 0; index < count; index++) {
    const [organization] = await db
      .insert(organizations)
      .values({ name: `Bench Provisioning ${index}`, billingId: `BENCH-PROV-${index}` })
      .returning({ id: organizations.id })
    const [user] = await db
      .insert(users)
      .values({
        username: `bench.provisioning.${index}`,
        email: `bench.provisioning.${index}@bench.example.com`,
        name: `Bench Operator ${index}`,
        passwordHash: 'not-a-password-hash',
        emailVerified: true,
        organizationId: organization!.id,
      })
      .returning({ id: users.id })
    const { token } = await createSession(db, sessionSecret, user!.id, { userAgent: 'bench:provisioning' })
    requesters.push({ cookie: `${PRODUCTION_SESSION_COOKIE}=${token}` })
  }
  return requesters
}

async function waitUntilProvisioned(db: Database, expected: number, started: number) {
  const deadline = Date.now() + timeoutSeconds * 1_000
  let lastReport = 0
  for (;;) {
    const { rows } = await db.$client.query<{ running: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'running')::int AS running,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM clusters`,
    )
    const counts = rows[0]!
    if (counts.running + counts.failed >= expected) return counts
    if (Date.now() > deadline) {
      console.log(`gave up after ${timeoutSeconds} s`)
      return counts
    }
    if (Date.now() - lastReport > PROGRESS_EVERY_MS) {
      lastReport = Date.now()
      console.log(
        `  ${formatNumber((performance.now() - started) / 1_000, 0)} s: ${formatNumber(counts.running)} running, ${formatNumber(counts.failed)} failed`,
      )
    }
    await sleep(250)
  }
}

async function measure(db: Database) {
  // A step's job is queued when the step before it is done (the first one: when ordered).
  const latencies = await db.$client.query<{ ms: number; position: number }>(`
    SELECT s.position, extract(epoch FROM s.finished_at - coalesce(
             lag(s.finished_at) OVER (PARTITION BY s.operation_id ORDER BY s.position), o.created_at)) * 1000 AS ms
    FROM cluster_steps s JOIN cluster_operations o ON o.id = s.operation_id
    WHERE o.kind = 'create' AND s.status = 'succeeded'`)
  const operations = await db.$client.query<{ seconds: number; created: Date; finished: Date }>(`
    SELECT extract(epoch FROM finished_at - created_at) AS seconds, created_at AS created, finished_at AS finished
    FROM cluster_operations WHERE kind = 'create' AND status = 'succeeded'`)
  const totals = await db.$client.query<{ jobs: number; events: number }>(`
    SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = 'cluster-step') AS jobs,
           (SELECT count(*)::int FROM cluster_events) AS events`)
  const firstOrdered = Math.min(...operations.rows.map((row) => row.created.getTime()))
  const lastRunning = Math.max(...operations.rows.map((row) => row.finished.getTime()))
  const sorted = (rows: { ms: number }[]) => rows.map((row) => Number(row.ms)).sort((a, b) => a - b)
  return {
    running: operations.rows.length,
    firstStepLatenciesMs: sorted(latencies.rows.filter((row) => row.position === 0)),
    laterStepLatenciesMs: sorted(latencies.rows.filter((row) => row.position > 0)),
    spanSeconds: (lastRunning - firstOrdered) / 1_000,
    stepLatenciesMs: sorted(latencies.rows),
    toRunningSeconds: operations.rows.map((row) => Number(row.seconds)).sort((a, b) => a - b),
    jobs: totals.rows[0]!.jobs,
    events: totals.rows[0]!.events,
  }
}
