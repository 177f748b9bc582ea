import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { outbox, supportMessages, supportTickets } from '#server/db/schema/index.ts'
import { type InboundMailServer, startInboundMail } from '#server/modules/support/inbound-mail.ts'
import { createOrganization, memberOf } from '#tests/helpers/billing.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { SmtpSession, streamMessage } from '#tests/helpers/smtp-session.ts'

type CapturedMail = { envelope: SMTPServerEnvelope; raw: string }

const DOMAIN = 'support.example.test'
const TLS_FIXTURE = new URL('../fixtures/tls/', import.meta.url)
const listeners: InboundMailServer[] = []

const captured: CapturedMail[] = []
let smtp: SMTPServer
let server: TestServer

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        captured.push({ envelope: session.envelope, raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, INBOUND_MAIL_DOMAIN: DOMAIN })
})
afterAll(async () => {
  for (const listener of listeners) await listener.close()
  await server?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

async function waitForCapturedMail(timeoutMs = 10_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (captured[0]) return captured[0]
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('No mail reached the SMTP server in time')
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links and headers. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

describe('real SMTP capture', () => {
  it('sends the password reset mail through SMTP_URL, not to the outbox', async () => {
    const client = new TestClient(server.app)
    const response = await client.post('/api/auth/forgot-password', { email: 'demo@clusterdeck.eu' })
    expect(response.statusCode).toBe(200)

    const mail = await waitForCapturedMail()
    expect(mail.envelope.rcptTo.map((recipient) => recipient.address)).toEqual(['demo@clusterdeck.eu'])
    expect(mail.envelope.mailFrom).toMatchObject({ address: 'no-reply@clusterdeck.eu' })
    const message = decodeQuotedPrintable(mail.raw)
    expect(message).toMatch(/^To: demo@clusterdeck\.eu\r?$/m)
    expect(message).toMatch(/^From: Clusterdeck <no-reply@clusterdeck\.eu>\r?$/m)
    expect(message).toMatch(/^Subject: Reset your Clusterdeck password\r?$/m)
    const link = message.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9%._~-]+)/)
    expect(link, message).not.toBeNull()

    // The link in the mail is the real thing: its token sets a new password.
    const token = decodeURIComponent(link![1]!)
    const reset = await client.post('/api/auth/reset-password', {
      token,
      password: 'a-new-unusual-passphrase-77',
    })
    expect(reset.statusCode).toBe(200)
    const oldPassword = await new TestClient(server.app).post('/api/login', {
      username: 'demo',
      password: DEMO_PASSWORD,
    })
    expect(oldPassword.statusCode).toBe(401)

    expect(await server.db.select().from(outbox)).toEqual([])
    expect(captured).toHaveLength(1)
  })
})

/** An inbound listener on a free port, closed after the file. */
async function listen(options: Omit<Parameters<typeof startInboundMail>[1], 'port' | 'log'> = {}) {
  const listener = await startInboundMail(server.ctx, {
    port: 0,
    host: '127.0.0.1',
    log: (error) => console.error(error),
    ...options,
  })
  listeners.push(listener)
  return listener
}

/** A member's new ticket and the reply address its opening mail carries in Reply-To, as sent over SMTP. */
async function ticketWithReplyAddress() {
  const organization = await createOrganization(server.db, { supportPlanId: 'developer' })
  const member = await memberOf(server, organization.id, 'user')
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: member.headers,
    payload: { category: 'technical', priority: 'P3', subject: 'Slow volumes', description: 'IOPS dropped.' },
  })
  expect(created.statusCode, created.body).toBe(201)
  const ticket = created.json() as { id: string; number: string }
  const deadline = Date.now() + 15_000
  for (;;) {
    const mail = captured.find((entry) => entry.envelope.rcptTo.some((rcpt) => rcpt.address === member.email))
    // The header may be folded onto the next line.
    const replyTo = mail && /^Reply-To:\s+(\S+)\r?$/m.exec(mail.raw)?.[1]
    if (replyTo) return { ticket, member, address: replyTo }
    if (Date.now() > deadline) throw new Error('The opening mail did not reach the SMTP server in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const messageCount = async (ticketId: string) =>
  (await server.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId))).length

/** EHLO, then MAIL FROM, as a mail server relaying a reply would. */
async function greetAndSend(session: SmtpSession, from = 'someone@example.com') {
  expect((await session.command('EHLO relay.example.com')).code).toBe(250)
  expect((await session.command(`MAIL FROM:<${from}>`)).code).toBe(250)
}

