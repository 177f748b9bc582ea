/**
 * Starting the real server as a process, the one way the API tests, the browser tests and the
 * benchmarks do it: a data folder the database can use, the server variables they set and nothing
 * inherited, waiting until it is ready, and stopping it with SIGTERM then SIGKILL.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process'
import { chmodSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_ENVIRONMENT_VARIABLES } from '#server/config.ts'

export const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url))
const MAIN_SCRIPT = path.join(REPOSITORY_ROOT, 'server', 'main.ts')

/** The exchange-rate sources on a closed local port: the rates route falls back without the internet. */
export const OFFLINE_RATES = {
  RATES_PRIMARY_URL: 'http://127.0.0.1:9/primary',
  RATES_BACKUP_URL: 'http://127.0.0.1:9/backup',
} as const

/** Limits raised for traffic that all comes from 127.0.0.1 (tests, benchmarks). */
export const LOOPBACK_LIMITS = {
  RATE_LIMIT_PER_IP: '100000000',
  LEAD_RATE_LIMIT_PER_IP: '100000000',
  LOGIN_MAX_FAILURES: '100000000',
  SUPPORT_RATE_LIMIT_PER_EMAIL: '100000000',
} as const

/** A fresh data folder that the `postgres` system user can enter (the server runs it as that user when root). */
export function createDataDir(prefix = 'clusterdeck-server-'): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix))
  chmodSync(dataDir, 0o755)
  return dataDir
}

/**
 * Spawns `server/main.ts` on the project's Node with exactly the given server variables: those of
 * the calling shell are dropped, so a developer's DATABASE_URL never reaches a test's server.
 */
export function spawnServerProcess(
  environment: Record<string, string>,
  options: {
    args?: string[]
    stdio?: StdioOptions
    /** Another checkout of the repository whose server to run (a benchmark's comparison). */
    checkout?: string
  } = {},
): ChildProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SERVER_ENVIRONMENT_VARIABLES.includes(name)),
  )
  const root = options.checkout ?? REPOSITORY_ROOT
  const main = options.checkout ? path.join(options.checkout, 'server', 'main.ts') : MAIN_SCRIPT
  return spawn(process.execPath, [main, ...(options.args ?? [])], {
    cwd: root,
    // The simulated clusters' Kubernetes API on a free port unless asked: servers side by side never clash.
    env: { ...inherited, KUBE_API_PORT: '0', ...environment },
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  })
}

/** Polls `check` until it holds (errors count as "not yet"); false when the time is up or the process exited. */
export async function pollUntil(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; child?: ChildProcess },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs
  while (Date.now() < deadline) {
    if (options.child && (options.child.exitCode !== null || options.child.signalCode !== null)) return false
    try {
      if (await check()) return true
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/** Whether the server at `baseUrl` answers its readiness check. */
export async function isReady(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })
  return response.ok
}

/** SIGTERM (the server drains and exits), then SIGKILL if it has not exited within the grace time. */
export function stopServerProcess(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
