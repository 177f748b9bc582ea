import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { clusters, users } from '#server/db/schema/index.ts'
import { poolExecutor } from '#server/db/transaction.ts'
import { createSession } from '#server/modules/auth/sessions.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import { newRegistration } from '#tests/helpers/auth.ts'
import { APP_ORIGIN, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * The authorization matrix: every API route × every kind of caller, with the status each must
 * get, run against the real server and database. A route the server registers without a row here
 * fails the meta-test, so no route escapes. Rows owned by one user or organization are tried by
 * the others, who must get 404 (never the row).
 */

const CALLERS = ['visitor', 'user', 'otherOrganization', 'officer', 'admin', 'superAdmin'] as const
type Caller = (typeof CALLERS)[number]
type Expected = Record<Caller, number>

type Fixtures = { demoNotificationId: string; demoUserId: string }
type Row = {
  method: string
  url: string
  request: (fixtures: Fixtures) => Omit<InjectOptions, 'method'>
  expected: Expected
  /** Extra checks on the body, e.g. that another organization sees none of this one's data. */
  check?: (caller: Caller, response: LightMyRequestResponse) => void
}

const everyone = (status: number): Expected =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expected
const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 })
/** Only the owner of the row (the demo user) may touch it; everyone else gets 404. */
const ownerOnly = (status: number): Expected => ({ ...everyone(404), visitor: 401, user: status })

const json = (payload: object) => ({ payload, headers: { 'content-type': 'application/json' } })
const badToken = 'x'.repeat(43)
/** The public lead forms are sent by anyone; each caller's submission is a person of its own. */
let matrixLeadCount = 0
const matrixLead = () => ({ name: 'Matrix Lead', email: `matrix-lead-${++matrixLeadCount}@example.com` })
const MATRIX_MESSAGE = 'A message long enough for the lead forms.'

