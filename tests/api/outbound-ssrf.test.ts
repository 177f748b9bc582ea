import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { budgetAlerts } from '#server/db/schema/index.ts'
import { evaluateBudgetAlerts } from '#server/modules/billing/budget-alerts.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { type DnsServer, startDnsServer } from '#tests/helpers/dns-server.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Customers' webhook URLs cannot reach the server's own networks (finding M5): refused when saved,
 * refused again at every delivery, redirects never followed; their secrets are sealed at rest (M6).
 *
 * Two receivers share one port: the one on 127.0.0.1 stands for the internal service an attacker
 * aims at; the one on 127.0.0.2 stands for a customer's public receiver (the only address this
 * server's OUTBOUND_ALLOW_ADDRESSES lets through). The local DNS server decides where names lead.
 */

type Receiver = {
  server: http.Server
  connections: number
  requests: { url: string; body: string; signature: string }[]
}
const SIGNATURE_HEADER = 'clusterdeck-signature'
let server: TestServer
let dns: DnsServer
let internal: Receiver
let customer: Receiver
let port: number

function receiver(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void): Receiver {
  const state: Receiver = { server: http.createServer(), connections: 0, requests: [] }
  state.server.on('connection', () => {
    state.connections++
  })
  state.server.on('request', (request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      state.requests.push({
        url: request.url ?? '',
        body,
        signature: String(request.headers[SIGNATURE_HEADER] ?? ''),
      })
      answer(request, response)
    })
  })
  return state
}

beforeAll(async () => {
  dns = await startDnsServer({ 'evil.test': { A: ['127.0.0.1'] } })
  internal = receiver((_request, response) => response.writeHead(204).end())
  await new Promise<void>((resolve) => internal.server.listen(0, '127.0.0.1', resolve))
  port = (internal.server.address() as AddressInfo).port
  customer = receiver((request, response) => {
    if (request.url === '/redirect')
      response.writeHead(307, { location: `http://127.0.0.1:${port}/hook` }).end()
    else response.writeHead(204).end()
  })
  await new Promise<void>((resolve) => customer.server.listen(port, '127.0.0.2', resolve))
  server = await startTestServer({
    OUTBOUND_DNS_SERVERS: dns.address,
    OUTBOUND_ALLOW_ADDRESSES: '127.0.0.2',
  })
})
afterAll(async () => {
  await server.close()
  for (const { server: listener } of [internal, customer]) {
    listener.closeAllConnections()
    await new Promise((resolve) => listener.close(resolve))
  }
  await dns.close()
})

async function adminOfNewOrganization() {
  const organization = await createOrganization(server.db)
  return { organizationId: organization.id, admin: await memberOf(server, organization.id) }
}

function saveAlert(headers: Record<string, string>, webhookUrl: string | null) {
  return server.app.inject({
    method: 'POST',
    url: '/api/billing/budget-alerts',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: { amountCents: 100, basis: 'month_to_date', webhookUrl },
  })
}

/** Ten metered hours (€1.17) cross the €1.00 alerts of the organization, and the hourly job fires them. */
async function crossThreshold(organizationId: string) {
  const since = new Date('2026-11-02T00:00:00Z')
  await runningCluster(
    server.db,
    organizationId,
    testConfiguration(`ssrf-${randomBytes(3).toString('hex')}`),
    {
      since,
    },
  )
  for (const hour of hoursFrom(since, 10)) await meterHour(server.db, hour)
  await evaluateBudgetAlerts(server.ctx, FALLBACK_RATES, new Date('2026-11-02T10:10:00Z'))
}

