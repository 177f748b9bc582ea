import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { createDatabase, type Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { seedDemoBilling } from '#server/db/seed/demo-billing.ts'
import { kubeBinaries } from '#tests/helpers/kube-binaries.ts'
import { blueConfiguration } from '#tests/helpers/orders.ts'
import {
  cleanUpServers,
  findFreePort,
  type ServerProcess,
  startServerProcess,
} from '#tests/helpers/process.ts'
import { createTestDatabase, TEST_SECRETS_KEY } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS, REPOSITORY_ROOT } from '../../scripts/server-process.ts'

/**
 * `clusterdeck`, the command-line client, run as a child process against the real server process
 * with an API token made through the API: order a cluster and wait for it, save its kubeconfig and
 * list its nodes with the real kubectl (a token, and the exec plugin), scale it and wait, download
 * an invoice, delete it and wait; a bad token ends with the auth exit code and the server's message.
 */

const CLI = path.join(REPOSITORY_ROOT, 'cli', 'main.ts')
const CLI_TIMEOUT_MS = 240_000
let server: ServerProcess
let database: { url: string; drop: () => Promise<void> }
let db: Database
let home: string
let token: string

type Run = { code: number; stdout: string; stderr: string }

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          CLUSTERDECK_URL: server.baseUrl,
          CLUSTERDECK_TOKEN: token,
          ...env,
        },
        timeout: CLI_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

function json<T = Record<string, unknown>>(result: Run): T {
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as T
}