describe('the inbound SMTP listener', () => {
  it('refuses an unknown, a foreign or an old ticket-wide address at RCPT TO, before any DATA', async () => {
    const listener = await listen()
    const { ticket } = await ticketWithReplyAddress()
    const oldToken = 'a'.repeat(32)
    await server.db
      .update(supportTickets)
      .set({ replyToken: oldToken })
      .where(eq(supportTickets.id, ticket.id))
    const { session } = await SmtpSession.open(listener.port)
    await greetAndSend(session)
    for (const recipient of [
      `support+${'0'.repeat(40)}@${DOMAIN}`,
      `support+${oldToken}@${DOMAIN}`,
      `someone@${DOMAIN}`,
      'support+abc@elsewhere.example',
    ])
      expect((await session.command(`RCPT TO:<${recipient}>`)).code, recipient).toBe(550)
    // With no recipient accepted there is nothing to send data to.
    expect((await session.command('DATA')).code).toBe(503)
    session.close()
    expect(listener.stats.parsed).toBe(0)
    expect(await messageCount(ticket.id)).toBe(1)
  })

  it('refuses a message over the limit with 552 while it streams, and never parses it', async () => {
    const listener = await listen()
    const { ticket, address } = await ticketWithReplyAddress()
    const { session } = await SmtpSession.open(listener.port)
    await greetAndSend(session)
    expect((await session.command(`RCPT TO:<${address}>`)).code).toBe(250)
    expect((await session.command('DATA')).code).toBe(354)
    // No SIZE declared: the limit holds on the bytes themselves (20 MB, and a little more).
    await streamMessage(
      session,
      `From: someone@example.com\r\nTo: ${address}\r\nSubject: Big`,
      20 * 1024 * 1024 + 64 * 1024,
    )
    const refused = await session.reply(60_000)
    expect(refused.code, refused.text).toBe(552)
    expect(listener.stats).toEqual({ parsed: 0, refusedOversize: 1 })
    expect(await messageCount(ticket.id)).toBe(1)

    // A size declared too large is refused at MAIL FROM; the listener still takes a message in bounds.
    expect((await session.command(`MAIL FROM:<someone@example.com> SIZE=${30 * 1024 * 1024}`)).code).toBe(552)
    expect((await session.command('MAIL FROM:<someone@example.com>')).code).toBe(250)
    expect((await session.command(`RCPT TO:<${address}>`)).code).toBe(250)
    expect((await session.command('DATA')).code).toBe(354)
    await session.write(
      `From: someone@example.com\r\nTo: ${address}\r\nSubject: Re\r\n\r\nSmall one.\r\n.\r\n`,
    )
    expect((await session.reply()).code).toBe(250)
    expect(listener.stats.parsed).toBe(1)
    expect(await messageCount(ticket.id)).toBe(2)
    session.close()
  })

  it('turns away clients past its limit with 421, and closes idle ones', async () => {
    const listener = await listen({ maxClients: 2, socketTimeoutMs: 500 })
    const first = await SmtpSession.open(listener.port)
    const second = await SmtpSession.open(listener.port)
    expect([first.greeting.code, second.greeting.code]).toEqual([220, 220])
    const third = await SmtpSession.open(listener.port)
    expect(third.greeting.code, third.greeting.text).toBe(421)
    third.session.close()
    // Idle clients are closed by the server, which then takes new ones.
    await Promise.all([first.session.closed, second.session.closed])
    const later = await SmtpSession.open(listener.port)
    expect(later.greeting.code).toBe(220)
    later.session.close()
  })

  it('offers STARTTLS with a certificate, and a reply sent over it lands', async () => {
    const tls = {
      cert: readFileSync(new URL('inbound-smtp-test.crt', TLS_FIXTURE)),
      key: readFileSync(new URL('inbound-smtp-test.key', TLS_FIXTURE)),
    }
    const listener = await listen({ tls })
    const { session } = await SmtpSession.open(listener.port)
    expect((await session.command('EHLO relay.example.com')).text).toMatch(/STARTTLS/)
    session.close()

    const { ticket, member, address } = await ticketWithReplyAddress()
    // requireTLS: the client upgrades with STARTTLS and checks the certificate, or sends nothing.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      requireTLS: true,
      tls: { ca: [tls.cert], servername: 'localhost' },
    })
    try {
      const sent = await transport.sendMail({
        from: member.email,
        to: address,
        subject: 'Re',
        text: 'Sent over TLS.',
      })
      expect(sent.response).toMatch(/^250/)
    } finally {
      transport.close()
    }
    const [message] = (
      await server.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticket.id))
    ).filter((row) => row.body === 'Sent over TLS.')
    expect(message).toMatchObject({ via: 'email', authorUserId: member.userId })
  })

  it('does not offer STARTTLS without a certificate', async () => {
    const listener = await listen()
    const { session } = await SmtpSession.open(listener.port)
    expect((await session.command('EHLO relay.example.com')).text).not.toMatch(/STARTTLS/)
    expect((await session.command('STARTTLS')).code).not.toBe(220)
    session.close()
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      requireTLS: true,
    })
    try {
      await expect(
        transport.sendMail({
          from: 'a@example.com',
          to: `support+x@${DOMAIN}`,
          subject: 'Re',
          text: 'Plain',
        }),
      ).rejects.toThrow(/STARTTLS/)
    } finally {
      transport.close()
    }
  })
})
