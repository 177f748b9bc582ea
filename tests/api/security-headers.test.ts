import { existsSync } from 'node:fs'
import path from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { containsStackTrace } from '#tests/helpers/stack-trace.ts'

/**
 * The security headers on every kind of answer (success, page, redirect, each error status), HSTS
 * in production only, and error bodies that are `{ message, code? }` without a trace of the
 * server's internals.
 */
const RATE_LIMIT = 3
let development: TestServer
let production: TestServer
beforeAll(async () => {
  ;[development, production] = await Promise.all([
    startTestServer({ RATE_LIMIT_PER_IP: String(RATE_LIMIT) }),
    startTestServer({ NODE_ENV: 'production', RATE_LIMIT_PER_IP: String(RATE_LIMIT) }),
  ])
})
afterAll(async () => {
  await Promise.all([development?.close(), production?.close()])
})

/**
 * One request of every kind of answer the app gives (on routes without a rate limit, which counts
 * every attempt); `production` drops the development-only ones.
 */
function requestsFor(environment: 'development' | 'production'): [string, InjectOptions, number][] {
  const json = { 'content-type': 'application/json' }
  return [
    ['a JSON success', { method: 'GET', url: '/api/cluster-tiers' }, 200],
    ['a redirect', { method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token-0123456789' }, 303],
    ['a validation error', { method: 'POST', url: '/api/login', payload: { username: 42 } }, 400],
    ['malformed JSON', { method: 'POST', url: '/api/auth/mfa/setup', payload: '{"a":', headers: json }, 400],
    ['a 401', { method: 'GET', url: '/api/user' }, 401],
    [
      'a cross-origin refusal',
      { method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } },
      403,
    ],
    ['an unknown API path', { method: 'GET', url: '/api/no-such-thing' }, 404],
    [
      'a body over the limit',
      { method: 'POST', url: '/api/auth/mfa/setup', payload: 'x'.repeat(1024 * 1024 + 1), headers: json },
      413,
    ],
    [
      'an unsupported content type',
      {
        method: 'POST',
        url: '/api/auth/mfa/setup',
        payload: '<a/>',
        headers: { 'content-type': 'application/xml' },
      },
      415,
    ],
    ...(environment === 'development'
      ? ([['an HTML page', { method: 'GET', url: '/dev/mailbox' }, 200]] as [string, InjectOptions, number][])
      : []),
  ]
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'])
  const directives = new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values] as const
    }),
  )
  expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  if (String(response.headers['content-type']).startsWith('text/html')) {
    expect(directives.get('script-src')).toBeDefined()
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'")
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'")
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expectOwnSocketOnly(directives.get('connect-src'))
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  } else {
    // Data, never a document: nothing may load from it at all.
    expect(directives.get('default-src')).toEqual(["'none'"])
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
    // What only a document uses is left out of data.
    expect(response.headers['referrer-policy']).toBeUndefined()
    expect(directives.has('upgrade-insecure-requests')).toBe(false)
  }
  expect(response.headers['x-content-type-options']).toBe('nosniff')
}

/** The app's origins (APP_URL, and outside production the same port on 127.0.0.1) as sockets. */
const OWN_SOCKETS = ['ws://localhost:3000', 'ws://127.0.0.1:3000']

/** connect-src: our own origin and its socket; never `ws:`/`wss:`, which allow any host (CSP). */
function expectOwnSocketOnly(connectSources: readonly string[] | undefined) {
  expect(connectSources?.[0]).toBe("'self'")
  expect(connectSources).not.toContain('ws:')
  expect(connectSources).not.toContain('wss:')
  for (const source of connectSources?.slice(1) ?? []) expect(OWN_SOCKETS).toContain(source)
}

/** `{ message, code? }`, plus `issues` on validation errors only, and nothing from the internals. */
function expectErrorBody(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json() as Record<string, unknown>
  const allowed = response.statusCode === 400 && body.code === 'VALIDATION_FAILED' ? ['issues'] : []
  expect(Object.keys(body).filter((key) => !['message', 'code', ...allowed].includes(key))).toEqual([])
  expect(typeof body.message).toBe('string')
  if ('code' in body) expect(typeof body.code).toBe('string')
  if ('issues' in body) expect(Array.isArray(body.issues)).toBe(true)
}

