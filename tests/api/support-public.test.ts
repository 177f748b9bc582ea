import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '#common/schemas/support.ts'
import { supportMessages, supportTickets, users } from '#server/db/schema/index.ts'
import { waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { createOrganization, memberOf } from '#tests/helpers/billing.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * What the public desk and the uploads take: a tracking link is checked before anything about the
 * files, bodies are limited to what the route accepts, each organization (and visitor address) has
 * a daily allowance of files and an hourly number of requests, and tracking links expire.
 */

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
/** A PNG of about `bytes` bytes (its signature, then zeros). */
const pngOf = (bytes: number, fileName = 'screen.png') => ({
  fileName,
  contentBase64: Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]).toString('base64'),
})

let server: TestServer
let officer: Awaited<ReturnType<typeof memberOf>>

beforeAll(async () => {
  server = await startTestServer({
    LEAD_RATE_LIMIT_PER_IP: '1000',
    RATE_LIMIT_PER_IP: '1000',
    SUPPORT_RATE_LIMIT_PER_EMAIL: '100',
    SUPPORT_UPLOAD_MB_PER_DAY: '1',
    SUPPORT_REQUESTS_PER_HOUR: '5',
  })
  officer = await memberOf(server, (await createOrganization(server.db)).id, 'user')
  await server.db.update(users).set({ isOfficer: true }).where(eq(users.id, officer.userId))
})
afterAll(async () => {
  await server?.close()
})

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

/** A visitor's ticket and the tracking link of its opening mail. */
async function visitorTicket(attachments: object[] = []) {
  const email = `visitor-${randomBytes(4).toString('hex')}@example.com`
  const subject = `Managed Kafka? ${randomBytes(3).toString('hex')}`
  const sent = await inject(
    'POST',
    '/api/support/public/tickets',
    {},
    {
      name: 'Camille Martin',
      email,
      category: 'sales',
      subject,
      description: 'Do you run Kafka for us?',
      attachments,
    },
  )
  expect(sent.statusCode, sent.body).toBe(201)
  const [row] = await server.db.select().from(supportTickets).where(eq(supportTickets.requesterEmail, email))
  const mail = await waitForMailWithSubject(server.db, email, `[${row!.number}] ${subject}`)
  return { email, row: row!, token: trackingTokenIn(mail.text) }
}

function trackingTokenIn(text: string): string {
  const link = text.match(/https?:\/\/\S+track-ticket\?token=\S+/)?.[0]
  expect(link, text).toBeDefined()
  return new URL(link!).searchParams.get('token')!
}

const thread = (token: string) =>
  inject('GET', `/api/support/public/thread?token=${encodeURIComponent(token)}`, {})
const messageCount = async (ticketId: string) =>
  (await server.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId))).length
const setTicket = (id: string, sql: string) =>
  server.db.$client.query(`UPDATE support_tickets SET ${sql} WHERE id = $1`, [id])

