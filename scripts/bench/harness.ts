/**
 * What every benchmark needs: a temporary work folder, an embedded PostgreSQL, production server
 * processes on free ports, the web build, and a clean stop of all of it (by pid) however the
 * benchmark ends. Benchmarks print figures; they never assert timings.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, type Database } from '#server/db/client.ts'
import { ensureDatabase } from '#server/db/databases.ts'
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { findFreePort } from '#server/lib/net.ts'
import {
  createDataDir,
  isReady,
  OFFLINE_RATES,
  pollUntil,
  REPOSITORY_ROOT,
  spawnServerProcess,
  stopServerProcess,
} from '../server-process.ts'

export { ensureWebBuild } from '../web-build.ts'
export { REPOSITORY_ROOT }

const STOP_GRACE_MS = 12_000
const READY_TIMEOUT_MS = 90_000

export type RunningServer = {
  pid: number
  /** Where requests go: always the loopback address. */
  baseUrl: string
  /** The app's own origin (APP_URL), sent as `Origin` by browser-like clients. */
  origin: string
  logFile: string
  /** Resident memory of the server process, from /proc. */
  rssBytes: () => number
  stop: () => Promise<void>
}

export type ServerOptions = {
  databaseUrl: string
  sessionSecret: string
  /** The built web app to serve (build/client); without it the server serves the API only. */
  webClientDir?: string
  /** Extra server variables, e.g. a raised per-IP rate limit when every simulated user is 127.0.0.1. */
  environment?: Record<string, string>
  name?: string
  /** `--role=` of the process: `all` (default), `web` (HTTP only) or `worker`. */
  role?: 'all' | 'web' | 'worker'
  /** The address people use (APP_URL), when it is not the server's own: a load balancer's. */
  appUrl?: string
  /** Run the server of another checkout of the repository (with its own node_modules). */
  checkout?: string
}

export type Bench = {
  workDir: string
  /** A generated production SESSION_SECRET shared by every server of this run. */
  sessionSecret: string
  /** The key the run's servers seal stored secrets with (SECRETS_KEY), for data written by the bench. */
  secretsKey: Buffer
  startDatabase: () => Promise<{ url: string; db: Database; dataDir: string }>
  startServer: (options: ServerOptions) => Promise<RunningServer>
  /** Spawns a helper process that is killed at the end like the servers. */
  spawnTracked: (command: string, args: string[], options?: Parameters<typeof spawn>[2]) => ChildProcess
  /** Registers work for the end of the run (last registered runs first). */
  onCleanup: (work: () => Promise<void> | void) => void
}

/**
 * Runs one benchmark with its resources, stopping every process it started when it ends, fails,
 * or is interrupted, and bounding the whole run by `timeLimitMs`.
 */
export async function runBench(
  title: string,
  timeLimitMs: number,
  body: (bench: Bench) => Promise<void>,
): Promise<void> {
  const workDir = createDataDir('clusterdeck-bench-')
  const cleanups: (() => Promise<void> | void)[] = []
  let cleaning: Promise<void> | undefined
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const work of cleanups.reverse()) {
        try {
          await work()
        } catch (error) {
          console.error(`clean-up step failed: ${(error as Error).message}`)
        }
      }
      if (process.env.BENCH_KEEP_LOGS) console.log(`server logs kept in ${workDir}`)
      else rmSync(workDir, { recursive: true, force: true })
    })()
    return cleaning
  }
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping…`)
    void cleanUp().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupt)
  process.once('SIGTERM', interrupt)
  const overall = setTimeout(() => {
    console.error(`\n${title} exceeded its time limit of ${Math.round(timeLimitMs / 1000)} s; stopping`)
    void cleanUp().finally(() => process.exit(1))
  }, timeLimitMs)
  overall.unref()

  const bench: Bench = {
    workDir,
    sessionSecret: randomBytes(32).toString('base64url'),
    secretsKey: Buffer.from(RUN_SECRETS_KEY, 'base64'),
    onCleanup: (work) => cleanups.push(work),
    startDatabase: async () => {
      const embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), ephemeral: true })
      cleanups.push(() => embedded.stop())
      const url = await ensureDatabase(embedded.url, 'clusterdeck')
      const db = createDatabase(url, { max: 20 })
      cleanups.push(() => db.$client.end())
      return { url, db, dataDir: embedded.dataDir }
    },
    startServer: async (options) => {
      const server = await spawnServer(workDir, bench.sessionSecret, options)
      cleanups.push(() => server.stop())
      return server
    },
    spawnTracked: (command, args, options = {}) => {
      const child = spawn(command, args, options)
      cleanups.push(() => stopChild(child))
      return child
    },
  }

  console.log(`${title} — ${new Date().toISOString()}, ${machineSummary()}`)
  let failed = false
  try {
    await body(bench)
  } catch (error) {
    failed = true
    console.error(`\n${title} failed: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    clearTimeout(overall)
    await cleanUp()
  }
  process.exit(failed ? 1 : 0)
}

