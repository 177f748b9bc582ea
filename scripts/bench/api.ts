/**
 * `npm run bench:api`: autocannon against a production `--role=web` server, the bare-Fastify
 * ceiling and the app's own floor (GET /api/version/summary: every plugin, no database), then the
 * signed-in dashboard reads, for one user and for many users at once (so the caches see a
 * realistic hit rate). Routes are run interleaved over several rounds, each opened and closed by
 * the ceiling; a route's share of the ceiling is taken within its round (the machine's pace drifts
 * between rounds), and the median share is kept. Prints requests per second and p50/p99 latency
 * of the median run, the share, and the CPU time each request cost the server, PostgreSQL and the
 * load generator (from /proc).
 *
 * BENCH_DURATION_S (default 8) seconds per run after BENCH_WARMUP_S (default 2) discarded,
 * BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 50), BENCH_USERS (default 1,000).
 *
 * BENCH_API_COMPARE=<another checkout> (with its own `npm install`) runs that checkout's server
 * beside this one on the same database: every route is measured on both in the same round, one
 * right after the other (the order swapped every round), so a change is compared with the code
 * before it under the same machine's pace.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { api } from '#common/contract/index.ts'
import { notifications } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { createSignedInCustomers, registerCustomer } from './customers.ts'
import {
  type Bench,
  cpuMicrosOf,
  findFreePort,
  formatNumber,
  numberFromEnvironment,
  percentile,
  postgresCpuMicros,
  printTable,
  REPOSITORY_ROOT,
  runBench,
  sleep,
} from './harness.ts'

const durationSeconds = numberFromEnvironment('BENCH_DURATION_S', 8, 600)
const warmupSeconds = numberFromEnvironment('BENCH_WARMUP_S', 2, 60)
const rounds = Math.floor(numberFromEnvironment('BENCH_ROUNDS', 3, 15))
const connections = numberFromEnvironment('BENCH_CONNECTIONS', 50, 2_000)
const manyUsers = Math.floor(numberFromEnvironment('BENCH_USERS', 1_000, 50_000))
/** A dashboard user has some history: the list route serializes this many rows. */
const NOTIFICATIONS_OF_THE_USER = 25
const NOTIFICATIONS_OF_EACH_OF_MANY = 5
const RUNNER = path.join(REPOSITORY_ROOT, 'scripts', 'bench', 'autocannon-runner.ts')
const compareWith = process.env.BENCH_API_COMPARE ? path.resolve(process.env.BENCH_API_COMPARE) : undefined

type Target = { name: string; url: string; cookies?: string[]; pid: number; route?: string; code?: string }
type RunnerResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
  cpuMicros: number
}
type Measurement = RunnerResult & { serverMicros: number; postgresMicros: number }

/** The eight routes, and the ceiling twice a round. */
const RUNS_PER_ROUND = compareWith ? 18 : 10
const timeLimitMs = 300_000 + rounds * RUNS_PER_ROUND * (durationSeconds + warmupSeconds + 5) * 1_000