const MATRIX: Row[] = [
  { method: 'GET', url: '/healthz', request: () => ({ url: '/healthz' }), expected: everyone(200) },
  { method: 'GET', url: '/readyz', request: () => ({ url: '/readyz' }), expected: everyone(200) },
  {
    method: 'GET',
    url: '/api/openapi.json',
    request: () => ({ url: '/api/openapi.json' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/version/summary',
    request: () => ({ url: '/api/version/summary' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/cluster-tiers',
    request: () => ({ url: '/api/cluster-tiers' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/api/catalog', request: () => ({ url: '/api/catalog' }), expected: everyone(200) },
  { method: 'GET', url: '/api/rates', request: () => ({ url: '/api/rates' }), expected: everyone(200) },
  { method: 'GET', url: '/api/user', request: () => ({ url: '/api/user' }), expected: signedIn(200) },
  {
    method: 'POST',
    url: '/api/login',
    request: () => ({ url: '/api/login', ...json({ username: 'demo', password: 'not-the-password' }) }),
    expected: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/login/mfa',
    request: () => ({ url: '/api/login/mfa', ...json({ code: '123456' }) }),
    expected: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/register',
    request: () => ({ url: '/api/register', ...json({ username: 'x' }) }),
    expected: everyone(400),
  },
  { method: 'POST', url: '/api/logout', request: () => ({ url: '/api/logout' }), expected: everyone(200) },
  {
    method: 'POST',
    url: '/api/auth/resend-verification',
    request: () => ({ url: '/api/auth/resend-verification', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/auth/verify-email',
    request: () => ({ url: `/api/auth/verify-email?token=${badToken}` }),
    expected: everyone(303),
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    request: () => ({ url: '/api/auth/forgot-password', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    request: () => ({
      url: '/api/auth/reset-password',
      ...json({ token: badToken, password: 'a-long-new-passphrase' }),
    }),
    expected: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/auth/magic-link',
    request: () => ({ url: '/api/auth/magic-link', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/auth/magic-link/verify',
    request: () => ({ url: '/api/auth/magic-link/verify', ...json({ token: badToken }) }),
    expected: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/setup',
    request: () => ({ url: '/api/auth/mfa/setup', ...json({ password: 'not-the-password' }) }),
    expected: signedIn(401),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/enable',
    request: () => ({ url: '/api/auth/mfa/enable', ...json({ code: '123456' }) }),
    expected: signedIn(400),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/disable',
    request: () => ({ url: '/api/auth/mfa/disable', ...json({ password: DEMO_PASSWORD, code: '123456' }) }),
    expected: signedIn(409),
  },
  {
    method: 'POST',
    url: '/api/dev-login',
    request: () => ({ url: '/api/dev-login', ...json({ username: 'demo' }) }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/dev/mailbox',
    request: () => ({ url: '/api/dev/mailbox' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/dev/mailbox', request: () => ({ url: '/dev/mailbox' }), expected: everyone(200) },
  {
    method: 'GET',
    url: '/api/notifications',
    request: () => ({ url: '/api/notifications' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      const ids = (response.json() as { message: string }[]).map((notification) => notification.message)
      expect(
        ids.includes('Matrix notification of the demo user'),
        `${caller} sees only their own notifications`,
      ).toBe(caller === 'user')
    },
  },
  {
    method: 'GET',
    url: '/api/notifications/count',
    request: () => ({ url: '/api/notifications/count' }),
    expected: signedIn(200),
  },
  {
    method: 'PUT',
    url: '/api/notifications/:id/read',
    request: ({ demoNotificationId }) => ({ url: `/api/notifications/${demoNotificationId}/read` }),
    expected: ownerOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/notifications/:id/trash',
    request: ({ demoNotificationId }) => ({ url: `/api/notifications/${demoNotificationId}/trash` }),
    // Runs once per caller in order; the owner's call trashes it, so it is last among the callers.
    expected: ownerOnly(200),
  },
  {
    method: 'POST',
    url: '/api/notifications/mark-all-read',
    request: () => ({ url: '/api/notifications/mark-all-read' }),
    expected: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/officers/check-access',
    request: () => ({ url: '/api/officers/check-access' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller !== 'visitor')
        expect(response.json(), `${caller}'s officer access`).toBe(caller === 'officer')
    },
  },
  {
    method: 'GET',
    url: '/api/sidebar-counts',
    request: () => ({ url: '/api/sidebar-counts' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      // The demo organization has one cluster; nobody of another organization may count it.
      const sameOrganization = caller === 'user' || caller === 'admin'
      expect(response.json().clusters, `${caller}'s cluster count`).toBe(sameOrganization ? 1 : 0)
    },
  },
  {
    method: 'POST',
    url: '/api/leads/contact-sales',
    request: () => ({
      url: '/api/leads/contact-sales',
      ...json({ ...matrixLead(), company: 'Matrix', companySize: '11-50', message: MATRIX_MESSAGE }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/custom-quote',
    request: () => ({
      url: '/api/leads/custom-quote',
      ...json({
        ...matrixLead(),
        company: 'Matrix',
        clusterType: 'blue',
        nodeCount: '1-5',
        message: MATRIX_MESSAGE,
      }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/workload-migration',
    request: () => ({
      url: '/api/leads/workload-migration',
      ...json({
        ...matrixLead(),
        company: 'Matrix',
        currentPlatform: 'openshift',
        workloadCount: '1-10',
        message: MATRIX_MESSAGE,
      }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/contact',
    request: () => ({
      url: '/api/leads/contact',
      ...json({ ...matrixLead(), topic: 'general', message: MATRIX_MESSAGE }),
    }),
    expected: everyone(201),
  },
  {
    method: 'GET',
    url: '/api/leads/demo-slots',
    request: () => ({ url: '/api/leads/demo-slots' }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/leads/schedule-demo',
    // A slot in the past is never on offer: the route is open to all, the booking refused.
    request: () => ({
      url: '/api/leads/schedule-demo',
      ...json({ ...matrixLead(), company: 'Matrix', slotStart: '2020-01-06T08:00:00Z' }),
    }),
    expected: everyone(422),
  },
  {
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    request: () => ({ url: '/api/newsletter/subscriptions', ...json({ email: matrixLead().email }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/newsletter/confirm',
    request: () => ({ url: '/api/newsletter/confirm', ...json({ token: badToken }) }),
    expected: everyone(400),
  },
  {
    method: 'GET',
    url: '/ws',
    request: () => ({ url: '/ws' }),
    expected: { ...everyone(426), visitor: 401 },
  },
]

let server: TestServer
const cookies = new Map<Caller, string>()
let fixtures: Fixtures

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: '100000',
    LEAD_RATE_LIMIT_PER_IP: '100000',
    LOGIN_MAX_FAILURES: '100000',
    RATES_PRIMARY_URL: 'http://127.0.0.1:9/p',
    RATES_BACKUP_URL: 'http://127.0.0.1:9/b',
  })
  const registration = newRegistration()
  const registered = await new TestClient(server.app).post('/api/register', registration)
  expect(registered.statusCode).toBe(200)
  // A plain member of another organization.
  await server.db
    .update(users)
    .set({ role: 'user', emailVerified: true })
    .where(eq(users.id, registered.json().id))

  const idOf = async (username: string) =>
    (
      await server.db
        .select({ id: users.id, organizationId: users.organizationId })
        .from(users)
        .where(eq(users.username, username))
    )[0]!
  const demo = await idOf('demo')
  const notification = await createNotification(server.db, poolExecutor(server.db), {
    userId: demo.id,
    type: 'info',
    message: 'Matrix notification of the demo user',
  })
  await server.db
    .insert(clusters)
    .values({ organizationId: demo.organizationId, name: 'matrix-cluster', status: 'running' })
  fixtures = { demoNotificationId: notification.id, demoUserId: demo.id }

  const usernames: Record<Exclude<Caller, 'visitor'>, string> = {
    user: 'demo',
    otherOrganization: registered.json().username,
    officer: 'officer',
    admin: 'admin',
    superAdmin: 'superadmin',
  }
  for (const [caller, username] of Object.entries(usernames) as [Caller, string][]) {
    cookies.set(caller, (await idOf(username)).id)
  }
})
afterAll(() => server.close())

const SERVER_PREFIXES = ['/api/', '/dev/', '/ws', '/healthz', '/readyz']

/** The built web app's files are served as hidden GET routes outside the server's own paths. */
function isBuiltWebFile(route: { method: string; url: string; hidden: boolean }): boolean {
  return (
    route.hidden && route.method === 'GET' && !SERVER_PREFIXES.some((prefix) => route.url.startsWith(prefix))
  )
}

/** A fresh session per request, so a logout in one cell cannot affect another. */
async function requestAs(caller: Caller, row: Row): Promise<LightMyRequestResponse> {
  const options = row.request(fixtures)
  const headers: Record<string, string> = {
    ...(options.headers as Record<string, string>),
    origin: APP_ORIGIN,
  }
  if (caller !== 'visitor') {
    const session = await createSession(server.db, server.ctx.config.sessionSecret, cookies.get(caller)!)
    headers.cookie = `cd_session=${session.token}`
  }
  return server.app.inject({ ...options, method: row.method as InjectOptions['method'], headers })
}

describe('authorization matrix', () => {
  it('has a row for every route the server registers, and no row for a route it does not', () => {
    const registered = server.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD' && !isBuiltWebFile(route))
      .map((route) => `${route.method} ${route.url}`)
    const covered = MATRIX.map((row) => `${row.method} ${row.url}`)
    expect(
      registered.filter((route) => !covered.includes(route)),
      'routes missing from the matrix',
    ).toEqual([])
    expect(
      covered.filter((route) => !registered.includes(route)),
      'rows for routes that do not exist',
    ).toEqual([])
  })

  // Owner last, so a row the owner changes (trash) is still there for the others' attempts.
  const order: Caller[] = ['visitor', 'otherOrganization', 'officer', 'admin', 'superAdmin', 'user']
  for (const row of MATRIX) {
    it(`${row.method} ${row.url}`, async () => {
      const outcome: Partial<Expected> = {}
      for (const caller of order) {
        const response = await requestAs(caller, row)
        outcome[caller] = response.statusCode
        if (response.statusCode === row.expected[caller]) row.check?.(caller, response)
      }
      expect(outcome).toEqual(row.expected)
    })
  }
})
