import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '#common/schemas/support.ts'
import { supportMessages, supportTickets, users } from '#server/db/schema/index.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { openSecret } from '#server/lib/secrets.ts'
import { type InboundMailServer, startInboundMail } from '#server/modules/support/inbound-mail.ts'
import { waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { createOrganization, memberOf } from '#tests/helpers/billing.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * Replies by mail are attributed by the reply address they were sent to, never by their From:
 * header: each participant has an address of their own, officers have none, and nothing arriving
 * by mail acts as an officer. Real SMTP sessions against the real listener.
 */

const DOMAIN = 'support.example.test'
const REPLY_ADDRESS = new RegExp(`support\\+[a-z0-9]+@${DOMAIN.replaceAll('.', '\\.')}`)

let server: TestServer
let inbound: InboundMailServer
let customer: Awaited<ReturnType<typeof memberOf>>
let colleague: Awaited<ReturnType<typeof memberOf>>
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  server = await startTestServer({
    INBOUND_MAIL_DOMAIN: DOMAIN,
    LEAD_RATE_LIMIT_PER_IP: '1000',
    SUPPORT_RATE_LIMIT_PER_EMAIL: '100',
  })
  inbound = await startInboundMail(server.ctx, {
    port: 0,
    host: '127.0.0.1',
    log: (error) => console.error(error),
  })
  const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
  customer = await memberOf(server, organization.id, 'user')
  colleague = await memberOf(server, organization.id, 'user')
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

async function openTicket(cc: string[] = []): Promise<Ticket> {
  const created = await inject('POST', '/api/support/tickets', customer.headers, {
    category: 'technical',
    priority: 'P3',
    subject: `Nodes restart at night ${randomBytes(3).toString('hex')}`,
    description: 'Every night around 02:00 the workers restart.',
    cc,
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json()
}

/** Sends a mail through the real listener; rejects with the SMTP error (its command and code). */
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

/** The reply address a mail to `email` carries, from its text (what a person sees). */
async function replyAddressIn(email: string, subject: string): Promise<string> {
  const mail = await waitForMailWithSubject(server.db, email, subject)
  const address = REPLY_ADDRESS.exec(mail.text)?.[0]
  expect(address, mail.text).toBeDefined()
  return address!
}

/** The Reply-To headers of every mail queued for `email`. */
/** The reply address of each mail queued for `email`, opened (the job keeps it sealed). */
async function queuedReplyTos(email: string): Promise<(string | null)[]> {
  const result = await server.db.$client.query<{ reply_address: { $sealed: string } | null }>(
    `SELECT data->'data'->'replyAddress' AS reply_address FROM pgboss.job WHERE name = $1 AND data->>'to' = $2`,
    [QUEUES.sendEmail, email],
  )
  return result.rows.map((row) =>
    row.reply_address ? openSecret(server.ctx.config.secretsKey, row.reply_address.$sealed) : null,
  )
}

const ticketRow = async (id: string) =>
  (await server.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]!
const messagesOf = (id: string) =>
  server.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, id))
    .orderBy(asc(supportMessages.createdAt))

describe('reply addresses', () => {
  it('are one per participant, and never an officer’s', async () => {
    const cc = `ops-${randomBytes(3).toString('hex')}@example.com`
    const ticket = await openTicket([cc, officer.email])
    const mine = await replyAddressIn(customer.email, `[${ticket.number}] ${ticket.subject}`)
    // A change of state is mailed to every participant.
    const waiting = await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, {
      status: 'open',
    })
    expect(waiting.statusCode, waiting.body).toBe(200)
    const theirs = await replyAddressIn(cc, `[${ticket.number}] Ticket open`)
    expect(theirs).not.toBe(mine)
    expect(await queuedReplyTos(cc)).toEqual([theirs])

    const officerMail = await waitForMailWithSubject(
      server.db,
      officer.email,
      `[${ticket.number}] Ticket open`,
    )
    expect(officerMail.text).not.toMatch(/support\+/)
    expect(await queuedReplyTos(officer.email)).toEqual([null])
  })

  it('make the requester’s address write as the requester even From: an officer — no officer reply, state and clocks unchanged', async () => {
    const ticket = await openTicket()
    const address = await replyAddressIn(customer.email, `[${ticket.number}] ${ticket.subject}`)
    const before = await ticketRow(ticket.id)
    for (const from of [officer.email, 'officer@clusterdeck.eu'])
      await sendMailTo(address, from, 'This is fixed on our side, closing.')

    const messages = await messagesOf(ticket.id)
    expect(
      messages.slice(1).map((message) => [message.authorKind, message.authorUserId, message.via]),
    ).toEqual([
      ['customer', customer.userId, 'email'],
      ['customer', customer.userId, 'email'],
    ])
    const after = await ticketRow(ticket.id)
    expect(after).toMatchObject({
      status: 'new',
      firstRespondedAt: null,
      firstResponseDueAt: before.firstResponseDueAt,
      nextResponseDueAt: null,
      pausedAt: null,
      assigneeId: null,
    })
  })

  it('make a CC’s address write as that CC, whatever member the From: names', async () => {
    const cc = `lead-${randomBytes(3).toString('hex')}@example.com`
    const ticket = await openTicket([cc])
    await inject('PATCH', `/api/officers/tickets/${ticket.id}`, officer.headers, { status: 'open' })
    const address = await replyAddressIn(cc, `[${ticket.number}] Ticket open`)
    await sendMailTo(address, customer.email, 'Adding the logs from our side.')
    await sendMailTo(address, officer.email, 'Please close it.')
    const messages = await messagesOf(ticket.id)
    expect(
      messages.slice(1).map((message) => [message.authorKind, message.authorUserId, message.authorName]),
    ).toEqual([
      ['customer', null, cc],
      ['customer', null, cc],
    ])
    expect((await ticketRow(ticket.id)).firstRespondedAt).toBeNull()
  })

  it('reach a member who took part with their own address, and their reply lands as theirs', async () => {
    const ticket = await openTicket()
    const joined = await inject('POST', `/api/support/tickets/${ticket.id}/messages`, colleague.headers, {
      body: 'Same on our staging cluster.',
    })
    expect(joined.statusCode, joined.body).toBe(200)
    const answered = await inject('POST', `/api/officers/tickets/${ticket.id}/messages`, officer.headers, {
      body: 'A kernel update reboots the nodes; we moved the window.',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const address = await replyAddressIn(colleague.email, `[${ticket.number}] ${ticket.subject}`)
    expect(address).not.toBe(await replyAddressIn(customer.email, `[${ticket.number}] ${ticket.subject}`))
    await sendMailTo(address, customer.email, 'Thanks, staging is quiet now.')
    const last = (await messagesOf(ticket.id)).at(-1)!
    expect(last).toMatchObject({ authorKind: 'customer', authorUserId: colleague.userId, via: 'email' })
    // A customer's reply by mail resumes the ticket as one on the site does.
    expect((await ticketRow(ticket.id)).status).toBe('open')
  })

  it('make a visitor’s address write as the visitor, even From: an officer', async () => {
    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`
    const subject = `GPU nodes in Frankfurt? ${randomBytes(3).toString('hex')}`
    const sent = await inject(
      'POST',
      '/api/support/public/tickets',
      {},
      {
        name: 'Camille Martin',
        email,
        category: 'sales',
        subject,
        description: 'Do you offer H100 nodes?',
      },
    )
    expect(sent.statusCode, sent.body).toBe(201)
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterEmail, email))
    const address = await replyAddressIn(email, `[${row!.number}] ${subject}`)
    await sendMailTo(address, officer.email, 'Yes, we do. Closing.')
    expect((await messagesOf(row!.id)).at(-1)).toMatchObject({
      authorKind: 'visitor',
      authorUserId: null,
      via: 'email',
    })
    expect(await ticketRow(row!.id)).toMatchObject({
      status: 'new',
      firstRespondedAt: null,
      assigneeId: null,
    })
  })

  it('refuse the old ticket-wide address at RCPT TO, and nothing by mail ever writes as an officer', async () => {
    const ticket = await openTicket()
    const oldToken = randomBytes(16).toString('hex')
    await server.db
      .update(supportTickets)
      .set({ replyToken: oldToken })
      .where(eq(supportTickets.id, ticket.id))
    for (const from of [customer.email, officer.email])
      await expect(sendMailTo(`support+${oldToken}@${DOMAIN}`, from, 'Hello')).rejects.toMatchObject({
        command: 'RCPT TO',
        responseCode: 550,
      })
    expect(await messagesOf(ticket.id)).toHaveLength(1)
    const officerMessages = await server.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.authorKind, 'officer'))
    expect(officerMessages.filter((message) => message.via === 'email')).toEqual([])
  })

  it('refuse a member whose account was deactivated since the address was issued', async () => {
    const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
    const leaving = await memberOf(server, organization.id, 'user')
    const created = await inject('POST', '/api/support/tickets', leaving.headers, {
      category: 'account',
      priority: 'P4',
      subject: 'Leaving the team',
      description: 'Please move my tickets to my colleague.',
    })
    const ticket: Ticket = created.json()
    const address = await replyAddressIn(leaving.email, `[${ticket.number}] Leaving the team`)
    await server.db.update(users).set({ membershipStatus: 'deactivated' }).where(eq(users.id, leaving.userId))
    await expect(sendMailTo(address, leaving.email, 'One more thing')).rejects.toMatchObject({
      responseCode: 550,
    })
    expect(await messagesOf(ticket.id)).toHaveLength(1)
  })
})
