import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { findFreePort } from '#server/lib/net.ts'
import {
  createDataDir as createServerDataDir,
  OFFLINE_RATES,
  pollUntil,
  spawnServerProcess,
} from '../../scripts/server-process.ts'
import { TEST_SESSION_SECRET } from './server.ts'

export { findFreePort }

export type ServerProcess = {
  child: ChildProcess
  pid: number
  baseUrl: string
  stdout: () => string
  stderr: () => string
  /** Resolves once the process has exited, with its exit code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const started = new Set<ChildProcess>()
const dataDirs = new Set<string>()

/** A fresh data folder, removed (with any database left running on it) by cleanUpServers. */
export function createDataDir(): string {
  const dataDir = createServerDataDir('clusterdeck-process-')
  dataDirs.add(dataDir)
  return dataDir
}

/** Spawns `server/main.ts` with only the given server variables set, keeping its output. */
export function spawnServer(environment: Record<string, string>): ServerProcess {
  const child = spawnServerProcess(environment)
  started.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child)
      resolve({ code, signal })
    })
  })
  return {
    child,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${environment.PORT ?? '3000'}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  }
}

/**
 * The server of a process test on `databaseUrl`: a free port, its own data folder, the test
 * session secret, quiet logs and offline rate sources, plus `environment`; resolves once it serves.
 */
export async function startServerProcess(
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = spawnServer({
    PORT: String(await findFreePort()),
    DATABASE_URL: databaseUrl,
    DATA_DIR: createDataDir(),
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'warn',
    ...OFFLINE_RATES,
    ...environment,
  })
  await waitUntilServing(server)
  return server
}

/** Polls until `check` returns true (errors count as "not yet"), failing with the server's output. */
export async function waitUntil(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; server?: ServerProcess; what: string },
): Promise<void> {
  if (await pollUntil(check, { timeoutMs: options.timeoutMs, child: options.server?.child })) return
  const output = options.server
    ? `\nstdout:\n${options.server.stdout().slice(-4000)}\nstderr:\n${options.server.stderr().slice(-4000)}`
    : ''
  throw new Error(`Timed out waiting for ${options.what}${output}`)
}

/** Waits until the server answers the catalog with its seeded tiers. */
export function waitUntilServing(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  return waitUntil(
    async () => {
      const response = await fetch(`${server.baseUrl}/api/cluster-tiers`)
      return response.status === 200 && ((await response.json()) as unknown[]).length > 0
    },
    { timeoutMs, server, what: `${server.baseUrl} to serve` },
  )
}

/** Pids of PostgreSQL processes whose command line names the folder (read from /proc). */
export function postgresProcessesUsing(folder: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let commandLine: string
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')
    } catch {
      continue // the process ended while we looked
    }
    if (commandLine.includes('postgres') && commandLine.includes(folder)) pids.push(Number(entry))
  }
  return pids
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Kills every server this helper spawned, then any PostgreSQL still running on one of its data
 * folders (a SIGKILLed server leaves its database behind), and removes the folders.
 */
export async function cleanUpServers(): Promise<void> {
  for (const child of started) child.kill('SIGKILL')
  for (const dataDir of dataDirs) {
    for (const pid of postgresProcessesUsing(dataDir)) killQuietly(pid, 'SIGINT')
  }
  const deadline = Date.now() + 10_000
  const remaining = () => [...dataDirs].flatMap((dataDir) => postgresProcessesUsing(dataDir))
  while (remaining().length > 0 && Date.now() < deadline) await sleep(100)
  for (const pid of remaining()) killQuietly(pid, 'SIGKILL')
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  dataDirs.clear()
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}