export function machineSummary(): string {
  const cpus = os.cpus()
  const memoryGiB = os.totalmem() / 1024 ** 3
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${memoryGiB.toFixed(1)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`
}

/** The key sealing stored secrets, shared by every server of the run (they read each other's rows). */
const RUN_SECRETS_KEY = randomBytes(32).toString('base64')

async function spawnServer(
  workDir: string,
  sessionSecret: string,
  options: ServerOptions,
): Promise<RunningServer> {
  const port = await findFreePort()
  const origin = options.appUrl ?? `http://localhost:${port}`
  const name = options.name ?? `server-${port}`
  const logFile = path.join(workDir, `${name}.log`)
  const log = openSync(logFile, 'a')
  const child = spawnServerProcess(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: sessionSecret,
      SECRETS_KEY: RUN_SECRETS_KEY,
      DATA_DIR: path.join(workDir, `${name}-data`),
      WEB_CLIENT_DIR: options.webClientDir ?? path.join(workDir, 'no-web-build'),
      // Traffic stays on this machine.
      ...OFFLINE_RATES,
      ...options.environment,
    },
    // Logs go to a file: production logs every request, and reading them here would cost the bench.
    {
      args: [`--role=${options.role ?? 'all'}`],
      stdio: ['ignore', log, log],
      ...(options.checkout ? { checkout: options.checkout } : {}),
    },
  )
  closeSync(log)
  const baseUrl = `http://127.0.0.1:${port}`
  const server: RunningServer = {
    pid: child.pid!,
    baseUrl,
    origin,
    logFile,
    rssBytes: () => residentBytes(child.pid!),
    stop: () => stopChild(child),
  }
  try {
    if (options.role === 'worker') await waitForWorkers(child, logFile)
    else await waitUntilReady(child, baseUrl, logFile)
  } catch (error) {
    await server.stop()
    throw error
  }
  return server
}

async function waitUntilReady(child: ChildProcess, baseUrl: string, logFile: string): Promise<void> {
  if (await pollUntil(() => isReady(baseUrl), { timeoutMs: READY_TIMEOUT_MS, child })) return
  const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3_000) : ''
  throw new Error(`the server did not become ready at ${baseUrl}/readyz\n${output}`)
}

/** A worker serves no HTTP: it is ready once it logs that its job workers run. */
async function waitForWorkers(child: ChildProcess, logFile: string): Promise<void> {
  const started = () => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('job workers started')
  if (await pollUntil(async () => started(), { timeoutMs: READY_TIMEOUT_MS, child })) return
  const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3_000) : ''
  throw new Error(`the worker did not start\n${output}`)
}

const stopChild = (child: ChildProcess) => stopServerProcess(child, STOP_GRACE_MS)

function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/** Reads a positive number from the environment, with its default and an upper bound; exits on a bad one. */
export function numberFromEnvironment(name: string, fallback: number, maximum: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (Number.isFinite(value) && value > 0 && value <= maximum) return value
  console.error(`${name} must be a number above 0 and at most ${maximum} (got "${raw}")`)
  process.exit(1)
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))
  return sorted[rank]!
}

/** Prints rows as an aligned table: the first column left-aligned, the figures right-aligned. */
export function printTable(headers: string[], rows: string[][]): void {
  const cells = [headers, ...rows]
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)))
  const render = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd()
  console.log('')
  console.log(render(headers))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of rows) console.log(render(row))
}

export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a'
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** Runs `work` over the items with at most `concurrency` of them in flight. */
export async function forEachWithConcurrency<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export { findFreePort }

const CLOCK_TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/** CPU time (user + system, µs) of a process, with its reaped children's when `withChildren`. */
export function cpuMicrosOf(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command name, which may hold spaces, start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime, stime, cutime, cstime are fields 14–17 of stat(5), so 11–14 here.
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)
    return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** CPU time (µs) of a PostgreSQL server: the postmaster of `dataDir`, its live backends and the finished ones. */
export function postgresCpuMicros(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  let total = cpuMicrosOf(postmaster, true)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === postmaster) total += cpuMicrosOf(Number(entry))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}