/** The delivery job of an alert once it has ended an attempt: its state and what it failed with. */
async function deliveryOutcome(alertId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await server.db.execute<{ state: string; message: string | null }>(sql`
      select state, output->>'message' as message from pgboss.job
      where name = 'budget-webhook' and data->>'alertId' = ${alertId}`)
    const job = rows[0]
    if (job && ['retry', 'failed', 'completed'].includes(job.state)) return job
    if (Date.now() > deadline)
      throw new Error(`The delivery of ${alertId} ended no attempt in time (${job?.state})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('Nothing arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a budget alert’s webhook URL, when saved', () => {
  const internalUrls = () => [
    `http://127.0.0.1:${port}/hook`,
    `http://localhost:${port}/hook`,
    'http://[::1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    `http://evil.test:${port}/hook`,
  ]

  it('is refused with 422 when it leads to a loopback, private, link-local or reserved address, in any form', async () => {
    const answers: Record<string, unknown> = {}
    // An organization each: the ten-alert limit never answers first.
    for (const url of internalUrls()) {
      const { admin } = await adminOfNewOrganization()
      const response = await saveAlert(admin.headers, url)
      answers[url] = `${response.statusCode} ${response.json().code}`
    }
    expect(answers).toEqual(Object.fromEntries(internalUrls().map((url) => [url, '422 WEBHOOK_URL_REFUSED'])))
    const { admin } = await adminOfNewOrganization()
    const refused = await saveAlert(admin.headers, `http://evil.test:${port}/hook`)
    expect(refused.json().message).toBe(
      'This address leads to 127.0.0.1, which is not on the public internet: use your receiver’s public address',
    )
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/billing/budget-alerts',
      headers: admin.headers,
    })
    expect(listed.json()).toEqual([])
    expect(internal.connections).toBe(0)
  })

  it('is refused with 422 naming the host when the name cannot be found', async () => {
    const { admin } = await adminOfNewOrganization()
    const response = await saveAlert(admin.headers, 'https://nowhere.test/hook')
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json().message).toBe('nowhere.test cannot be found: check the host name')
  })

  it('is accepted when it leads to a public address', async () => {
    dns.set('hooks.customer.test', { A: ['93.184.215.14'] })
    const { admin } = await adminOfNewOrganization()
    const response = await saveAlert(admin.headers, 'https://hooks.customer.test/budget')
    expect(response.statusCode, response.body).toBe(201)
  })
})

describe('a budget alert’s webhook, when delivered', () => {
  it('keeps its secret sealed in the database, and signs with the secret shown once', async () => {
    dns.set('signed.test', { A: ['127.0.0.2'] })
    const { organizationId, admin } = await adminOfNewOrganization()
    const created = await saveAlert(admin.headers, `http://signed.test:${port}/signed`)
    expect(created.statusCode, created.body).toBe(201)
    const { id: alertId, webhookSecret } = created.json()
    const [row] = await server.db
      .select({ stored: budgetAlerts.webhookSecret })
      .from(budgetAlerts)
      .where(eq(budgetAlerts.id, alertId))
    expect(row!.stored).not.toBe(webhookSecret)
    expect(row!.stored).not.toContain(webhookSecret.slice('whsec_'.length))

    await crossThreshold(organizationId)
    const call = await waitFor(() => customer.requests.find((request) => request.url === '/signed'))
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature)!
    expect(signature).toBe(
      createHmac('sha256', webhookSecret).update(`${timestamp}.${call.body}`).digest('hex'),
    )
    expect(JSON.parse(call.body)).toMatchObject({ type: 'budget_alert.fired', alertId })
  })

  it('is not delivered once its name resolves to a loopback address: the job fails without connecting', async () => {
    dns.set('rebind.test', { A: ['127.0.0.2'] })
    const { organizationId, admin } = await adminOfNewOrganization()
    const created = await saveAlert(admin.headers, `http://rebind.test:${port}/rebound`)
    expect(created.statusCode, created.body).toBe(201)
    // The DNS answer changes between the check at saving and the delivery.
    dns.set('rebind.test', { A: ['127.0.0.1'] })
    const before = { internal: internal.connections, customer: customer.requests.length }

    await crossThreshold(organizationId)
    const outcome = await deliveryOutcome(created.json().id)
    expect(outcome.state).toBe('retry')
    expect(outcome.message).toBe('rebind.test leads to 127.0.0.1, a loopback address')
    expect(internal.connections).toBe(before.internal)
    expect(customer.requests).toHaveLength(before.customer)
  })

  it('is not delivered to a loopback URL saved before the guard existed', async () => {
    const { organizationId } = await adminOfNewOrganization()
    const [alert] = await server.db
      .insert(budgetAlerts)
      .values({
        organizationId,
        amountCents: 100,
        currency: 'EUR',
        basis: 'month_to_date',
        webhookUrl: `http://0x7f000001:${port}/legacy`,
        webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
      })
      .returning()
    const before = internal.connections

    await crossThreshold(organizationId)
    const outcome = await deliveryOutcome(alert!.id)
    expect(outcome.state).toBe('retry')
    expect(outcome.message).toMatch(/leads to 127\.0\.0\.1, a loopback address/)
    expect(internal.connections).toBe(before)
  })

  it('does not follow a redirect from the receiver to an internal address', async () => {
    const { organizationId, admin } = await adminOfNewOrganization()
    const created = await saveAlert(admin.headers, `http://127.0.0.2:${port}/redirect`)
    expect(created.statusCode, created.body).toBe(201)
    const before = internal.connections

    await crossThreshold(organizationId)
    const outcome = await deliveryOutcome(created.json().id)
    expect(outcome.state).toBe('retry')
    expect(outcome.message).toBe('The budget webhook answered 307')
    expect(customer.requests.filter((request) => request.url === '/redirect')).toHaveLength(1)
    expect(internal.connections).toBe(before)
  })
})
