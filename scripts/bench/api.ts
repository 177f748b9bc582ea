/**
 * `npm run bench:api`: autocannon against the production server on this machine, in one run:
 * first a bare Fastify hello-world process (the ceiling), then the signed-in dashboard reads.
 * Prints requests per second, p50/p99 latency and each route as a share of the ceiling.
 *
 * BENCH_DURATION_S (default 10) seconds per route after BENCH_WARMUP_S (default 2) discarded,
 * BENCH_CONNECTIONS (default 50) concurrent connections.
 */
import path from 'node:path'
import { poolExecutor } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import {
  type Bench,
  findFreePort,
  formatNumber,
  numberFromEnvironment,
  printTable,
  REPOSITORY_ROOT,
  registerCustomer,
  runBench,
  sleep,
} from './harness.ts'

const durationSeconds = numberFromEnvironment('BENCH_DURATION_S', 10, 600)
const warmupSeconds = numberFromEnvironment('BENCH_WARMUP_S', 2, 60)
const connections = numberFromEnvironment('BENCH_CONNECTIONS', 50, 2_000)
/** A dashboard user has some history: the list route serializes this many rows. */
const NOTIFICATIONS_OF_THE_USER = 25
const AUTOCANNON = path.join(REPOSITORY_ROOT, 'node_modules', 'autocannon', 'autocannon.js')

type Target = { name: string; url: string; cookie?: string }

type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}

const targets = 5
const timeLimitMs = 120_000 + targets * (durationSeconds + warmupSeconds + 10) * 1_000

await runBench('bench:api', timeLimitMs, async (bench) => {
  const { url, db } = await bench.startDatabase()
  const server = await bench.startServer({
    databaseUrl: url,
    sessionSecret: bench.sessionSecret,
    name: 'app',
  })
  const cookie = await registerCustomer(server, 'bench.api')
  const user = (await (await fetch(`${server.baseUrl}/api/user`, { headers: { cookie } })).json()) as {
    id: string
  }
  for (let index = 0; index < NOTIFICATIONS_OF_THE_USER; index++) {
    await createNotification(db, poolExecutor(db), {
      userId: user.id,
      type: 'info',
      title: `Bench notification ${index + 1}`,
      message: 'Your cluster bench-cluster finished a provisioning step.',
      link: '/clusters',
    })
  }
  const ceilingUrl = await startHelloWorld(bench)

  const runs: Target[] = [
    { name: 'ceiling: bare Fastify GET /', url: ceilingUrl },
    { name: 'GET /api/user', url: `${server.baseUrl}/api/user`, cookie },
    { name: 'GET /api/cluster-tiers', url: `${server.baseUrl}/api/cluster-tiers` },
    { name: 'GET /api/notifications', url: `${server.baseUrl}/api/notifications`, cookie },
    { name: 'GET /api/sidebar-counts', url: `${server.baseUrl}/api/sidebar-counts`, cookie },
  ]
  console.log(
    `${connections} connections, ${warmupSeconds} s warm-up then ${durationSeconds} s per route; server: NODE_ENV=production, request logs at info to a file`,
  )
  const results: { target: Target; result: AutocannonResult }[] = []
  for (const target of runs) {
    process.stdout.write(`  ${target.name}…`)
    await runAutocannon(bench, target, warmupSeconds)
    const result = await runAutocannon(bench, target, durationSeconds)
    results.push({ target, result })
    console.log(` ${formatNumber(result.requests.average)} req/s`)
  }

  const ceiling = results[0]!.result.requests.average
  printTable(
    ['route', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'requests', 'non-2xx', 'errors'],
    results.map(({ target, result }) => [
      target.name,
      formatNumber(result.requests.average),
      formatNumber(result.latency.p50, 1),
      formatNumber(result.latency.p99, 1),
      `${formatNumber((100 * result.requests.average) / ceiling, 1)} %`,
      formatNumber(result.requests.total),
      formatNumber(result.non2xx),
      formatNumber(result.errors + result.timeouts),
    ]),
  )
})

async function startHelloWorld(bench: Bench): Promise<string> {
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
    if (ok) return url
    await sleep(100)
  }
  throw new Error('the hello-world server did not start')
}

/** Runs the autocannon CLI in its own process, so its work does not share this process's event loop. */
function runAutocannon(bench: Bench, target: Target, seconds: number): Promise<AutocannonResult> {
  const args = [AUTOCANNON, '--json', '--no-progress', '-c', String(connections), '-d', String(seconds)]
  if (target.cookie) args.push('-H', `cookie:${target.cookie}`)
  args.push(target.url)
  const child = bench.spawnTracked(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
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
        resolve(JSON.parse(output) as AutocannonResult)
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${errorOutput.slice(-2_000)}`))
      }
    })
  })
}