describe.each(['development', 'production'] as const)('in %s', (environment) => {
  const server = () => (environment === 'production' ? production : development)

  it.each(requestsFor(environment))('%s carries the security headers', async (_kind, request, status) => {
    const response = await new TestClient(server().app).request(request)
    expect(response.statusCode).toBe(status)
    expectSecurityHeaders(response)
    expect(containsStackTrace(response.body)).toBe(false)
    if (status >= 400) expectErrorBody(response)
  })

  it.each([
    ['a page', '/'],
    ['an API answer', '/api/cluster-tiers'],
  ])('sends HSTS for a year with %s in production only', async (_kind, url) => {
    const response = await server().app.inject({ method: 'GET', url })
    if (environment === 'production') {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } else {
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('asks a page to upgrade its insecure requests in production only', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/' })
    if (environment === 'production') {
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
    } else {
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    }
  })

  it("lets a page open only the app's own socket, not a WebSocket to any host (CSP)", async () => {
    const response = await server().app.inject({ method: 'GET', url: '/dev/no-such-page' })
    const policy = String(response.headers['content-security-policy'])
    const connect = policy.split(';').find((directive) => directive.startsWith('connect-src '))
    expect(connect).toBe(
      environment === 'production'
        ? "connect-src 'self' ws://localhost:3000"
        : "connect-src 'self' ws://localhost:3000 ws://127.0.0.1:3000",
    )
  })

  it('keeps the development pages out of production', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(environment === 'production' ? 404 : 200)
  })

  it('answers a rate-limited caller with 429, Retry-After and an error body', async () => {
    const client = new TestClient(server().app)
    let response: LightMyRequestResponse | undefined
    for (let attempt = 0; attempt <= RATE_LIMIT; attempt++) {
      response = await client.post('/api/auth/forgot-password', { email: 'nobody@example.com' })
    }
    expect(response!.statusCode).toBe(429)
    expect(Number(response!.headers['retry-after'])).toBeGreaterThan(0)
    expectSecurityHeaders(response!)
    expectErrorBody(response!)
    expect(response!.json().code).toBe('RATE_LIMITED')
  })

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const failure = new Error('relation "secret_table" does not exist')
    failure.stack = `${failure.message}\n    at query (/work/main/node_modules/pg/lib/client.js:1:1)`
    const query = vi.spyOn(server().db.$client, 'query').mockRejectedValueOnce(failure as never)
    const response = await server().app.inject({ method: 'GET', url: '/api/catalog' })
    query.mockRestore()
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: 'Internal server error' })
    expect(response.body).not.toContain('secret_table')
    expectSecurityHeaders(response)
  })

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const query = vi.spyOn(server().db.$client, 'query').mockRejectedValueOnce(refused as never)
    const response = await server().app.inject({ method: 'GET', url: '/api/catalog' })
    query.mockRestore()
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({
      message: 'Service temporarily unavailable, please retry shortly',
      code: 'UNAVAILABLE',
    })
    expect(response.body).not.toContain('5432')
  })
})

// The built web app's pages get their own policy (hashes of their inline scripts) from web-app.ts.
describe.skipIf(!existsSync(path.resolve('build/client')))('pages of the built web app', () => {
  it.each([
    ['/', 200],
    ['/auth', 200],
    ['/dashboard', 200],
    // The not-found page: the app, answered 404.
    ['/no-such-page', 404],
    ['/login', 404],
  ])('%s carries the security headers', async (url, status) => {
    const response = await development.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expectSecurityHeaders(response)
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })
})

describe('session cookie', () => {
  it('is __Host- prefixed, Secure, HttpOnly and SameSite=Lax in production', async () => {
    // No account is seeded in production: the cookie that logout clears shows the attributes.
    const logout = await production.app.inject({ method: 'POST', url: '/api/logout' })
    const cookie = logout.cookies.find((candidate) => candidate.name.endsWith('cd_session'))
    expect(cookie).toMatchObject({
      name: '__Host-cd_session',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    })
  })
})

// Fastify answers a malformed URL escape or an over-long path parameter itself, before any hook;
// app.ts's `frameworkErrors` gives those answers our body and the security headers.
describe('errors Fastify raises before routing', () => {
  it.each([
    ['a malformed URL escape', '/api/notifications/%E0%A4%A/read'],
    ['an over-long path parameter', `/api/notifications/${'x'.repeat(150)}/read`],
  ])('%s gets the security headers and a { message, code? } body', async (_kind, url) => {
    const response = await development.app.inject({ method: 'PUT', url })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expectErrorBody(response)
    expectSecurityHeaders(response)
  })
})
