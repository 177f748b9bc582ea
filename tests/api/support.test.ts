import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '#common/schemas/support.ts'
import {
  clusterEvents,
  clusters,
  notifications,
  outbox,
  supportMessages,
  supportTickets,
  users,
} from '#server/db/schema/index.ts'
import { addCoveredMinutes } from '#server/modules/support/clocks.ts'
import { type InboundMailServer, startInboundMail } from '#server/modules/support/inbound-mail.ts'
import { sweepTickets } from '#server/modules/support/officers.ts'
import { waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { createOrganization, memberOf } from '#tests/helpers/billing.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The support desk against the real server and PostgreSQL: tickets and their clocks, attachments
 * checked from their content, officers' notes and replies, replies by SMTP, the public path, and
 * nobody else's tickets in sight.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
const png = (fileName = 'screenshot.png') => ({ fileName, contentBase64: PNG.toString('base64') })

let server: TestServer
let inbound: InboundMailServer
let customer: Awaited<ReturnType<typeof memberOf>>
let colleague: Awaited<ReturnType<typeof memberOf>>
let stranger: Awaited<ReturnType<typeof memberOf>>
let officer: Awaited<ReturnType<typeof memberOf>>
let businessCustomer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  server = await startTestServer({ INBOUND_MAIL_DOMAIN: 'support.example.test' })
  inbound = await startInboundMail(server.ctx, {
    port: 0,
    host: '127.0.0.1',
    log: (error) => console.error(error),
  })
  const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
  customer = await memberOf(server, organization.id, 'user')
  colleague = await memberOf(server, organization.id, 'user')
  stranger = await memberOf(server, (await createOrganization(server.db)).id, 'admin')
  businessCustomer = await memberOf(
    server,
    (await createOrganization(server.db, { supportPlanId: 'business' })).id,
  )
  officer = await memberOf(server, (await createOrganization(server.db)).id, 'user')
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
})
afterAll(async () => {
  await inbound?.close()
  await server?.close()
})

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const newTicket = {
  category: 'technical',
  priority: 'P2',
  subject: 'Pods cannot pull images',
  description: 'Since 10:00 every **new** pod fails with `ImagePullBackOff`.',
}

async function sendMailTo(to: string, from: string, text: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inbound.port,
    secure: false,
    ignoreTLS: true,
  })
  try {
    await transport.sendMail({ from, to, subject: 'Re: ticket', text })
  } finally {
    transport.close()
  }
}

