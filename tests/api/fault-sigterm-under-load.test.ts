import http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { heldRequest, httpRequest, isAnswer, type Outcome } from '#tests/helpers/http.ts'
import { cleanUpServers, sleep, startServerProcess, waitUntil } from '#tests/helpers/process.ts'
import { createTestDatabase } from '#tests/helpers/server.ts'

/**
 * Fault: SIGTERM while the server is under load. The requests it is working on finish with their
 * normal answers, it takes no new work once the drain has begun (a new connection is refused or
 * told 503), nothing is cut off half-way, and it exits 0.
 */

const FRESH_CONNECTION_LOOPS = 8
const KEEP_ALIVE_LOOPS = 4
const HELD_REQUESTS = 12
/** Past the log line that announces the drain, the server must have stopped taking new work. */
const DRAIN_SETTLED_MS = 250

const database = await createTestDatabase()
afterAll(async () => {
  await cleanUpServers()
  await database.drop()
}, 30_000)

type Sample = { name: string; startedAt: number; freshConnection: boolean; outcome: Outcome }

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, takes no new ones and exits 0', async () => {
    const server = await startServerProcess(database.url, {
      // At debug the server logs each request's arrival: the held ones are seen in flight.
      LOG_LEVEL: 'debug',
      RATE_LIMIT_PER_IP: '100000',
      LOGIN_MAX_FAILURES: '100000',
    })
    const login = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
    }
    const signedIn = await httpRequest(`${server.baseUrl}/api/login`, login)
    const cookie = isAnswer(signedIn) ? String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]! : ''
    expect(cookie).toMatch(/^cd_session=/)

    // Load: reads, a write and password sign-ins (hashing keeps them in the handler a while).
    const calls: [string, Parameters<typeof httpRequest>[1]][] = [
      ['/api/cluster-tiers', {}],
      ['/api/user', { headers: { cookie } }],
      ['/api/notifications', { headers: { cookie } }],
      ['/api/notifications/mark-all-read', { method: 'POST', headers: { cookie } }],
      ['/api/login', login],
    ]
    const keepAlive = new http.Agent({ keepAlive: true })
    const samples: Sample[] = []
    let running = true
    const loop = async (index: number, freshConnection: boolean) => {
      for (let turn = index; running; turn++) {
        const [path, options] = calls[turn % calls.length]!
        const startedAt = Date.now()
        const outcome = await httpRequest(`${server.baseUrl}${path}`, {
          ...options,
          agent: freshConnection ? false : keepAlive,
          timeoutMs: 10_000,
        })
        samples.push({ name: path, startedAt, freshConnection, outcome })
        // A refused request comes back at once: pause rather than spin.
        if (!isAnswer(outcome)) await sleep(50)
      }
    }
    const loops = [
      ...Array.from({ length: FRESH_CONNECTION_LOOPS }, (_, index) => loop(index, true)),
      ...Array.from({ length: KEEP_ALIVE_LOOPS }, (_, index) => loop(index, false)),
    ]
    await sleep(1_500)

    // Sign-ins whose bodies are half sent, in flight when the signal comes: the server has logged them.
    const held = Array.from({ length: HELD_REQUESTS }, (_, index) =>
      heldRequest(`${server.baseUrl}/api/login?held=${index}`, login),
    )
    await waitUntil(
      async () => (server.stdout().match(/"url":"\/api\/login\?held=\d+"/g) ?? []).length === HELD_REQUESTS,
      {
        timeoutMs: 10_000,
        server,
        what: 'the server to receive the held requests',
      },
    )
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await waitUntil(async () => server.stdout().includes('shutting down'), {
      timeoutMs: 5_000,
      what: 'the shutdown to begin',
    })
    const drainingSince = Date.now()
    await sleep(DRAIN_SETTLED_MS)

    // New work is refused while the held requests keep the drain going.
    const probes = await Promise.all(
      Array.from({ length: 5 }, () =>
        httpRequest(`${server.baseUrl}/api/cluster-tiers`, { timeoutMs: 5_000 }),
      ),
    )
    const answers = await Promise.all(held.map((request) => request.finish()))
    const exit = await Promise.race([server.exited, sleep(12_000).then(() => 'timed out' as const)])
    const exitedAfterMs = Date.now() - signalledAt
    running = false
    await Promise.all(loops)
    keepAlive.destroy()

    const shown = (outcome: Outcome) => (isAnswer(outcome) ? `${outcome.status}` : outcome.error)
    expect(probes.map(shown).filter((outcome) => outcome !== 'ECONNREFUSED' && outcome !== '503')).toEqual([])
    expect(answers.map(shown)).toEqual(held.map(() => '200'))
    for (const answer of answers)
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ username: 'demo' })
    expect(exit).toEqual({ code: 0, signal: null })
    expect(exitedAfterMs).toBeLessThan(9_000)
    expect(server.stdout()).not.toContain('shutdown took too long')

    const describeSample = (sample: Sample) =>
      `${sample.name} ${sample.freshConnection ? 'new' : 'kept'} connection at ${sample.startedAt - signalledAt} ms: ${shown(sample.outcome)}`
    const before = samples.filter((sample) => sample.startedAt < signalledAt - 1_000)
    expect(before.length).toBeGreaterThan(20)
    expect(before.filter((sample) => shown(sample.outcome) !== '200').map(describeSample)).toEqual([])
    // Nothing is cut off half-way or left hanging, and the only 5xx is the 503 of a closing server.
    expect(
      samples
        .filter((sample) =>
          isAnswer(sample.outcome)
            ? sample.outcome.status >= 500 && sample.outcome.status !== 503
            : ['INCOMPLETE_BODY', 'TIMEOUT'].includes(sample.outcome.error),
        )
        .map(describeSample),
    ).toEqual([])
    // Once the drain has settled, no request is served any more.
    expect(
      samples
        .filter(
          (sample) =>
            sample.startedAt > drainingSince + DRAIN_SETTLED_MS &&
            isAnswer(sample.outcome) &&
            sample.outcome.status < 500,
        )
        .map(describeSample),
    ).toEqual([])
  }, 90_000)
})
