import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads, newsletterSubscriptions } from '#server/db/schema/index.ts'
import { queuedMailCount, tokenOf, waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

const LIMIT = 3
const WINDOW_SECONDS = 600
const SALES_INBOX = 'leads-inbox@example.com'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    SALES_INBOX,
    LEAD_RATE_LIMIT_PER_IP: String(LIMIT),
    LEAD_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  })
})
afterAll(() => server.close())

let nextAddress = 1
/** Every test sends from its own address, so one test's rate-limit counts never reach another's. */
const newAddress = () => `198.51.100.${nextAddress++}`

function post(url: string, payload: object, remoteAddress = newAddress()) {
  return new TestClient(server.app).request({ method: 'POST', url, payload, remoteAddress })
}

/** A person no other test uses (the name in letters: the visitor's copy greets only a name that reads as one). */
function person(overrides: Record<string, string> = {}) {
  const suffix = randomBytes(4).toString('hex')
  return {
    name: `Ada Lead ${suffix.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
    email: `lead-${suffix}@example.com`,
    company: `Analytical ${suffix}`,
    ...overrides,
  }
}

const MESSAGE = 'We run 40 services on EKS and want to move them to an EU provider.'

/** A valid body of each form besides the demo, with the subjects of its two mails. */
const FORMS = [
  {
    url: '/api/leads/contact-sales',
    kind: 'contact_sales',
    body: () => ({ ...person(), phone: '+33 1 23 45 67 89', companySize: '51-250', message: MESSAGE }),
    salesLabel: 'Contact sales',
    personSubject: 'Thanks for contacting Clusterdeck sales',
    details: { phone: '+33 1 23 45 67 89', companySize: '51-250' },
  },
  {
    url: '/api/leads/custom-quote',
    kind: 'custom_quote',
    body: () => ({ ...person(), phone: '', clusterType: 'red', nodeCount: '21-50', message: MESSAGE }),
    salesLabel: 'Custom quote',
    personSubject: 'We are preparing your Clusterdeck quote',
    details: { clusterType: 'red', nodeCount: '21-50' },
  },
  {
    url: '/api/leads/workload-migration',
    kind: 'workload_migration',
    body: () => ({ ...person(), currentPlatform: 'aws_eks', workloadCount: '11-50', message: MESSAGE }),
    salesLabel: 'Workload migration',
    personSubject: 'Your workload migration request',
    details: { currentPlatform: 'aws_eks', workloadCount: '11-50' },
  },
  {
    url: '/api/leads/contact',
    kind: 'contact',
    body: () => {
      const { company: _company, ...someone } = person()
      return { ...someone, topic: 'press', message: MESSAGE }
    },
    salesLabel: 'Contact',
    personSubject: 'We received your message',
    details: { topic: 'press' },
  },
] as const

const salesSubject = (label: string, body: { name: string; company?: string }) =>
  `[${label}] ${body.name}${body.company ? `, ${body.company}` : ''}`

describe('lead forms', () => {
  for (const form of FORMS) {
    it(`${form.url} stores the lead and mails the sales inbox and the person`, async () => {
      const body = form.body()
      const response = await post(form.url, body)
      expect(response.statusCode, response.body).toBe(201)
      const receipt = response.json()
      expect(receipt.message).toMatch(/^Thank you/)

      const [row] = await server.db.select().from(leads).where(eq(leads.id, receipt.id))
      expect(row).toMatchObject({
        kind: form.kind,
        name: body.name,
        email: body.email,
        company: 'company' in body ? body.company : null,
        message: MESSAGE,
        language: 'en',
        details: form.details,
        demoSlotStart: null,
      })

      const sales = await waitForMailWithSubject(server.db, SALES_INBOX, salesSubject(form.salesLabel, body))
      expect(sales.text).toContain(`Email: ${body.email}`)
      expect(sales.text).toContain(MESSAGE)
      expect(sales.text).toContain(receipt.id)
      const confirmation = await waitForMailWithSubject(server.db, body.email, form.personSubject)
      expect(confirmation.text).toContain(`Hello ${body.name},`)
      // Anyone can type any address: the visitor's copy never repeats what was typed with it.
      expect(confirmation.text).not.toContain(MESSAGE)
      expect(confirmation.html ?? '').not.toContain(MESSAGE)
    })
  }

  it("relays no stranger's words to the typed address: no message, no link-bearing name (L4)", async () => {
    const victim = `victim-${randomBytes(4).toString('hex')}@example.com`
    const lure =
      'Your Clusterdeck account is suspended. Pay the overdue invoice at https://evil.example/pay today.'
    for (const form of FORMS) {
      const body = { ...form.body(), email: victim, name: 'Support https://evil.example', message: lure }
      const response = await post(form.url, body)
      expect(response.statusCode, response.body).toBe(201)
      const copy = await waitForMailWithSubject(server.db, victim, form.personSubject)
      for (const part of [copy.subject, copy.text, copy.html ?? '']) {
        expect(part).not.toContain('evil.example')
        expect(part).not.toContain('suspended')
      }
      expect(copy.text).not.toMatch(/^Hello/)
      // The sales inbox still gets every word, to judge for itself.
      const sales = await waitForMailWithSubject(server.db, SALES_INBOX, salesSubject(form.salesLabel, body))
      expect(sales.text).toContain(lure)
    }
  })

  it('writes the confirmation in French to a visitor who used the site in French', async () => {
    const body = { ...FORMS[0].body(), language: 'fr' }
    const response = await post('/api/leads/contact-sales', body)
    expect(response.statusCode, response.body).toBe(201)
    const mail = await waitForMailWithSubject(
      server.db,
      body.email,
      "Merci d'avoir contacté l'équipe commerciale de Clusterdeck",
    )
    expect(mail.text).toContain(`Bonjour ${body.name},`)
    expect(mail.text).toContain('Un membre de notre équipe commerciale vous répondra sous un jour ouvré.')
    // The sales inbox reads English whatever the visitor's language.
    const sales = await waitForMailWithSubject(server.db, SALES_INBOX, salesSubject('Contact sales', body))
    expect(sales.text).toContain('Language: fr')
  })

  it('answers bad input with 400 and the issue of each field, storing and mailing nothing', async () => {
    const email = `not-an-address-${randomBytes(3).toString('hex')}`
    const response = await post('/api/leads/contact-sales', {
      name: '  ',
      email,
      company: 'Acme',
      phone: 'call me',
      companySize: 'huge',
      message: 'short',
    })
    expect(response.statusCode).toBe(400)
    const answer = response.json()
    expect(answer.code).toBe('VALIDATION_FAILED')
    expect(answer.message).toMatch(/^Invalid body\./)
    expect(
      Object.fromEntries(
        answer.issues.map((issue: { path: string; message: string }) => [issue.path, issue.message]),
      ),
    ).toEqual({
      'body.name': 'Enter your name',
      'body.email': 'Enter a valid email address',
      'body.phone': 'Enter a phone number with digits, spaces and + ( ) . - only',
      'body.companySize': 'Choose one of the options',
      'body.message': 'Tell us a little more (at least 10 characters)',
    })
    expect(await server.db.select().from(leads).where(eq(leads.email, email))).toEqual([])
    expect(await queuedMailCount(server.db, email)).toBe(0)
  })

  it('refuses line breaks in single-line fields (they end up in mail subjects)', async () => {
    const response = await post('/api/leads/contact', { ...FORMS[3].body(), name: 'Eve\nBcc: x@example.com' })
    expect(response.statusCode).toBe(400)
    expect(response.json().issues).toEqual([
      { path: 'body.name', message: 'Remove line breaks and control characters' },
    ])
  })

  it(`answers the ${LIMIT + 1}th submission of a form from one IP with 429, counting each form on its own`, async () => {
    const address = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const response = await post('/api/leads/contact', FORMS[3].body(), address)
      expect(response.statusCode, response.body).toBe(201)
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - attempt))
    }
    const refusedBody = FORMS[3].body()
    const refused = await post('/api/leads/contact', refusedBody, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      message: `Too many attempts. Please try again in ${WINDOW_SECONDS / 60} minute(s).`,
      code: 'RATE_LIMITED',
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS - 10)
    expect(await server.db.select().from(leads).where(eq(leads.email, refusedBody.email))).toEqual([])
    expect(await queuedMailCount(server.db, refusedBody.email)).toBe(0)

    // Another form from the same address is still open.
    expect((await post('/api/leads/contact-sales', FORMS[0].body(), address)).statusCode).toBe(201)
    // Invalid submissions count too, so the limit cannot be probed for free.
    const probing = newAddress()
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await post('/api/newsletter/subscriptions', {}, probing)).statusCode).toBe(400)
    }
    expect(
      (await post('/api/newsletter/subscriptions', { email: 'a@example.com' }, probing)).statusCode,
    ).toBe(429)
  })
})

type Slot = { start: string; end: string }

async function freeSlots(): Promise<Slot[]> {
  const response = await new TestClient(server.app).get('/api/leads/demo-slots')
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  const answer = response.json()
  expect(answer).toMatchObject({ timeZone: 'Europe/Paris', slotMinutes: 30 })
  return answer.slots
}

/** Hours and minutes in Paris, such as "09:00". */
const parisTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

describe('demo booking', () => {
  it('offers 30-minute slots from 09:00 to 17:00 Paris time on 10 weekdays after today', async () => {
    const slots = await freeSlots()
    expect(slots.length).toBeGreaterThan(150)
    expect(slots.length).toBeLessThanOrEqual(160)
    const days = new Set(slots.map((slot) => slot.start.slice(0, 10)))
    expect(days.size).toBe(10)
    for (const slot of slots) {
      expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(30 * 60_000)
      expect(parisTime(slot.start) >= '09:00' && parisTime(slot.start) <= '16:30', slot.start).toBe(true)
      expect(new Date(slot.start).getTime()).toBeGreaterThan(Date.now())
    }
  })

  it('books a free slot, mails both sides, and stops offering it; booking it again is a 409', async () => {
    const [slot] = (await freeSlots()).slice(-1)
    const body = { ...person(), slotStart: slot!.start, message: '' }
    const response = await post('/api/leads/schedule-demo', body)
    expect(response.statusCode, response.body).toBe(201)
    const receipt = response.json()
    expect(receipt.slotStart).toBe(slot!.start)

    const [row] = await server.db.select().from(leads).where(eq(leads.id, receipt.id))
    expect(row).toMatchObject({ kind: 'schedule_demo', message: null, details: {} })
    expect(row!.demoSlotStart!.toISOString()).toBe(slot!.start)
    expect((await freeSlots()).map((free) => free.start)).not.toContain(slot!.start)

    const sales = await waitForMailWithSubject(server.db, SALES_INBOX, salesSubject('Demo', body))
    expect(sales.text).toContain(`(Paris time)`)
    const confirmation = await waitForMailWithSubject(
      server.db,
      body.email,
      'Your Clusterdeck demo is booked',
    )
    expect(confirmation.text).toContain(`at ${parisTime(slot!.start)} (Paris time)`)

    const rival = { ...person(), slotStart: slot!.start }
    const taken = await post('/api/leads/schedule-demo', rival)
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      message: 'This demo slot has just been booked by someone else. Please choose another time.',
      code: 'SLOT_TAKEN',
    })
    expect(await server.db.select().from(leads).where(eq(leads.email, rival.email))).toEqual([])
    expect(await queuedMailCount(server.db, rival.email)).toBe(0)
  })

  it('lets only one of two people racing for a slot have it', async () => {
    const [slot] = await freeSlots()
    const answers = await Promise.all(
      [person(), person()].map((someone) =>
        post('/api/leads/schedule-demo', { ...someone, slotStart: slot!.start }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const booked = await server.db
      .select()
      .from(leads)
      .where(eq(leads.demoSlotStart, new Date(slot!.start)))
    expect(booked).toHaveLength(1)
  })

  it('refuses a time that is not a slot on offer with 422', async () => {
    const [slot] = await freeSlots()
    const quarterPast = new Date(new Date(slot!.start).getTime() + 15 * 60_000).toISOString()
    for (const slotStart of [quarterPast, new Date(Date.now() - 86_400_000).toISOString()]) {
      const response = await post('/api/leads/schedule-demo', { ...person(), slotStart })
      expect(response.statusCode, slotStart).toBe(422)
      expect(response.json().code).toBe('SLOT_NOT_OFFERED')
    }
  })
})

describe('newsletter (double opt-in)', () => {
  const CONFIRM_SUBJECT = 'Confirm your Clusterdeck newsletter subscription'

  async function subscribe(email: string, language = 'en') {
    const requested = new Date()
    const response = await post('/api/newsletter/subscriptions', { email, language })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      message: 'Check your inbox: we sent you a link to confirm your subscription.',
    })
    return requested
  }

  async function queuedMailsWithSubject(subject: string) {
    const result = await server.db.$client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pgboss.job WHERE data->>'subject' = $1`,
      [subject],
    )
    return Number(result.rows[0]?.count)
  }

  async function subscriptionOf(email: string) {
    const [row] = await server.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
    return row
  }

  it('stays pending until the mailed link is confirmed by POST; a second confirmation says so', async () => {
    const email = `reader-${randomBytes(4).toString('hex')}@example.com`
    await subscribe(` ${email.toUpperCase()} `)
    expect(await subscriptionOf(email)).toMatchObject({
      status: 'pending',
      language: 'en',
      confirmedAt: null,
    })

    const link = linkIn((await waitForMailWithSubject(server.db, email, CONFIRM_SUBJECT)).text)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/newsletter')
    const token = tokenOf(link)
    // Only a keyed hash of the token is kept.
    expect(JSON.stringify(await subscriptionOf(email))).not.toContain(token)
    // Nobody is told of a subscription before it is confirmed.
    expect(await queuedMailsWithSubject(`[Newsletter] New subscriber: ${email}`)).toBe(0)

    const confirmed = await post('/api/newsletter/confirm', { token })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({
      status: 'confirmed',
      message: 'Your subscription is confirmed. Welcome aboard!',
    })
    const row = await subscriptionOf(email)
    expect(row?.status).toBe('confirmed')
    expect(row?.confirmedAt).toBeInstanceOf(Date)
    await waitForMailWithSubject(server.db, SALES_INBOX, `[Newsletter] New subscriber: ${email}`)
    await waitForMailWithSubject(server.db, email, 'Your Clusterdeck newsletter subscription is confirmed')

    const again = await post('/api/newsletter/confirm', { token })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({
      status: 'already_confirmed',
      message: 'Your subscription was already confirmed.',
    })

    // Subscribing a confirmed address again changes nothing and says so by mail.
    await subscribe(email, 'fr')
    await waitForMailWithSubject(server.db, email, 'Vous recevez déjà la newsletter Clusterdeck')
    expect(await subscriptionOf(email)).toMatchObject({ status: 'confirmed', language: 'en' })
  })

  it('mails the link in French, and a new request replaces the earlier link', async () => {
    const email = `lecteur-${randomBytes(4).toString('hex')}@example.com`
    const first = await subscribe(email, 'fr')
    const frenchSubject = 'Confirmez votre inscription à la newsletter Clusterdeck'
    const firstToken = tokenOf(
      linkIn((await waitForMailWithSubject(server.db, email, frenchSubject, { after: first })).text),
    )
    const second = await subscribe(email, 'fr')
    const secondMail = await waitForMailWithSubject(server.db, email, frenchSubject, { after: second })
    const secondToken = tokenOf(linkIn(secondMail.text))
    expect(secondToken).not.toBe(firstToken)
    expect(secondMail.text).toContain('Le lien est valable 7 jours.')

    const stale = await post('/api/newsletter/confirm', { token: firstToken })
    expect(stale.statusCode).toBe(400)
    expect((await post('/api/newsletter/confirm', { token: secondToken })).json().status).toBe('confirmed')
    await waitForMailWithSubject(
      server.db,
      email,
      'Votre inscription à la newsletter Clusterdeck est confirmée',
    )
  })

  it('refuses an unknown or expired link with 400 INVALID_TOKEN', async () => {
    const invalid = {
      message: 'This link is invalid or has expired. Please subscribe again to get a new one.',
      code: 'INVALID_TOKEN',
    }
    const unknown = await post('/api/newsletter/confirm', { token: randomBytes(32).toString('base64url') })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual(invalid)

    const email = `late-${randomBytes(4).toString('hex')}@example.com`
    await subscribe(email)
    const token = tokenOf(linkIn((await waitForMailWithSubject(server.db, email, CONFIRM_SUBJECT)).text))
    await server.db
      .update(newsletterSubscriptions)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email))
    const expired = await post('/api/newsletter/confirm', { token })
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual(invalid)
    expect((await subscriptionOf(email))?.status).toBe('pending')
  })
})