describe('a ticket of an organization', () => {
  let ticket: Ticket

  it('opens with a PNG, its first-response clock set from the plan and the priority', async () => {
    const created = await inject('POST', '/api/support/tickets', customer.headers, {
      ...newTicket,
      cc: ['ops-lead@example.com'],
      attachments: [png()],
    })
    expect(created.statusCode, created.body).toBe(201)
    ticket = created.json()
    expect(ticket.number).toMatch(/^TCK-\d{4}-\d{6}$/)
    expect(ticket).toMatchObject({
      status: 'new',
      priority: 'P2',
      plan: { id: 'developer', coverage: 'business_hours' },
    })
    expect(ticket.clocks.firstResponse).toMatchObject({ targetMinutes: 480, state: 'running', metAt: null })
    expect(ticket.clocks.firstResponse.dueAt).toBe(
      addCoveredMinutes(new Date(ticket.createdAt), 480, 'business_hours').toISOString(),
    )
    expect(ticket.clocks.nextResponse.state).toBe('idle')
    expect(ticket.messages[0]!.attachments).toEqual([
      expect.objectContaining({ fileName: 'screenshot.png', contentType: 'image/png', size: PNG.length }),
    ])
    const mail = await waitForMailWithSubject(
      server.db,
      customer.email,
      `[${ticket.number}] ${newTicket.subject}`,
    )
    expect(mail.text).toContain('8 hours (business hours')
    expect(mail.text).toMatch(/support\+[a-z0-9]+@support\.example\.test/)

    const file = await inject(
      'GET',
      `/api/support/tickets/${ticket.id}/attachments/${ticket.messages[0]!.attachments[0]!.id}`,
      customer.headers,
    )
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG)).toBe(true)
  })

  it('refuses P1 on a business-hours plan, and takes it on a 24/7 plan', async () => {
    const refused = await inject('POST', '/api/support/tickets', customer.headers, {
      ...newTicket,
      priority: 'P1',
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'PRIORITY_NOT_COVERED' })
    expect(refused.json().message).toContain('P1 (production down) needs a support plan with 24/7 coverage')

    const taken = await inject('POST', '/api/support/tickets', businessCustomer.headers, {
      ...newTicket,
      priority: 'P1',
    })
    expect(taken.statusCode, taken.body).toBe(201)
    expect(taken.json().clocks.firstResponse).toMatchObject({ targetMinutes: 60, state: 'running' })
  })

  it('refuses an attachment that is not what its name says (415) and one over 10 MB (413)', async () => {
    const before = await server.db.select().from(supportTickets)
    const mismatch = await inject('POST', '/api/support/tickets', customer.headers, {
      ...newTicket,
      attachments: [{ fileName: 'invoice.pdf', contentBase64: PNG.toString('base64') }],
    })
    expect(mismatch.statusCode).toBe(415)
    expect(mismatch.json().message).toBe('“invoice.pdf” is not a PDF document, as its name says')

    const large = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024 - PNG.length)])
    const tooLarge = await inject('POST', '/api/support/tickets', customer.headers, {
      ...newTicket,
      attachments: [{ fileName: 'big.png', contentBase64: large.toString('base64') }],
    })
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().message).toContain('each attachment may be up to 10 MB')
    expect(await server.db.select().from(supportTickets)).toHaveLength(before.length)
  })

  it('is a 404 to another organization, on every call', async () => {
    const attachmentId = ticket.messages[0]!.attachments[0]!.id
    const calls = [
      inject('GET', `/api/support/tickets/${ticket.id}`, stranger.headers),
      inject('POST', `/api/support/tickets/${ticket.id}/messages`, stranger.headers, { body: 'Hello' }),
      inject('POST', `/api/support/tickets/${ticket.id}/resolve`, stranger.headers),
      inject('POST', `/api/support/tickets/${ticket.id}/rating`, stranger.headers, { score: 1 }),
      inject('GET', `/api/support/tickets/${ticket.id}/attachments/${attachmentId}`, stranger.headers),
    ]
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404)
    const list = await inject('GET', '/api/support/tickets', stranger.headers)
    expect(list.json().items.map((item: Ticket) => item.id)).not.toContain(ticket.id)
    const colleagues = await inject('GET', '/api/support/tickets?category=technical', colleague.headers)
    expect(colleagues.json().items.map((item: Ticket) => item.id)).toContain(ticket.id)
  })

  it('gets an internal note the customer never sees, then a reply that stops the first clock', async () => {
    const note = await inject('POST', `/api/officers/tickets/${ticket.id}/messages`, officer.headers, {
      body: 'Registry mirror in FR-PAR-1 is degraded; checking.',
      internal: true,
    })
    expect(note.statusCode, note.body).toBe(200)
    expect(note.json()).toMatchObject({ status: 'open', assignee: { id: officer.userId } })

    const reply = await inject('POST', `/api/officers/tickets/${ticket.id}/messages`, officer.headers, {
      body: 'The registry mirror is back. Could you retry a rollout?',
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const answered: Ticket = reply.json()
    expect(answered.status).toBe('waiting_on_customer')
    expect(answered.clocks.firstResponse.state).toBe('met')
    expect(answered.messages.map((message) => message.internal)).toEqual([false, true, false])

    const seen: Ticket = (await inject('GET', `/api/support/tickets/${ticket.id}`, customer.headers)).json()
    expect(seen.messages.map((message) => message.body)).not.toContain(
      'Registry mirror in FR-PAR-1 is degraded; checking.',
    )
    expect(seen.messages).toHaveLength(2)
    const mail = await waitForMailWithSubject(
      server.db,
      'ops-lead@example.com',
      `[${ticket.number}] ${newTicket.subject}`,
      {
        after: new Date(answered.updatedAt),
      },
    )
    expect(mail.text).toContain('The registry mirror is back.')
    const [notification] = await server.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, customer.userId),
          eq(notifications.title, `New reply on ${ticket.number}`),
        ),
      )
    expect(notification?.link).toBe(`/orders/support/${ticket.id}`)
  })

  it('takes a reply by mail to the requester’s own address, quoted history stripped, and refuses an unknown address', async () => {
    const opened = await waitForMailWithSubject(
      server.db,
      customer.email,
      `[${ticket.number}] ${newTicket.subject}`,
    )
    const address = /support\+[a-z0-9]+@support\.example\.test/.exec(opened.text)![0]
    await sendMailTo(
      address,
      customer.email,
      'Rollout works again, thanks!\n\nOn Thu, 26 Nov 2026 at 10:00, Clusterdeck wrote:\n> The registry mirror is back.',
    )
    const messages = await server.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket.id))
    expect(messages.at(-1)).toMatchObject({
      body: 'Rollout works again, thanks!',
      via: 'email',
      authorKind: 'customer',
      authorUserId: customer.userId,
    })
    const reopened: Ticket = (
      await inject('GET', `/api/support/tickets/${ticket.id}`, customer.headers)
    ).json()
    expect(reopened.status).toBe('open')
    expect(reopened.clocks.nextResponse).toMatchObject({ state: 'running', targetMinutes: 720 })

    await expect(
      sendMailTo('support+nosuchtoken@support.example.test', customer.email, 'Hi'),
    ).rejects.toThrow(/No such mailbox/)
    const after = await server.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket.id))
    expect(after).toHaveLength(messages.length)
  })

  it('holds its clocks while it waits on the customer', async () => {
    const waiting = await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, {
      status: 'waiting_on_customer',
    })
    expect(waiting.statusCode, waiting.body).toBe(200)
    expect(waiting.json().clocks.nextResponse.state).toBe('paused')
    expect(waiting.json().clocks.nextResponse.remainingMinutes).toBeGreaterThan(0)
  })

  it('is resolved and rated once by the customer', async () => {
    const resolved = await inject('POST', `/api/support/tickets/${ticket.id}/resolve`, customer.headers)
    expect(resolved.statusCode, resolved.body).toBe(200)
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      clocks: { nextResponse: { state: 'stopped' } },
    })
    const rated = await inject('POST', `/api/support/tickets/${ticket.id}/rating`, customer.headers, {
      score: 5,
      comment: 'Quick and clear',
    })
    expect(rated.statusCode).toBe(200)
    expect(rated.json().rating).toEqual({ score: 5, comment: 'Quick and clear' })
    const again = await inject('POST', `/api/support/tickets/${ticket.id}/rating`, customer.headers, {
      score: 1,
    })
    expect(again.statusCode).toBe(409)
  })
})