await runBench('bench:api', timeLimitMs, async (bench) => {
  const { url, db, dataDir } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    name: 'web',
    role: 'web',
  })
  const cookie = await registerCustomer(server, 'bench.api')
  const user = (await (
    await fetch(`${server.baseUrl}${api.account.get.path}`, { headers: { cookie } })
  ).json()) as {
    id: string
  }
  for (let index = 0; index < NOTIFICATIONS_OF_THE_USER; index++) {
    await inTransaction(db, (uow) =>
      createNotification(uow, {
        userId: user.id,
        type: 'info',
        title: `Bench notification ${index + 1}`,
        message: 'Your cluster bench-cluster finished a provisioning step.',
        link: '/clusters',
      }),
    )
  }
  const many = await createSignedInCustomers(db, bench.sessionSecret, manyUsers, 'api')
  for (let start = 0; start < many.userIds.length; start += 500) {
    await db.insert(notifications).values(
      many.userIds.slice(start, start + 500).flatMap((userId) =>
        Array.from({ length: NOTIFICATIONS_OF_EACH_OF_MANY }, (_, index) => ({
          userId,
          title: `Bench notification ${index + 1}`,
          message: 'Your cluster bench-cluster finished a provisioning step.',
        })),
      ),
    )
  }
  const ceiling = await startHelloWorld(bench)
  const other = compareWith
    ? await bench.startServer({
        databaseUrl: url,
        sessionSecret: bench.sessionSecret,
        name: 'compared',
        role: 'web',
        checkout: compareWith,
      })
    : undefined

  /** The app's routes on one server; with a comparison, each name says which code served it. */
  const routesOn = (on: typeof server, code: string): Target[] => {
    const app = (route: string, cookies?: string[]) => ({
      url: `${on.baseUrl}${route}`,
      pid: on.pid,
      ...(cookies ? { cookies } : {}),
    })
    const named = (route: string) => ({ route, code, name: other ? `${route} [${code}]` : route })
    return [
      { ...named(`floor: GET ${api.system.versionSummary.path}`), ...app(api.system.versionSummary.path) },
      { ...named(`GET ${api.account.get.path}`), ...app(api.account.get.path, [cookie]) },
      {
        ...named(`GET ${api.account.get.path}, ${formatNumber(manyUsers)} users`),
        ...app(api.account.get.path, many.cookies),
      },
      { ...named(`GET ${api.catalog.clusterTiers.path}`), ...app(api.catalog.clusterTiers.path) },
      { ...named(`GET ${api.notifications.list.path}`), ...app(api.notifications.list.path, [cookie]) },
      {
        ...named(`GET ${api.notifications.list.path}, ${formatNumber(manyUsers)} users`),
        ...app(api.notifications.list.path, many.cookies),
      },
      {
        ...named(`GET ${api.dashboard.sidebarCounts.path}`),
        ...app(api.dashboard.sidebarCounts.path, [cookie]),
      },
      {
        ...named(`GET ${api.dashboard.sidebarCounts.path}, ${formatNumber(manyUsers)} users`),
        ...app(api.dashboard.sidebarCounts.path, many.cookies),
      },
    ]
  }
  const thisCode = routesOn(server, 'this')
  const otherCode = other ? routesOn(other, 'compared') : []
  const targets: Target[] = [
    { name: 'ceiling: bare Fastify GET /', url: ceiling.url, pid: ceiling.pid },
    ...thisCode.flatMap((target, index) => (otherCode[index] ? [target, otherCode[index]] : [target])),
  ]
  console.log(
    `${connections} connections; ${rounds} rounds, routes interleaved, each ${warmupSeconds} s warm-up then ${durationSeconds} s, the ceiling at both ends of each round; medians kept. Server: NODE_ENV=production --role=web, request logs at info to a file`,
  )
  const measure = async (target: Target): Promise<Measurement> => {
    await runAutocannon(bench, target, warmupSeconds)
    const serverBefore = cpuMicrosOf(target.pid)
    const postgresBefore = postgresCpuMicros(dataDir)
    const result = await runAutocannon(bench, target, durationSeconds)
    console.log(`  ${target.name}: ${formatNumber(result.requests.average)} req/s`)
    return {
      ...result,
      serverMicros: cpuMicrosOf(target.pid) - serverBefore,
      postgresMicros: postgresCpuMicros(dataDir) - postgresBefore,
    }
  }
  const [ceilingTarget, ...routeTargets] = targets as [Target, ...Target[]]
  const measured = new Map<Target, Measurement[]>(targets.map((target) => [target, []]))
  /** Each route's rate over its own round's ceiling: the machine's pace drifts between rounds. */
  const shares = new Map<Target, number[]>(routeTargets.map((target) => [target, []]))
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round} of ${rounds}`)
    const before = await measure(ceilingTarget)
    const routes = []
    // Compared codes take turns going first: neither always runs on a warmer machine.
    const order = other && round % 2 === 0 ? swapPairs(routeTargets) : routeTargets
    for (const target of order) routes.push({ target, measurement: await measure(target) })
    const after = await measure(ceilingTarget)
    measured.get(ceilingTarget)!.push(before, after)
    const roundCeiling = (before.requests.average + after.requests.average) / 2
    for (const { target, measurement } of routes) {
      measured.get(target)!.push(measurement)
      shares.get(target)!.push(measurement.requests.average / roundCeiling)
    }
  }

  const medians = targets.map((target) => ({
    target,
    result: medianRun(measured.get(target)!),
    share:
      target === ceilingTarget
        ? 1
        : percentile(
            [...shares.get(target)!].sort((a, b) => a - b),
            0.5,
          ),
  }))
  const perRequest = (micros: number, result: Measurement) => formatNumber(micros / result.requests.total, 1)
  printTable(
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'of ceiling',
      'server µs',
      'PostgreSQL µs',
      'load µs',
      'non-2xx',
      'errors',
    ],
    medians.map(({ target, result, share }) => [
      target.name,
      formatNumber(result.requests.average),
      formatNumber(result.latency.p50, 1),
      formatNumber(result.latency.p99, 1),
      `${formatNumber(100 * share, 1)} %`,
      perRequest(result.serverMicros, result),
      perRequest(result.postgresMicros, result),
      perRequest(result.cpuMicros, result),
      formatNumber(result.non2xx),
      formatNumber(result.errors + result.timeouts),
    ]),
  )
  console.log(
    '\nreq/s and the CPU columns: the median run. "of ceiling": the median over rounds of the route\'s rate over the mean of its round\'s two ceiling runs.',
  )
  console.log('CPU columns: CPU time per request of the server process, of PostgreSQL, of autocannon.')
  if (other) {
    console.log(`\nThis checkout against ${compareWith}, route by route (medians as above):`)
    const byName = new Map(medians.map((entry) => [entry.target, entry]))
    printTable(
      ['route', 'this: of ceiling', 'compared: of ceiling', 'this: server µs', 'compared: server µs'],
      thisCode.map((target, index) => {
        const mine = byName.get(target)!
        const theirs = byName.get(otherCode[index]!)!
        return [
          target.route ?? target.name,
          `${formatNumber(100 * mine.share, 1)} %`,
          `${formatNumber(100 * theirs.share, 1)} %`,
          perRequest(mine.result.serverMicros, mine.result),
          perRequest(theirs.result.serverMicros, theirs.result),
        ]
      }),
    )
  }
})

/** [a1, b1, a2, b2, …] → [b1, a1, b2, a2, …]. */
function swapPairs<T>(items: T[]): T[] {
  const swapped = [...items]
  for (let index = 0; index + 1 < swapped.length; index += 2)
    [swapped[index], swapped[index + 1]] = [swapped[index + 1]!, swapped[index]!]
  return swapped
}

/** The run with the median rate (of an even number, the lower middle one). */
function medianRun(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

async function startHelloWorld(bench: Bench): Promise<{ url: string; pid: number }> {
  const port = await findFreePort()
  const child = bench.spawnTracked(process.execPath, ['scripts/bench/hello-world-server.ts'], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}/`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return { url, pid: child.pid! }
    await sleep(100)
  }
  throw new Error('the hello-world server did not start')
}

/** Runs autocannon in its own process, so its work does not share this process's event loop. */
function runAutocannon(bench: Bench, target: Target, seconds: number): Promise<RunnerResult> {
  // In a file: a thousand cookies outgrow what one command-line argument may hold.
  const optionsFile = path.join(bench.workDir, 'autocannon-options.json')
  writeFileSync(
    optionsFile,
    JSON.stringify({ url: target.url, connections, seconds, cookies: target.cookies }),
  )
  const child = bench.spawnTracked(process.execPath, [RUNNER, optionsFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let errorOutput = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    errorOutput += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1_000)
    child.once('exit', (code) => {
      clearTimeout(limit)
      try {
        resolve(JSON.parse(output) as RunnerResult)
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${errorOutput.slice(-2_000)}`))
      }
    })
  })
}
