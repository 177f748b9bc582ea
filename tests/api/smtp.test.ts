import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { outbox } from '#server/db/schema/index.ts'
import { startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

type CapturedMail = { envelope: SMTPServerEnvelope; raw: string }

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
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` })
})
afterAll(async () => {
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