describe('a technical ticket about a cluster', () => {
  it('carries the cluster’s state and latest events as a log file', async () => {
    const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
    const member = await memberOf(server, organization.id, 'user')
    const [cluster] = await server.db
      .insert(clusters)
      .values({
        organizationId: organization.id,
        name: 'shop-web',
        status: 'running',
        dataCenterCode: 'fr-par-1',
        kubernetesVersion: '1.36',
      })
      .returning()
    await server.db.insert(clusterEvents).values({
      clusterId: cluster!.id,
      organizationId: organization.id,
      type: 'status',
      message: 'Cluster is running',
    })
    const created = await inject('POST', '/api/support/tickets', member.headers, {
      ...newTicket,
      resource: { kind: 'cluster', id: cluster!.id },
    })
    expect(created.statusCode, created.body).toBe(201)
    const ticket: Ticket = created.json()
    expect(ticket.resource).toEqual({ kind: 'cluster', id: cluster!.id, label: 'shop-web' })
    const log = ticket.messages[0]!.attachments.find((file) => file.fileName === 'shop-web-events.log')!
    const file = await inject(
      'GET',
      `/api/support/tickets/${ticket.id}/attachments/${log.id}`,
      member.headers,
    )
    expect(file.headers['content-type']).toMatch(/^text\/plain/)
    expect(file.body).toContain('status running')
    expect(file.body).toContain('Cluster is running')

    const others = await inject('POST', '/api/support/tickets', stranger.headers, {
      ...newTicket,
      resource: { kind: 'cluster', id: cluster!.id },
    })
    expect(others.statusCode).toBe(404)
  })
})

