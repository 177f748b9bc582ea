/**
 * Proves the multi-instance fan-out: two real server processes on one database, a notification
 * created by a request to instance A reaches a WebSocket client connected to instance B, through
 * PostgreSQL LISTEN/NOTIFY alone (the instances share nothing else). It also proves that each
 * process starts on an already migrated database and stops cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { findFreePort } from '#server/lib/net.ts'
import { openSocket, parseMessage } from '#tests/helpers/realtime.ts'
import { createTestDatabase, TEST_SESSION_SECRET } from '#tests/helpers/server.ts'

/** `origin` is the app's URL (APP_URL); requests go to `baseUrl`, the address it listens on. */
type Instance = {
  origin: string
  baseUrl: string
  process: ChildProcess
  output: string[]
  exited: Promise<number | null>
}

let database: Awaited<ReturnType<typeof createTestDatabase>>
let instanceA: Instance
let instanceB: Instance

beforeAll(async () => {
  database = await createTestDatabase()
  ;[instanceA, instanceB] = await Promise.all([startInstance(), startInstance()])
  await Promise.all([waitUntilReady(instanceA), waitUntilReady(instanceB)])
}, 120_000)

afterAll(async () => {
  const running = [instanceA, instanceB].filter((instance) => instance !== undefined)
  for (const instance of running) instance.process.kill('SIGTERM')
  const codes = await Promise.all(running.map((instance) => instance.exited))
  await database?.drop()
  for (const [index, code] of codes.entries())
    expect(code, `exit code of instance ${index}; output:\n${running[index]!.output.join('')}`).toBe(0)
})

async function startInstance(): Promise<Instance> {
  const port = await findFreePort()
  const origin = `http://localhost:${port}`
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      // Two instances side by side: the simulated clusters' Kubernetes API on a free port each.
      KUBE_API_PORT: '0',
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_DIR: path.join(os.tmpdir(), 'clusterdeck-test-data'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { origin, baseUrl, process: child, output, exited }
}

// A start on a busy machine can take a minute; the wait is for readiness, not a speed check.
async function waitUntilReady(instance: Instance, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null)
      throw new Error(`Instance ${instance.origin} exited early:\n${instance.output.join('')}`)
    const ready = await fetch(`${instance.baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Instance ${instance.origin} was not ready in time:\n${instance.output.join('')}`)
}

function postJson(instance: Instance, url: string, body: object, cookie?: string) {
  return fetch(`${instance.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: instance.origin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

describe('two server processes on one database', () => {
  it('delivers a notification created through instance A to a socket on instance B', async () => {
    const login = await postJson(instanceB, '/api/login', { username: 'admin', password: DEMO_PASSWORD })
    expect(login.status).toBe(200)
    const admin = (await login.json()) as { id: string; username: string }
    expect(admin.username).toBe('admin')
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .join('; ')
    expect(cookie).toMatch(/^cd_session=/)

    const socket = await openSocket(`${instanceB.baseUrl.replace(/^http/, 'ws')}/ws`, {
      cookie,
      origin: instanceB.origin,
    })
    try {
      const registered = await postJson(instanceA, '/api/register', {
        username: 'cross.instance',
        email: 'cross.instance@example.com',
        name: 'Casey Cross',
        password: 'a-long-unusual-passphrase-42',
        joining: true,
        companyId: 'CD-DEMO-001',
      })
      expect(registered.status).toBe(200)

      const received = parseMessage(
        await socket.waitFor((message) => parseMessage(message)?.type === 'notification', 5_000),
      )
      expect(received).toMatchObject({
        type: 'notification',
        userId: admin.id,
        notificationType: 'info',
        title: 'New registration',
        message: 'Casey Cross (cross.instance@example.com) asks to join Demo Company.',
        link: '/admin/pending-registrations',
        read: false,
        trash: false,
      })

      // The same notification is what the admin's list on instance B shows.
      const list = await fetch(`${instanceB.baseUrl}/api/notifications`, { headers: { cookie } })
      expect(((await list.json()) as { id: string }[]).map((item) => item.id)).toContain(received!.id)
    } finally {
      await socket.close()
    }
  })
})

/** Revocation must not wait for a cache: instance B refuses what instance A ended within this. */
const REVOCATION_DEADLINE_MS = 100

async function signIn(instance: Instance, username: string): Promise<string> {
  const login = await postJson(instance, '/api/login', { username, password: DEMO_PASSWORD })
  expect(login.status).toBe(200)
  return login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ')
}

const userStatus = async (instance: Instance, cookie: string) =>
  (await fetch(`${instance.baseUrl}/api/user`, { headers: { cookie } })).status

/** Signed in on B, read twice there so B holds the session in memory. */
async function warmOn(instance: Instance, cookie: string) {
  expect(await userStatus(instance, cookie)).toBe(200)
  expect(await userStatus(instance, cookie)).toBe(200)
}

/** Milliseconds from `since` until `instance` answers 401 for the cookie (polled back to back). */
async function refusedAfter(instance: Instance, cookie: string, since: number): Promise<number> {
  while (performance.now() - since < 5_000) {
    if ((await userStatus(instance, cookie)) === 401) return performance.now() - since
  }
  throw new Error('the session was still accepted 5 s after it ended')
}

async function memberId(adminCookie: string, username: string): Promise<string> {
  const response = await fetch(`${instanceA.baseUrl}/api/organization/members`, {
    headers: { cookie: adminCookie },
  })
  const { items } = (await response.json()) as { items: { id: string; username: string }[] }
  return items.find((member) => member.username === username)!.id
}

describe('a session ended through instance A', () => {
  it('is refused by instance B within 100 ms after a logout', async () => {
    const cookie = await signIn(instanceA, 'demo')
    await warmOn(instanceB, cookie)
    const logout = await postJson(instanceA, '/api/logout', {}, cookie)
    expect(logout.status).toBe(200)
    expect(await refusedAfter(instanceB, cookie, performance.now())).toBeLessThan(REVOCATION_DEADLINE_MS)
  })

  it('is refused by instance B within 100 ms after a role change', async () => {
    const admin = await signIn(instanceA, 'admin')
    const member = await signIn(instanceB, 'newcomer')
    await warmOn(instanceB, member)
    const response = await fetch(
      `${instanceA.baseUrl}/api/organization/members/${await memberId(admin, 'newcomer')}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: instanceA.origin, cookie: admin },
        body: JSON.stringify({ role: 'admin' }),
      },
    )
    expect(response.status).toBe(200)
    expect(await refusedAfter(instanceB, member, performance.now())).toBeLessThan(REVOCATION_DEADLINE_MS)
  })

  it('is refused by instance B within 100 ms after a deactivation', async () => {
    const admin = await signIn(instanceA, 'admin')
    const member = await signIn(instanceB, 'demo')
    await warmOn(instanceB, member)
    const id = await memberId(admin, 'demo')
    const response = await postJson(instanceA, `/api/organization/members/${id}/deactivate`, {}, admin)
    expect(response.status).toBe(200)
    expect(await refusedAfter(instanceB, member, performance.now())).toBeLessThan(REVOCATION_DEADLINE_MS)
    // Nor can the member come back in through B.
    const again = await postJson(instanceB, '/api/login', { username: 'demo', password: DEMO_PASSWORD })
    expect(again.status).toBe(403)
  })
})