function kubectl(kubeconfig: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      kubeBinaries().kubectl,
      [`--kubeconfig=${kubeconfig}`, '--request-timeout=30s', ...args],
      { env: { HOME: home, PATH: process.env.PATH ?? '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** Signs in as a demo person with the password and creates an API token through the API. */
async function createToken(username: string, scopes: string[]): Promise<string> {
  const origin = { origin: server.baseUrl, 'content-type': 'application/json' }
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  })
  expect(login.status, await login.clone().text()).toBe(200)
  const cookie = login.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ')
  const created = await fetch(`${server.baseUrl}/api/user/tokens`, {
    method: 'POST',
    headers: { ...origin, cookie },
    body: JSON.stringify({ name: `cli-${scopes.length}`, scopes, lifetime: '30d' }),
  })
  expect(created.status, await created.clone().text()).toBe(201)
  return ((await created.json()) as { token: string }).token
}

beforeAll(async () => {
  kubeBinaries()
  database = await createTestDatabase()
  const kubePort = await findFreePort()
  server = await startServerProcess(database.url, {
    ...LOOPBACK_LIMITS,
    SECRETS_KEY: TEST_SECRETS_KEY,
    PROVISIONING_SPEED: '200',
    KUBE_API_PORT: String(kubePort),
    KUBE_API_URL: `https://localhost:${kubePort}`,
  })
  db = createDatabase(database.url)
  home = mkdtempSync(path.join(os.tmpdir(), 'clusterdeck-cli-'))
  token = await createToken('admin', ['clusters:write', 'billing:read', 'support:write', 'marketplace:read'])
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'))
  // The organization's invoices of the last months, as `npm start` seeds them.
  await seedDemoBilling(db, admin!.organizationId, {
    secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
  })
}, 180_000)

afterAll(async () => {
  await cleanUpServers()
  await db?.$client.end()
  await database?.drop()
  if (home) rmSync(home, { recursive: true, force: true })
})

describe('clusterdeck against the real server', () => {
  it('refuses a bad token with the auth exit code, the server’s message and the request id', async () => {
    const result = await run(['clusters', 'list'], { CLUSTERDECK_TOKEN: 'cdk_not-a-real-token' })
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('Please sign in to continue')
    expect(result.stderr).toMatch(/Request id: [0-9a-f]{8}-/)
    const unknown = await run(['clusters', 'get', '00000000-0000-4000-8000-000000000000'])
    expect(unknown.code).toBe(4)
    expect(unknown.stderr).toContain('Cluster not found')
    const usage = await run(['clusters', 'scale'])
    expect(usage.code).toBe(2)
  })

  it('logs in to a 0600 config file, refuses it once others can read it, and logs out', async () => {
    const config = path.join(home, 'config', 'clusterdeck.json')
    const env = { CLUSTERDECK_CONFIG: config, CLUSTERDECK_TOKEN: '' }
    const login = await run(['auth', 'login', '--token', token, '--url', server.baseUrl], env)
    expect(login.code, login.stderr).toBe(0)
    expect(statSync(config).mode & 0o777).toBe(0o600)
    const status = json<{ url: string; token: { scopes: string[] } }>(
      await run(['auth', 'status', '-o', 'json'], { ...env, CLUSTERDECK_URL: '' }),
    )
    expect(status.url).toBe(server.baseUrl)
    expect(status.token.scopes).toContain('clusters:write')
    writeFileSync(config, readFileSync(config), { mode: 0o644 })
    const { chmodSync } = await import('node:fs')
    chmodSync(config, 0o644)
    const refused = await run(['clusters', 'list'], env)
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('readable by others')
    chmodSync(config, 0o600)
    expect((await run(['auth', 'logout'], env)).code).toBe(0)
    expect(existsSync(config)).toBe(false)
  })

  it('orders a cluster and waits, saves its kubeconfig for kubectl, scales and waits, downloads an invoice, deletes and waits', async () => {
    const configuration = blueConfiguration()
    const file = path.join(home, 'cluster.json')
    writeFileSync(file, JSON.stringify({ ...configuration, nodePools: undefined }))
    const created = await run([
      'clusters',
      'create',
      '--from-file',
      file,
      '--pool',
      'workers:gp-4-16:2',
      '--wait',
      '--timeout',
      '3m',
      '-o',
      'json',
    ])
    const cluster = json<{ id: string; name: string; status: string; nodes: unknown[] }>(created)
    expect(cluster.name).toBe(configuration.name)
    expect(cluster.status).toBe('running')
    expect(cluster.nodes).toHaveLength(2)
    // Not a terminal: a plain line per step.
    expect(created.stderr).toContain('create step health_check succeeded')

    const listed = json<{ name: string }[]>(await run(['clusters', 'list', '-o', 'json']))
    expect(listed.map((entry) => entry.name)).toContain(configuration.name)
    expect((await run(['clusters', 'get', configuration.name, '-o', 'yaml'])).stdout).toContain(
      `name: ${configuration.name}`,
    )

    // Merged into an existing kubeconfig: its other entries stay.
    const kubeconfig = path.join(home, 'kube', 'config')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(path.dirname(kubeconfig), { recursive: true })
    writeFileSync(
      kubeconfig,
      stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'other', cluster: { server: 'https://other.example:6443' } }],
        users: [{ name: 'other', user: { token: 'x' } }],
        contexts: [{ name: 'other', context: { cluster: 'other', user: 'other' } }],
        'current-context': 'other',
      }),
    )
    const saved = json<{ credentials: { expiresAt: string }[]; currentContext: string }>(
      await run(['kubeconfig', 'save', cluster.id, '--set-context', '--lifetime', '1d', '-o', 'json'], {
        KUBECONFIG: kubeconfig,
      }),
    )
    expect(saved.currentContext).toBe(configuration.name)
    expect(new Date(saved.credentials[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    expect(statSync(kubeconfig).mode & 0o777).toBe(0o600)
    const merged = parse(readFileSync(kubeconfig, 'utf8')) as { contexts: { name: string }[] }
    expect(merged.contexts.map((entry) => entry.name).sort()).toEqual([configuration.name, 'other'].sort())
    const nodes = await kubectl(kubeconfig, ['get', 'nodes', '-o', 'json'])
    expect(nodes.code, nodes.stderr).toBe(0)
    expect((JSON.parse(nodes.stdout) as { items: unknown[] }).items).toHaveLength(2)

    // The exec plugin: kubectl asks clusterdeck for a short-lived token.
    const execConfig = path.join(home, 'kube', 'exec-config')
    const execSaved = await run([
      'kubeconfig',
      'save',
      configuration.name,
      '--exec',
      '--kubeconfig',
      execConfig,
    ])
    expect(execSaved.code, execSaved.stderr).toBe(0)
    const execNodes = await kubectl(execConfig, ['get', 'nodes', '-o', 'name'], {
      CLUSTERDECK_TOKEN: token,
    })
    expect(execNodes.code, execNodes.stderr).toBe(0)
    expect(execNodes.stdout.trim().split('\n')).toHaveLength(2)
    const credential = json<{ kind: string; status: { token: string; expirationTimestamp: string } }>(
      await run(['kubeconfig', 'exec-credential', cluster.id]),
    )
    expect(credential.kind).toBe('ExecCredential')
    expect(credential.status.token).toMatch(/^cdk_/)
    expect(new Date(credential.status.expirationTimestamp).getTime()).toBeGreaterThan(Date.now())

    const scaled = json<{ nodes: unknown[]; configuration: { nodePools: { nodeCount: number }[] } }>(
      await run([
        'clusters',
        'scale',
        configuration.name,
        '--nodes',
        '3',
        '--wait',
        '--timeout',
        '3m',
        '-o',
        'json',
      ]),
    )
    expect(scaled.configuration.nodePools[0]!.nodeCount).toBe(3)
    expect(scaled.nodes).toHaveLength(3)

    const invoices = json<{ id: string; number: string }[]>(await run(['invoices', 'list', '-o', 'json']))
    expect(invoices.length).toBeGreaterThan(0)
    const pdf = path.join(home, 'invoice.pdf')
    const downloaded = await run(['invoices', 'download', invoices[0]!.id, '--out', pdf])
    expect(downloaded.code, downloaded.stderr).toBe(0)
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const csv = json<{ file: string }>(
      await run([
        'invoices',
        'download',
        invoices[0]!.id,
        '--format',
        'csv',
        '--out',
        path.join(home, 'i.csv'),
        '-o',
        'json',
      ]),
    )
    expect(readFileSync(csv.file, 'utf8')).toContain(invoices[0]!.number.slice(0, 3))

    const deleted = json<{ status: string }>(
      await run(['clusters', 'delete', cluster.id, '--yes', '--wait', '--timeout', '3m', '-o', 'json']),
    )
    expect(deleted.status).toBe('deleted')
  }, 600_000)

  it('lists the token’s own tokens and revokes itself; then it is refused', async () => {
    const own = await createToken('demo', ['clusters:read'])
    const tokens = json<{ id: string; current: boolean }[]>(
      await run(['tokens', 'list', '-o', 'json'], { CLUSTERDECK_TOKEN: own }),
    )
    const self = tokens.find((entry) => entry.current)!
    expect(self).toBeDefined()
    expect((await run(['tokens', 'revoke', self.id], { CLUSTERDECK_TOKEN: own })).code).toBe(0)
    const after = await run(['clusters', 'list'], { CLUSTERDECK_TOKEN: own })
    expect(after.code).toBe(3)
  })
})