describe('a support plan upgrade', () => {
  it('is an order of an admin, in effect at once, the same for the same key', async () => {
    const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
    const admin = await memberOf(server, organization.id, 'admin')
    const user = await memberOf(server, organization.id, 'user')
    const headers = { ...admin.headers, 'idempotency-key': `upgrade-${organization.id}` }
    const body = { planId: 'business', currency: 'EUR' }
    expect(
      (
        await inject(
          'POST',
          '/api/support/plan-upgrade',
          { ...user.headers, 'idempotency-key': 'x-user-key' },
          body,
        )
      ).statusCode,
    ).toBe(403)
    const placed = await inject('POST', '/api/support/plan-upgrade', headers, body)
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json()).toMatchObject({
      kind: 'support_plan',
      status: 'fulfilled',
      supportPlan: { id: 'business', name: 'Business' },
      price: { totalCents: 49_900 },
    })
    const again = await inject('POST', '/api/support/plan-upgrade', headers, body)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(placed.json().id)
    const overview = await inject('GET', '/api/support/overview', user.headers)
    expect(overview.json().plan.id).toBe('business')
    expect(overview.json().higherPlans.map((plan: { id: string }) => plan.id)).toEqual(['enterprise'])
    const down = await inject(
      'POST',
      '/api/support/plan-upgrade',
      { ...admin.headers, 'idempotency-key': 'down-key-1' },
      { planId: 'developer', currency: 'EUR' },
    )
    expect(down.statusCode).toBe(422)
    expect(down.json().code).toBe('NOT_AN_UPGRADE')
    const p1 = await inject('POST', '/api/support/tickets', user.headers, { ...newTicket, priority: 'P1' })
    expect(p1.statusCode).toBe(201)
  })
})

describe('the officers', () => {
  it('see every organization’s tickets, hear of a breached clock once, and close stale resolved tickets', async () => {
    const created = await inject('POST', '/api/support/tickets', stranger.headers, {
      ...newTicket,
      priority: 'P3',
    })
    const ticket: Ticket = created.json()
    const notOfficer = await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, {
      assigneeId: customer.userId,
    })
    expect(notOfficer.statusCode).toBe(422)
    expect(notOfficer.json().code).toBe('NOT_AN_OFFICER')
    const assigned = await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, {
      assigneeId: officer.userId,
      priority: 'P2',
    })
    expect(assigned.json()).toMatchObject({ assignee: { id: officer.userId }, priority: 'P2' })
    // The stranger's organization is on Basic: P2 answers first within 24 business hours.
    expect(assigned.json().clocks.firstResponse.targetMinutes).toBe(1440)
    await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, {
      assigneeId: null,
      priority: 'P3',
    })
    const queue = await inject('GET', '/api/officers/tickets?priority=P3', officer.headers)
    expect(queue.json().items.map((item: Ticket) => item.id)).toContain(ticket.id)
    expect((await inject('GET', '/api/officers/tickets', customer.headers)).statusCode).toBe(403)

    await server.db
      .update(supportTickets)
      .set({ firstResponseDueAt: new Date(Date.now() - 60_000) })
      .where(eq(supportTickets.id, ticket.id))
    const breachedQueue = await inject('GET', '/api/officers/tickets?clock=breached', officer.headers)
    expect(breachedQueue.json().items.map((item: Ticket) => item.id)).toContain(ticket.id)
    expect((await sweepTickets(server.ctx)).breached).toContain(ticket.number)
    expect((await sweepTickets(server.ctx)).breached).not.toContain(ticket.number)
    const flagged = await server.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, officer.userId),
          eq(notifications.title, `Response time breached on ${ticket.number}`),
        ),
      )
    expect(flagged).toHaveLength(1)

    await inject('POST', `/api/support/tickets/${ticket.id}/resolve`, stranger.headers)
    await server.db
      .update(supportTickets)
      .set({ resolvedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(supportTickets.id, ticket.id))
    expect((await sweepTickets(server.ctx)).closed).toContain(ticket.number)
  })
})

