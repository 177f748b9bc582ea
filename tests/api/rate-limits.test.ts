import { randomBytes } from 'node:crypto'
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoEmail } from '#common/demo-accounts.ts'
import { rateLimitBuckets } from '#server/db/schema/index.ts'
import { newRegistration, queuedMailCount } from '#tests/helpers/auth.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

const LIMIT = 3
const WINDOW_SECONDS = 900

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: String(LIMIT),
    RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  })
})
afterAll(() => server.close())

let nextAddress = 1
/** Every test gets its own client address, so the buckets of one never affect another. */
const newAddress = () => `203.0.113.${nextAddress++}`

function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return new TestClient(server.app).request({ method: 'POST', url, payload, remoteAddress, headers })
}

const unknownEmail = () => `nobody-${randomBytes(4).toString('hex')}@example.com`

/** The guessable routes, each with a body it accepts and the status that body gets. */
const limitedRoutes: [string, () => object, number][] = [
  ['/api/login', () => ({ username: 'no-such-user', password: 'wrong-password-x' }), 401],
  ['/api/register', () => newRegistration(), 200],
  ['/api/auth/resend-verification', () => ({ email: unknownEmail() }), 200],
  ['/api/auth/forgot-password', () => ({ email: unknownEmail() }), 200],
  ['/api/auth/magic-link', () => ({ email: unknownEmail() }), 200],
]

function expectRateLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(response.json()).toEqual({
    message: `Too many attempts. Please try again in ${WINDOW_SECONDS / 60} minute(s).`,
    code: 'RATE_LIMITED',
  })
  const retryAfter = response.headers['retry-after']
  expect(retryAfter).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThan(WINDOW_SECONDS - 10)
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS)
}

describe('per-IP rate limits', () => {
  it('answers the fourth POST from one IP with 429, counting each route on its own', async () => {
    const address = newAddress()
    // One address for all routes: a route still accepts it after another route refused it.
    for (const [url, body, status] of limitedRoutes) {
      for (let attempt = 1; attempt <= LIMIT; attempt++) {
        const response = await post(url, body(), address)
        expect(response.statusCode, `${url} #${attempt}: ${response.body}`).toBe(status)
        expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - attempt))
      }
      expectRateLimited(await post(url, body(), address))
    }
  })

  it('counts refused and invalid requests too', async () => {
    const address = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await post('/api/login', {}, address)).statusCode).toBe(400)
    }
    expectRateLimited(await post('/api/login', { username: 'demo', password: DEMO_PASSWORD }, address))
  })

  it('does not run a refused request', async () => {
    const address = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      await post('/api/auth/magic-link', { email: unknownEmail() }, address)
    }
    const login = await post('/api/login', { username: 'demo', password: DEMO_PASSWORD }, address)
    expect(login.statusCode).toBe(200)
    const refused = await post('/api/auth/magic-link', { email: demoEmail('officer') }, address)
    expectRateLimited(refused)
    expect(refused.cookies).toEqual([])
    expect(await queuedMailCount(server.db, demoEmail('officer'))).toBe(0)

    const registration = newRegistration()
    for (let attempt = 1; attempt <= LIMIT; attempt++) await post('/api/register', newRegistration(), address)
    expectRateLimited(await post('/api/register', registration, address))
    expect(await queuedMailCount(server.db, registration.email)).toBe(0)
  })

  it('keeps separate counts for separate addresses', async () => {
    const first = newAddress()
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      await post('/api/auth/forgot-password', { email: unknownEmail() }, first)
    }
    expectRateLimited(await post('/api/auth/forgot-password', { email: unknownEmail() }, first))
    const other = await post('/api/auth/forgot-password', { email: unknownEmail() }, newAddress())
    expect(other.statusCode).toBe(200)
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const address = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      await post('/api/auth/resend-verification', { email: unknownEmail() }, address)
    }
    expectRateLimited(
      await post('/api/auth/resend-verification', { email: unknownEmail() }, address, {
        'x-forwarded-for': '198.51.100.77',
      }),
    )
  })

  it('accepts requests again once the window has passed', async () => {
    const address = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      await post('/api/auth/magic-link', { email: unknownEmail() }, address)
    }
    expectRateLimited(await post('/api/auth/magic-link', { email: unknownEmail() }, address))
    // The counters live in PostgreSQL (shared by every instance): end this address's window there.
    const ended = await server.db
      .update(rateLimitBuckets)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimitBuckets.key, `%:${address}`))
      .returning()
    expect(ended.map((bucket) => bucket.key)).toEqual([`POST:/api/auth/magic-link:${address}`])
    const again = await post('/api/auth/magic-link', { email: unknownEmail() }, address)
    expect(again.statusCode).toBe(200)
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1))
  })

  it('also limits the second step of sign-in and the use of mail links', async () => {
    for (const [url, body] of [
      ['/api/login/mfa', { code: '123456' }],
      ['/api/auth/magic-link/verify', { token: randomBytes(32).toString('base64url') }],
      [
        '/api/auth/reset-password',
        { token: randomBytes(32).toString('base64url'), password: 'a-new-passphrase-1' },
      ],
    ] as const) {
      const address = newAddress()
      for (let attempt = 1; attempt <= LIMIT; attempt++) {
        const response = await post(url, body, address)
        expect(response.statusCode, url).not.toBe(429)
      }
      expectRateLimited(await post(url, body, address))
    }
  })

  it('leaves routes that cannot be guessed at unlimited', async () => {
    const address = newAddress()
    for (let attempt = 0; attempt <= LIMIT + 1; attempt++) {
      const response = await post('/api/logout', {}, address)
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })
})
