import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import {
  cleanUpServers,
  createDataDir,
  findFreePort,
  isAlive,
  postgresProcessesUsing,
  type ServerProcess,
  sleep,
  spawnServer,
  waitUntil,
  waitUntilServing,
} from '#tests/helpers/process.ts'

/**
 * `server/main.ts` as a real process: embedded PostgreSQL on a fresh data folder, graceful
 * shutdown on SIGTERM, one-line refusal of a bad environment, and recovery after a SIGKILL.
 */
const PROCESS_TEST_TIMEOUT = 150_000
const SEEDED_TIER_COUNT = 7

afterAll(cleanUpServers, 30_000)

async function startServer(dataDir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await findFreePort()
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra })
  await waitUntilServing(server)
  return server
}

async function stopWithSigterm(server: ServerProcess) {
  const signalledAt = Date.now()
  server.child.kill('SIGTERM')
  const exit = await Promise.race([server.exited, sleep(10_000).then(() => 'timed out' as const)])
  return { exit, elapsedMs: Date.now() - signalledAt }
}

describe('server/main.ts as a process', () => {
  it(
    'starts an embedded PostgreSQL, serves the seeded app, and stops everything on SIGTERM',
    async () => {
      const dataDir = createDataDir()
      const server = await startServer(dataDir)

      const tiers = await fetch(`${server.baseUrl}/api/cluster-tiers`)
      expect(tiers.status).toBe(200)
      expect(await tiers.json()).toHaveLength(SEEDED_TIER_COUNT)
      const version = await fetch(`${server.baseUrl}/api/version/summary`)
      expect(version.status).toBe(200)
      expect(await version.json()).toMatchObject({ displayVersion: expect.stringMatching(/^v\d+\.\d+\.\d+/) })
      expect(postgresProcessesUsing(dataDir).length).toBeGreaterThan(0)

      // Tokens of mail links must not reach the request log.
      const secretToken = 'process-test-secret-token-0123456789'
      const verify = await fetch(`${server.baseUrl}/api/auth/verify-email?token=${secretToken}`, {
        redirect: 'manual',
      })
      expect(verify.status).toBe(303)

      const { exit, elapsedMs } = await stopWithSigterm(server)
      expect(exit).toEqual({ code: 0, signal: null })
      expect(elapsedMs).toBeLessThan(10_000)
      expect(postgresProcessesUsing(dataDir)).toEqual([])
      expect(server.stdout()).toContain('/api/auth/verify-email?token=[redacted]')
      expect(server.stdout()).not.toContain(secretToken)
      expect(server.stderr()).toBe('')
    },
    PROCESS_TEST_TIMEOUT,
  )

  it(
    'lets a request in flight finish after SIGTERM before exiting',
    async () => {
      // No route is slow on purpose, so the client is: it sends half a login body, then waits.
      const dataDir = createDataDir()
      const server = await startServer(dataDir)
      const body = JSON.stringify({ username: 'demo', password: DEMO_PASSWORD })
      const half = Math.floor(body.length / 2)
      // Like a browser or a load balancer, the client keeps its connection open for reuse.
      const agent = new http.Agent({ keepAlive: true })
      const request = http.request(`${server.baseUrl}/api/login`, {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      })
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request.on('error', reject)
        request.on('response', (incoming) => {
          let text = ''
          incoming.on('data', (chunk: Buffer) => {
            text += chunk.toString()
          })
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }))
          incoming.on('error', reject)
        })
      })
      request.write(body.slice(0, half))
      await sleep(300)

      server.child.kill('SIGTERM')
      await waitUntil(async () => server.stdout().includes('shutting down'), {
        timeoutMs: 5_000,
        what: 'the shutdown to begin',
      })
      await sleep(500)
      expect(isAlive(server.pid)).toBe(true)
      request.end(body.slice(half))

      const answer = await response
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.text)).toMatchObject({ username: 'demo' })
      // The idle keep-alive connection must not hold the drain up until the shutdown deadline.
      const answeredAt = Date.now()
      const exit = await Promise.race([server.exited, sleep(10_000).then(() => 'timed out' as const)])
      agent.destroy()
      expect(exit).toEqual({ code: 0, signal: null })
      expect(Date.now() - answeredAt).toBeLessThan(3_000)
      expect(postgresProcessesUsing(dataDir)).toEqual([])
    },
    PROCESS_TEST_TIMEOUT,
  )

  it(
    'closes open WebSockets on SIGTERM instead of waiting for them',
    async () => {
      const dataDir = createDataDir()
      const server = await startServer(dataDir)
      const login = await fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
      })
      expect(login.status).toBe(200)
      const sessionCookie = login.headers.getSetCookie()[0]!.split(';')[0]!
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`, {
        headers: { cookie: sessionCookie, origin: server.baseUrl },
      })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      const closed = new Promise<number>((resolve) => socket.once('close', resolve))

      const { exit, elapsedMs } = await stopWithSigterm(server)
      expect(exit).toEqual({ code: 0, signal: null })
      expect(elapsedMs).toBeLessThan(5_000)
      expect(await closed).toBeGreaterThan(0)
      expect(postgresProcessesUsing(dataDir)).toEqual([])
    },
    PROCESS_TEST_TIMEOUT,
  )

  it(
    'stops its embedded PostgreSQL when SIGTERM arrives during start-up',
    async () => {
      const dataDir = createDataDir()
      const server = spawnServer({ PORT: String(await findFreePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      // Signal the moment the database is up, while migrations and seeding are still under way.
      await new Promise<void>((resolve) => {
        const onOutput = () => {
          if (!server.stdout().includes('embedded PostgreSQL started')) return
          server.child.stdout?.off('data', onOutput)
          resolve()
        }
        server.child.stdout?.on('data', onOutput)
      })
      server.child.kill('SIGTERM')
      const exit = await Promise.race([server.exited, sleep(10_000).then(() => 'timed out' as const)])
      expect(exit).toEqual({ code: 0, signal: null })
      await waitUntil(async () => postgresProcessesUsing(dataDir).length === 0, {
        timeoutMs: 5_000,
        what: 'the embedded PostgreSQL to stop',
      })
    },
    PROCESS_TEST_TIMEOUT,
  )

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['APP_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['DATA_DIR', '/dev/null/clusterdeck'],
  ])(
    'refuses %s=%s with one line on stderr naming the variable and a non-zero exit',
    async (name, value) => {
      const dataDir = createDataDir()
      const server = spawnServer({ PORT: String(await findFreePort()), DATA_DIR: dataDir, [name]: value })
      const exit = await Promise.race([server.exited, sleep(60_000).then(() => 'timed out' as const)])
      expect(exit).not.toBe('timed out')
      expect(exit).not.toMatchObject({ code: 0 })
      const lines = server.stderr().trimEnd().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(name)
      expect(postgresProcessesUsing(dataDir)).toEqual([])
    },
    PROCESS_TEST_TIMEOUT,
  )

  it(
    'restarts on the same data folder after a SIGKILL left its PostgreSQL running, keeping the data',
    async () => {
      const dataDir = createDataDir()
      const first = await startServer(dataDir)
      const account = {
        username: 'survivor',
        email: 'survivor@example.com',
        name: 'Sam Survivor',
        password: 'a-long-and-unusual-passphrase-42',
        companyName: 'Survivor Ltd',
      }
      const registered = await fetch(`${first.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.baseUrl },
        body: JSON.stringify(account),
      })
      expect(registered.status).toBe(200)
      const { companyId } = (await registered.json()) as { companyId: string }

      first.child.kill('SIGKILL')
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
      const orphans = postgresProcessesUsing(dataDir)
      expect(orphans.length).toBeGreaterThan(0)

      const second = await startServer(dataDir)
      for (const pid of orphans) expect(isAlive(pid)).toBe(false)
      const login = await fetch(`${second.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: second.baseUrl },
        body: JSON.stringify({ username: account.username, password: account.password }),
      })
      expect(login.status).toBe(200)
      expect(await login.json()).toMatchObject({ username: 'survivor', companyId })

      const { exit } = await stopWithSigterm(second)
      expect(exit).toEqual({ code: 0, signal: null })
      expect(postgresProcessesUsing(dataDir)).toEqual([])
      expect(postgresProcessesUsing(path.join(dataDir, 'pg'))).toEqual([])
    },
    PROCESS_TEST_TIMEOUT,
  )
})
