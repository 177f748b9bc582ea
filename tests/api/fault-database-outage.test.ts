import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { type EmbeddedPostgres, startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { httpRequest, isAnswer, type Outcome } from '#tests/helpers/http.ts'
import {
  cleanUpServers,
  createDataDir,
  sleep,
  startServerProcess,
  waitUntil,
} from '#tests/helpers/process.ts'

/**
 * Fault: PostgreSQL stops under traffic. Every request that needs it gets a 503 JSON answer
 * within 5 s (never a hang, a 500 or a dropped connection), and the server serves again by itself,
 * without a restart, once PostgreSQL is back on the same address.
 */

const LOOPS = 6
const MAX_ANSWER_MS = 5_000
const OUTAGE_MS = 4_000

let postgres: EmbeddedPostgres | undefined
afterAll(async () => {
  await cleanUpServers()
  await postgres?.stop()
}, 30_000)

type Sample = { phase: 'before' | 'outage' | 'after'; name: string; outcome: Outcome }

describe('PostgreSQL stopping under traffic', () => {
  it('answers 503 quickly while it is down and recovers by itself when it returns', async () => {
    const pgDataDir = path.join(createDataDir(), 'pg')
    postgres = await startEmbeddedPostgres({ dataDir: pgDataDir })
    const port = postgres.port
    const databaseUrl = await createDatabase(postgres.url, 'clusterdeck')
    const server = await startServerProcess(databaseUrl, { LOG_LEVEL: 'error', RATE_LIMIT_PER_IP: '100000' })
    const cookie = await signIn(server.baseUrl)

    const requests: Record<string, () => Promise<Outcome>> = {
      'GET /api/cluster-tiers': () => httpRequest(`${server.baseUrl}/api/cluster-tiers`),
      'GET /api/user': () => httpRequest(`${server.baseUrl}/api/user`, { headers: { cookie } }),
      'GET /api/notifications': () =>
        httpRequest(`${server.baseUrl}/api/notifications`, { headers: { cookie } }),
      'POST /api/login': () =>
        httpRequest(`${server.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
        }),
      'POST /api/notifications/mark-all-read': () =>
        httpRequest(`${server.baseUrl}/api/notifications/mark-all-read`, {
          method: 'POST',
          headers: { cookie },
        }),
    }
    const names = Object.keys(requests)

    let phase: Sample['phase'] = 'before'
    let running = true
    const samples: Sample[] = []
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      for (let turn = loop; running; turn++) {
        const name = names[turn % names.length]!
        const startedIn = phase
        const outcome = await requests[name]!()
        // A request that spans a change of phase may have met the outage.
        samples.push({ phase: startedIn === phase ? phase : 'outage', name, outcome })
        await sleep(20)
      }
    })

    await sleep(1_500)
    phase = 'outage'
    await postgres.stop()
    await sleep(OUTAGE_MS)
    const readyWhileDown = await httpRequest(`${server.baseUrl}/readyz`)

    postgres = await startEmbeddedPostgres({ dataDir: pgDataDir, port })
    phase = 'after'
    const recoveredAt = Date.now()
    await waitUntil(
      async () => {
        const answers = await Promise.all(names.map((name) => requests[name]!()))
        return answers.every((answer) => isAnswer(answer) && answer.status === 200)
      },
      { timeoutMs: 20_000, server, what: 'every route to answer 200 again' },
    )
    const recoveryMs = Date.now() - recoveredAt
    await sleep(1_000)
    running = false
    await Promise.all(loops)

    const summary = (sample: Sample) =>
      `${sample.phase} ${sample.name}: ${isAnswer(sample.outcome) ? sample.outcome.status : sample.outcome.error} in ${sample.outcome.ms} ms`
    // Before and after: served. During: served or 503 JSON with a message, never slow.
    expect(
      samples.filter((sample) => sample.phase === 'before' && !isOk(sample.outcome)).map(summary),
    ).toEqual([])
    const outage = samples.filter((sample) => sample.phase === 'outage')
    expect(
      outage.filter((sample) => !isOk(sample.outcome) && !isUnavailable(sample.outcome)).map(summary),
    ).toEqual([])
    expect(outage.filter((sample) => sample.outcome.ms > MAX_ANSWER_MS).map(summary)).toEqual([])
    expect(outage.filter((sample) => isUnavailable(sample.outcome)).length).toBeGreaterThan(LOOPS)
    expect(readyWhileDown).toMatchObject({ status: 503, body: JSON.stringify({ status: 'unavailable' }) })
    expect(recoveryMs).toBeLessThan(15_000)
    const lastAfter = samples.filter((sample) => sample.phase === 'after').slice(-LOOPS)
    expect(lastAfter.filter((sample) => !isOk(sample.outcome)).map(summary)).toEqual([])

    // The same process served throughout, and still stops cleanly.
    expect(server.child.exitCode).toBe(null)
    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
  }, 240_000)
})

function isOk(outcome: Outcome): boolean {
  return isAnswer(outcome) && outcome.status === 200
}

function isUnavailable(outcome: Outcome): boolean {
  if (!isAnswer(outcome) || outcome.status !== 503) return false
  if (!String(outcome.headers['content-type']).startsWith('application/json')) return false
  const body = JSON.parse(outcome.body) as { message?: unknown; code?: unknown }
  return (
    typeof body.message === 'string' &&
    body.code === 'UNAVAILABLE' &&
    outcome.headers['retry-after'] !== undefined
  )
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function signIn(baseUrl: string): Promise<string> {
  const login = await httpRequest(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
  })
  if (!isAnswer(login) || login.status !== 200) throw new Error(`Sign-in failed: ${JSON.stringify(login)}`)
  const setCookie = [login.headers['set-cookie'] ?? []].flat()[0]!
  return setCookie.split(';')[0]!
}
