import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointAt } from '#common/contract/index.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from '#common/demo-accounts.ts'
import { clusters, orders, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import { newRegistration } from '#tests/helpers/auth.ts'
import { APP_ORIGIN, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'
import {
  describeFailure,
  type FuzzHints,
  type FuzzReport,
  type FuzzRequest,
  type FuzzResponse,
  formatReport,
  fuzzRequests,
  mergeReports,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  runFuzz,
} from './fuzz.ts'

/**
 * Fuzzes every operation of the OpenAPI document, signed out and signed in as `demo`, and checks
 * that the document covers every route. `npm test` runs a fixed seed with a few hundred requests;
 * `npm run fuzz` (FUZZ_RUNS=10000) runs many more in concurrent lanes with a random seed and prints
 * the count of each status; FUZZ_SEED=<the printed seed> sends the same requests again.
 */

const FUZZ_MODE = process.env.FUZZ_RUNS !== undefined
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 400)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : FUZZ_MODE
    ? randomBytes(4).readUInt32BE() >>> 1
    : 20_260_501
const FUZZ_LANES = 4
/** Generous: sign-ins and registrations hash passwords, and the machine may be busy. */
const RUN_TIMEOUT_MS = Math.max(60_000, TOTAL_RUNS * 60)

/** Routes kept out of the document on purpose; any other hidden route would escape the fuzzer. */
const HIDDEN_ROUTES = ['GET /ws', 'GET /dev/mailbox']
/** State-changing operations that take no body; every other one must document its body. */
const BODYLESS_OPERATIONS = [
  'POST /api/clusters/{id}/credentials/exec',
  'POST /api/logout',
  'POST /api/notifications/mark-all-read',
  'PUT /api/notifications/{id}/read',
  'PUT /api/notifications/{id}/trash',
  'POST /api/orders/{id}/cancel',
  'POST /api/clusters/{id}/credentials/rotate',
  'POST /api/clusters/{id}/hibernate',
  'POST /api/clusters/{id}/wake',
  'POST /api/clusters/{id}/retry',
  'DELETE /api/cluster-templates/{id}',
  'DELETE /api/billing/budget-alerts/{id}',
  'POST /api/custom-solutions/{id}/quotes/{quoteId}/accept',
  'POST /api/support/tickets/{id}/resolve',
  'POST /api/support/tickets/{id}/close',
  'POST /api/support/tickets/{id}/reopen',
  'POST /api/installations/{id}/rollback',
  'POST /api/installations/{id}/retry',
  'POST /api/installations/{id}/credentials/rotate',
  'POST /api/billing/invoices/{id}/checkout',
  'POST /api/billing/payment-methods/checkout',
  'POST /api/billing/payment-methods/{id}/default',
  'DELETE /api/billing/payment-methods/{id}',
  'POST /api/organization/members/{id}/deactivate',
  'POST /api/organization/members/{id}/reactivate',
  'DELETE /api/organization/members/{id}',
  'POST /api/organization/invitations/{id}/resend',
  'DELETE /api/organization/invitations/{id}',
  'DELETE /api/user/sessions/{id}',
  'POST /api/user/sessions/revoke-others',
  'POST /api/auth/passkeys/options',
  'DELETE /api/auth/passkeys/{id}',
  'POST /api/login/passkey/options',
  'DELETE /api/user/tokens/{id}',
  'DELETE /api/user/cluster-credentials/{id}',
  'POST /api/user/gdpr/export',
  'POST /api/officers/gdpr-requests/{id}/approve',
  // Stripe's signed event: the raw body is what the signature covers, read before any schema.
  'POST /api/billing/stripe-webhook',
]
const SERVER_PREFIXES = ['/api/', '/dev/', '/ws', '/healthz', '/readyz']

/** Seeded into another organization's rows: no answer to the fuzzing callers may contain it. */
const OTHER_ORGANIZATION_MARKER = `other-organization-secret-${randomBytes(8).toString('hex')}`

let server: TestServer
let document: OpenApiDocument
let operations: Operation[]
let hints: FuzzHints
const reports: FuzzReport[] = []

beforeAll(async () => {
  // Card payments configured (against a closed port): the webhook then checks its signature.
  server = await startTestServer({
    ...LOOPBACK_LIMITS,
    STRIPE_SECRET_KEY: 'sk_test_fuzz',
    STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  })
  document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  operations = operationsOf(document)

  const other = await seedAnotherOrganization()
  const demoId = (await userNamed('demo')).id
  const demoNotifications = await Promise.all(
    ['First notification of demo', 'Second notification of demo'].map((message) =>
      inTransaction(server.db, (uow) => createNotification(uow, { userId: demoId, type: 'info', message })),
    ),
  )
  hints = {
    ids: [other.notificationId, ...demoNotifications.map((notification) => notification.id)],
    values: {
      username: DEMO_ACCOUNTS.map((account) => account.username),
      email: DEMO_ACCOUNTS.map((account) => demoEmail(account.username)),
      password: [DEMO_PASSWORD],
    },
    origin: APP_ORIGIN,
  }
})

afterAll(async () => {
  if (FUZZ_MODE && reports.length > 0) console.log(`In all: ${formatReport(mergeReports(reports))}`)
  await server?.close()
})

describe('the OpenAPI document', () => {
  it('lists every route the server registers, apart from the few hidden on purpose', () => {
    const documented = operations.map((operation) => `${operation.method} ${operation.path}`)
    const missing = server.app.registeredRoutes
      .filter(
        (route) => route.method !== 'HEAD' && SERVER_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
      )
      // The development helpers the contract declares internal are kept out on purpose.
      .filter((route) => !endpointAt(route.method, route.url)?.internal)
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !documented.includes(route) && !HIDDEN_ROUTES.includes(route))
    expect(missing, 'routes the fuzzer cannot see').toEqual([])
  })

  it('gives every operation its path parameters, its body and a success response with a schema', () => {
    const problems: string[] = []
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`
        const responses = Object.entries(operation.responses ?? {})
        const success = responses.filter(([status]) => Number(status) >= 200 && Number(status) < 400)
        // A success answer says what it is: JSON with its schema, a file in its media type, or none (204, a redirect).
        if (
          !success.some(
            ([status, response]) =>
              Number(status) === 204 ||
              Number(status) >= 300 ||
              Object.values(response.content ?? {}).some((content) => content.schema),
          )
        )
          problems.push(`${name}: no success response schema`)
        // Outside /api/ the probes answer in their own shape (/readyz: `{ status }` with its 503).
        const errors = path.startsWith('/api/') ? responses.filter(([status]) => Number(status) >= 400) : []
        for (const [status, response] of errors) {
          const schema = resolved(response.content?.['application/json']?.schema)
          if (!schema?.required?.includes('message'))
            problems.push(`${name}: ${status} is not the error shape`)
        }
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
        for (const [, parameter] of path.matchAll(/\{(\w+)\}/g)) {
          if (!declared.some((candidate) => candidate.name === parameter && candidate.schema))
            problems.push(`${name}: path parameter ${parameter} has no schema`)
        }
        const takesBody = method !== 'get' && method !== 'head'
        if (takesBody && !operation.requestBody && !BODYLESS_OPERATIONS.includes(name))
          problems.push(`${name}: no body schema (or add it to BODYLESS_OPERATIONS)`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('fuzzing every operation', () => {
  it(
    'signed out: no 5xx, JSON errors with a message, no stack trace, no other organization data',
    async () => {
      const report = await fuzz(() => (request) => send(request, {}), Math.ceil(TOTAL_RUNS / 2))
      expect(report.failures.map(describeFailure), formatReport(report)).toEqual([])
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'signed in as demo: the same, and the account still signs in afterwards',
    async () => {
      const report = await fuzz(
        () => {
          const demo = new DemoSession()
          return (request) => demo.send(request)
        },
        Math.floor(TOTAL_RUNS / 2),
      )
      expect(report.failures.map(describeFailure), formatReport(report)).toEqual([])
      const login = await new TestClient(server.app).post('/api/login', {
        username: 'demo',
        password: DEMO_PASSWORD,
      })
      expect(login.statusCode, login.body).toBe(200)
    },
    RUN_TIMEOUT_MS,
  )
})

/**
 * Runs the requests in lanes, each with its own seed and caller (`npm run fuzz` uses several at
 * once to keep the machine busy); `npm test` uses one, so its fixed seed always sends the same.
 */
async function fuzz(newCaller: () => (request: FuzzRequest) => Promise<FuzzResponse>, numRuns: number) {
  const lanes = FUZZ_MODE ? FUZZ_LANES : 1
  const laneReports = await Promise.all(
    Array.from({ length: lanes }, (_, lane) =>
      runFuzz({
        requests: fuzzRequests(operations, hints),
        send: newCaller(),
        seed: SEED + reports.length * lanes + lane,
        numRuns: Math.ceil(numRuns / lanes),
        secrets: [OTHER_ORGANIZATION_MARKER],
      }),
    ),
  )
  const report = mergeReports(laneReports)
  reports.push(report)
  if (FUZZ_MODE) console.log(formatReport(report))
  return report
}

async function send(request: FuzzRequest, extraHeaders: Record<string, string>): Promise<FuzzResponse> {
  const response = await server.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: { ...extraHeaders, ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
  return { statusCode: response.statusCode, headers: response.headers, body: response.body }
}

/**
 * The demo user's session. A request that ends or replaces it (logout, signing in as someone
 * else) is followed by a fresh sign-in as demo, so every request is made as demo.
 */
class DemoSession {
  private token: string | undefined

  async send(request: FuzzRequest): Promise<FuzzResponse> {
    this.token ??= await signIn()
    // A hostile request may bring its own cookie header; it then replaces the session's.
    const response = await send(request, { cookie: `cd_session=${this.token}` })
    if (response.headers['set-cookie'] !== undefined) this.token = undefined
    return response
  }
}

async function signIn(): Promise<string> {
  const client = new TestClient(server.app)
  const response = await client.post('/api/login', { username: 'demo', password: DEMO_PASSWORD })
  expect(response.statusCode, response.body).toBe(200)
  return client.cookie('cd_session')!
}

async function userNamed(username: string) {
  const [row] = await server.db.select().from(users).where(eq(users.username, username))
  return row!
}

/** A customer of another organization, whose notification, cluster and order carry the marker. */
async function seedAnotherOrganization() {
  const registration = newRegistration()
  const registered = await new TestClient(server.app).post('/api/register', registration)
  expect(registered.statusCode, registered.body).toBe(200)
  const user = await userNamed(registration.username)
  const notification = await inTransaction(server.db, (uow) =>
    createNotification(uow, {
      userId: user.id,
      type: 'warning',
      title: OTHER_ORGANIZATION_MARKER,
      message: `Your cluster ${OTHER_ORGANIZATION_MARKER} is ready`,
      link: `/clusters/${OTHER_ORGANIZATION_MARKER}`,
    }),
  )
  await server.db
    .insert(clusters)
    .values({ organizationId: user.organizationId, name: OTHER_ORGANIZATION_MARKER, status: 'running' })
  await server.db.insert(orders).values({
    organizationId: user.organizationId,
    createdBy: user.id,
    reference: OTHER_ORGANIZATION_MARKER,
    status: 'confirmed',
    totalCents: 12_345,
  })
  return { notificationId: notification.id }
}

/** A schema of the document, its `$ref` to a component followed. */
function resolved(schema: { $ref?: string; required?: string[] } | undefined) {
  const name = schema?.$ref?.replace('#/components/schemas/', '')
  return name ? (document.components?.schemas?.[name] as { required?: string[] } | undefined) : schema
}