describe('a visitor’s ticket', () => {
  const email = () => `visitor-${randomBytes(4).toString('hex')}@example.com`
  const visitorTicket = (address: string) => ({
    name: 'Camille Martin',
    email: address,
    company: 'Example SAS',
    category: 'sales',
    subject: 'Do you offer GPU clusters in Frankfurt?',
    description: 'We need four H100 nodes for a training project.',
    language: 'fr',
  })

  it('is proven by the mailed link, which shows the thread and takes a reply', async () => {
    const address = email()
    const sent = await inject('POST', '/api/support/public/tickets', {}, visitorTicket(address))
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json().message).not.toMatch(/TCK-/)
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterEmail, address))
    const mail = await waitForMailWithSubject(
      server.db,
      address,
      `[${row!.number}] ${visitorTicket(address).subject}`,
    )
    expect(mail.text).toContain('Nous avons bien reçu votre demande')
    const link = new URL(mail.text.match(/https?:\/\/\S+track-ticket\S+/)![0])
    const token = link.searchParams.get('token')!

    const thread = await inject('GET', `/api/support/public/thread?token=${encodeURIComponent(token)}`, {})
    expect(thread.statusCode).toBe(200)
    expect(thread.json()).toMatchObject({
      number: row!.number,
      organizationName: null,
      requesterName: 'Camille Martin',
    })
    const reply = await inject(
      'POST',
      '/api/support/public/thread/messages',
      {},
      { token, body: 'Also 2 A100 nodes.' },
    )
    expect(reply.statusCode).toBe(200)
    expect(reply.json().messages).toHaveLength(2)
    expect((await inject('GET', '/api/support/public/thread?token=wrong', {})).statusCode).toBe(404)
  })

  it('is tracked by number and address, never shown to someone who knows only the number', async () => {
    const address = email()
    await inject('POST', '/api/support/public/tickets', {}, visitorTicket(address))
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterEmail, address))
    const wrong = await inject(
      'POST',
      '/api/support/public/track',
      {},
      { number: row!.number, email: email() },
    )
    const right = await inject(
      'POST',
      '/api/support/public/track',
      {},
      { number: row!.number, email: address },
    )
    expect(wrong.statusCode).toBe(200)
    expect(wrong.json()).toEqual(right.json())
    await waitForMailWithSubject(server.db, address, `[${row!.number}] Votre lien de suivi`)
  })

  it('is dropped silently when the hidden field is filled', async () => {
    const address = email()
    const sent = await inject(
      'POST',
      '/api/support/public/tickets',
      {},
      { ...visitorTicket(address), website: 'http://spam' },
    )
    expect(sent.statusCode).toBe(201)
    expect(
      await server.db.select().from(supportTickets).where(eq(supportTickets.requesterEmail, address)),
    ).toEqual([])
    expect(await server.db.select().from(outbox).where(eq(outbox.recipient, address))).toEqual([])
  })
})