describe('a visitor’s reply', () => {
  it('with a wrong or expired tracking link is refused for the link, its files never looked at', async () => {
    const { row, token } = await visitorTicket()
    const badFiles = [
      [{ fileName: 'logs.txt', contentBase64: '%%% not base64 %%%' }],
      [{ fileName: 'invoice.pdf', contentBase64: PNG.toString('base64') }],
      [pngOf(6 * 1024 * 1024)],
    ]
    for (const attachments of badFiles) {
      const wrong = await inject(
        'POST',
        '/api/support/public/thread/messages',
        {},
        {
          token: `${token}x`,
          body: 'Me again',
          attachments,
        },
      )
      expect(wrong.statusCode, wrong.body).toBe(404)
      expect(wrong.json().message).toContain('This tracking link is not valid')
    }
    await setTicket(row.id, `tracking_token_expires_at = now() - interval '1 minute'`)
    const expired = await inject(
      'POST',
      '/api/support/public/thread/messages',
      {},
      {
        token,
        body: 'Me again',
        attachments: badFiles[0],
      },
    )
    expect(expired.statusCode, expired.body).toBe(410)
    expect(expired.json()).toMatchObject({ code: 'TRACKING_LINK_EXPIRED' })
    expect(await messageCount(row.id)).toBe(1)
  })

  it('over the body limit of the visitors’ routes is a 413, and nothing is kept', async () => {
    const { row, token } = await visitorTicket()
    // Two files of 5.5 MB: each within what a member may send, together past a visitor's body limit.
    const heavy = [pngOf(5.5 * 1024 * 1024, 'a.png'), pngOf(5.5 * 1024 * 1024, 'b.png')]
    const reply = await inject(
      'POST',
      '/api/support/public/thread/messages',
      {},
      {
        token,
        body: 'Two screenshots',
        attachments: heavy,
      },
    )
    expect(reply.statusCode).toBe(413)
    expect(reply.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' })
    const email = `heavy-${randomBytes(4).toString('hex')}@example.com`
    const ticket = await inject(
      'POST',
      '/api/support/public/tickets',
      {},
      {
        name: 'Heavy',
        email,
        category: 'sales',
        subject: 'Screens',
        description: 'See the files',
        attachments: heavy,
      },
    )
    expect(ticket.statusCode).toBe(413)
    const track = await inject(
      'POST',
      '/api/support/public/track',
      {},
      {
        number: row.number,
        email: 'x'.repeat(20 * 1024),
      },
    )
    expect(track.statusCode).toBe(413)
    expect(await messageCount(row.id)).toBe(1)
    expect(
      await server.db.select().from(supportTickets).where(eq(supportTickets.requesterEmail, email)),
    ).toEqual([])
  })

  it('past the address’s daily allowance of files is a 413 that says what to do', async () => {
    const { row, token } = await visitorTicket([pngOf(600 * 1024)])
    const more = await inject(
      'POST',
      '/api/support/public/thread/messages',
      {},
      {
        token,
        body: 'One more screenshot',
        attachments: [pngOf(600 * 1024)],
      },
    )
    expect(more.statusCode, more.body).toBe(413)
    expect(more.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' })
    expect(more.json().message).toContain('Send the message without them, or send them later')
    const textOnly = await inject(
      'POST',
      '/api/support/public/thread/messages',
      {},
      { token, body: 'Text only' },
    )
    expect(textOnly.statusCode, textOnly.body).toBe(200)
    expect(await messageCount(row.id)).toBe(2)
  })
})

describe('an organization’s uploads', () => {
  const newTicket = (attachments: object[] = []) => ({
    category: 'technical',
    priority: 'P3',
    subject: 'Volumes are slow',
    description: 'See the graphs.',
    attachments,
  })

  it('stop at the daily allowance of files (413), for that organization only', async () => {
    const member = await memberOf(server, (await createOrganization(server.db)).id, 'user')
    const other = await memberOf(server, (await createOrganization(server.db)).id, 'user')
    const first = await inject('POST', '/api/support/tickets', member.headers, newTicket([pngOf(600 * 1024)]))
    expect(first.statusCode, first.body).toBe(201)
    const ticket: Ticket = first.json()
    const second = await inject('POST', `/api/support/tickets/${ticket.id}/messages`, member.headers, {
      body: 'And the next day’s graph',
      attachments: [pngOf(600 * 1024)],
    })
    expect(second.statusCode, second.body).toBe(413)
    expect(second.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' })
    expect(second.json().message).toMatch(/^Your organization has sent 0\.6 MB of files in the last 24 hours/)
    expect(await messageCount(ticket.id)).toBe(1)
    const theirs = await inject('POST', '/api/support/tickets', other.headers, newTicket([pngOf(600 * 1024)]))
    expect(theirs.statusCode, theirs.body).toBe(201)
  })

  it('stop at the hourly number of tickets and replies (429), for that organization only', async () => {
    const organization = await createOrganization(server.db)
    const member = await memberOf(server, organization.id, 'user')
    const colleague = await memberOf(server, organization.id, 'user')
    const other = await memberOf(server, (await createOrganization(server.db)).id, 'user')
    const created = await inject('POST', '/api/support/tickets', member.headers, newTicket())
    expect(created.statusCode, created.body).toBe(201)
    const ticket: Ticket = created.json()
    for (let reply = 0; reply < 4; reply++) {
      const answer = await inject('POST', `/api/support/tickets/${ticket.id}/messages`, member.headers, {
        body: `Reply ${reply}`,
      })
      expect(answer.statusCode, answer.body).toBe(200)
    }
    const limited = await inject('POST', `/api/support/tickets/${ticket.id}/messages`, colleague.headers, {
      body: 'One too many',
      attachments: [{ fileName: 'x.txt', contentBase64: '%%%' }],
    })
    expect(limited.statusCode, limited.body).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().message).toMatch(
      /^Your organization has sent 5 tickets and replies in the last hour/,
    )
    expect((await inject('POST', '/api/support/tickets', other.headers, newTicket())).statusCode).toBe(201)
  })
})

describe('a tracking link', () => {
  it('works 30 days from its mail, then answers 410 with the way to a new one', async () => {
    const { row, token } = await visitorTicket([pngOf(1024)])
    expect((await thread(token)).statusCode).toBe(200)
    const [issued] = (
      await server.db.$client.query<{ days: number }>(
        `SELECT round(extract(epoch FROM tracking_token_expires_at - created_at) / 86400) AS days FROM support_tickets WHERE id = $1`,
        [row.id],
      )
    ).rows
    expect(Number(issued!.days)).toBe(30)
    const attachmentId = (await thread(token)).json().messages[0].attachments[0].id

    await setTicket(row.id, `tracking_token_expires_at = now() - interval '1 second'`)
    const expired = await thread(token)
    expect(expired.statusCode).toBe(410)
    // Never kept by a browser: the same link answers otherwise once a new one is issued.
    expect(expired.headers['cache-control']).toBe('no-store')
    expect(expired.json()).toEqual({
      code: 'TRACKING_LINK_EXPIRED',
      message:
        'This tracking link has expired. Enter the ticket number and your email address on the ticket tracking page: we mail you a new link.',
    })
    const file = await inject(
      'GET',
      `/api/support/public/thread/attachments/${attachmentId}?token=${encodeURIComponent(token)}`,
      {},
    )
    expect(file.statusCode).toBe(410)
  })

  it('asked for again is a new link that works, and the old one stops', async () => {
    const { email, row, token } = await visitorTicket()
    const asked = new Date()
    const again = await inject('POST', '/api/support/public/track', {}, { number: row.number, email })
    expect(again.statusCode).toBe(200)
    const mail = await waitForMailWithSubject(server.db, email, `[${row.number}] Your tracking link`, {
      after: asked,
    })
    const fresh = trackingTokenIn(mail.text)
    expect(fresh).not.toBe(token)
    expect((await thread(fresh)).statusCode).toBe(200)
    expect((await thread(token)).statusCode).toBe(404)
  })

  it('of a closed ticket stops a week after the closing', async () => {
    const { row, token } = await visitorTicket()
    await setTicket(row.id, `status = 'closed', closed_at = now() - interval '6 days'`)
    expect((await thread(token)).statusCode).toBe(200)
    await setTicket(row.id, `closed_at = now() - interval '8 days'`)
    expect((await thread(token)).statusCode).toBe(410)
  })

  it('nearly spent is replaced by a new one in the next mail to the visitor', async () => {
    const { email, row, token } = await visitorTicket()
    await setTicket(row.id, `tracking_token_expires_at = now() + interval '2 days'`)
    const answered = await inject('POST', `/api/officers/tickets/${row.id}/messages`, officer.headers, {
      body: 'Yes, Kafka is in the marketplace.',
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const mail = await waitForMailWithSubject(server.db, email, `[${row.number}] ${row.subject}`, {
      after: new Date(answered.json().updatedAt),
    })
    const fresh = trackingTokenIn(mail.text)
    expect(fresh).not.toBe(token)
    expect((await thread(fresh)).statusCode).toBe(200)
    expect((await thread(token)).statusCode).toBe(404)
  })
})
