import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FALLBACK_RATES } from '#common/money.ts'
import { budgetAlertFirings, budgetAlerts, notifications } from '#server/db/schema/index.ts'
import { openSecret } from '#server/lib/secrets.ts'
import {
  deliverBudgetWebhook,
  evaluateBudgetAlerts,
  SIGNATURE_HEADER,
  sealLegacyWebhookSecrets,
} from '#server/modules/billing/budget-alerts.ts'
import { meterHour } from '#server/modules/billing/metering-run.ts'
import { mailsTo, waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { createOrganization, hoursFrom, memberOf, runningCluster } from '#tests/helpers/billing.ts'
import { testConfiguration } from '#tests/helpers/clusters.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/** Budget alerts: crossing a threshold mails, notifies and calls a signed webhook, once a month. */

type Received = { body: string; signature: string }
let server: TestServer
let receiver: http.Server
let receiverUrl: string
const received: Received[] = []

beforeAll(async () => {
  // The receiver runs on this machine: the outbound guard lets this one loopback address through.
  server = await startTestServer({ OUTBOUND_ALLOW_ADDRESSES: '127.0.0.1' })
  receiver = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ body, signature: String(request.headers[SIGNATURE_HEADER] ?? '') })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/budget`
})
afterAll(async () => {
  await server.close()
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

async function waitFor<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('Nothing arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('budget alerts', () => {
  it("mail a French organization's admins in French, amounts the French way, whatever their own language", async () => {
    const organization = await createOrganization(server.db, { language: 'fr' })
    const admin = await memberOf(server, organization.id)
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/billing/budget-alerts',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: { amountCents: 100, basis: 'month_to_date' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const since = new Date('2027-01-04T00:00:00Z')
    await runningCluster(server.db, organization.id, testConfiguration('spender-fr'), { since })
    for (const hour of hoursFrom(since, 10)) await meterHour(server.db, hour)
    expect(await evaluateBudgetAlerts(server.ctx, FALLBACK_RATES, new Date('2027-01-04T10:10:00Z'))).toBe(1)

    const mail = await waitForMailWithSubject(
      server.db,
      admin.email,
      'Alerte budget : dépense au-dessus de 1,00\u00a0€',
    )
    expect(mail.text).toContain('Bonjour')
    expect(mail.text).toContain('Votre organisation a dépensé 1,17\u00a0€ ce mois-ci')
  })

  it('fire once a month by mail, notification and signed webhook when the spend crosses them', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/billing/budget-alerts',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      // €1.00 on the month so far; a second alert far above stays quiet.
      payload: { amountCents: 100, basis: 'month_to_date', webhookUrl: receiverUrl },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { webhookSecret, id: alertId } = created.json()
    expect(webhookSecret).toMatch(/^whsec_/)
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/billing/budget-alerts',
      headers: admin.headers,
    })
    expect(JSON.stringify(listed.json())).not.toContain(webhookSecret)
    await server.app.inject({
      method: 'POST',
      url: '/api/billing/budget-alerts',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: { amountCents: 1_000_000, basis: 'forecast' },
    })

    // Ten hours of the test cluster: 10 × 13,945 milli-cents, $1.39, €1.17.
    const since = new Date('2026-11-02T00:00:00Z')
    await runningCluster(server.db, organization.id, testConfiguration('spender'), { since })
    for (const hour of hoursFrom(since, 10)) await meterHour(server.db, hour)
    const now = new Date('2026-11-02T10:10:00Z')

    expect(await evaluateBudgetAlerts(server.ctx, FALLBACK_RATES, now)).toBe(1)
    expect(await evaluateBudgetAlerts(server.ctx, FALLBACK_RATES, now)).toBe(0)
    expect(await evaluateBudgetAlerts(server.ctx, FALLBACK_RATES, new Date('2026-11-20T00:00:00Z'))).toBe(0)

    const mail = await waitForMailWithSubject(server.db, admin.email, 'Budget alert: spend above €1.00')
    expect(mail.text).toContain('€1.17')
    const alerts = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.title, 'Budget alert')))
    expect(alerts).toHaveLength(1)

    const call = await waitFor(() => received[0])
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature)!
    expect(signature).toBe(
      createHmac('sha256', webhookSecret).update(`${timestamp}.${call.body}`).digest('hex'),
    )
    expect(JSON.parse(call.body)).toMatchObject({
      type: 'budget_alert.fired',
      alertId,
      basis: 'month_to_date',
      currency: 'EUR',
      thresholdCents: 100,
      spentCents: 117,
      month: '2026-11',
    })
    expect(await mailsTo(server.db, admin.email)).toHaveLength(1)
    expect(
      await server.db.select().from(budgetAlertFirings).where(eq(budgetAlertFirings.alertId, alertId)),
    ).toHaveLength(1)
    expect(received).toHaveLength(1)
  })

  it('seals the secrets kept in plain text before sealing began, and signs with them before and after', async () => {
    const organization = await createOrganization(server.db)
    const legacySecret = 'whsec_legacy-secret-written-in-plain-text'
    const [alert] = await server.db
      .insert(budgetAlerts)
      .values({
        organizationId: organization.id,
        amountCents: 100,
        currency: 'EUR',
        basis: 'forecast',
        webhookUrl: `${receiverUrl}/legacy`,
        webhookSecret: legacySecret,
      })
      .returning()
    const delivered = async () => {
      const count = received.length
      await deliverBudgetWebhook(server.ctx, { alertId: alert!.id, body: { type: 'budget_alert.fired' } })
      const call = received[count]!
      const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.signature)!
      return (
        signature === createHmac('sha256', legacySecret).update(`${timestamp}.${call.body}`).digest('hex')
      )
    }
    // A delivery before the start-up step uses the plain value as it is.
    expect(await delivered()).toBe(true)

    expect(await sealLegacyWebhookSecrets(server.db, server.ctx.config.secretsKey)).toBeGreaterThanOrEqual(1)
    const [row] = await server.db
      .select({ stored: budgetAlerts.webhookSecret })
      .from(budgetAlerts)
      .where(eq(budgetAlerts.id, alert!.id))
    expect(row!.stored).not.toContain('legacy-secret')
    expect(openSecret(server.ctx.config.secretsKey, row!.stored!)).toBe(legacySecret)
    expect(await sealLegacyWebhookSecrets(server.db, server.ctx.config.secretsKey)).toBe(0)
    expect(await delivered()).toBe(true)
  })

  it('keeps an organization to ten alerts', async () => {
    const organization = await createOrganization(server.db)
    const admin = await memberOf(server, organization.id)
    const statuses: number[] = []
    for (let index = 0; index < 11; index++) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/billing/budget-alerts',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: { amountCents: 10_000 * (index + 1), basis: 'forecast' },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(201), 409])
  })
})
