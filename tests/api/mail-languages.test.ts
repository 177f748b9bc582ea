import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#common/language.ts'
import { users } from '#server/db/schema/index.ts'
import { newRegistration, tokenOf, waitForMailWithSubject } from '#tests/helpers/auth.ts'
import { orderCluster, type Requester, waitForClusterStatus } from '#tests/helpers/clusters.ts'
import { APP_ORIGIN, linkIn, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'

/**
 * Every mail of the product, read from the outbox, in English and in French: the recipient's
 * language chooses (a user's stored language, a lead's page, the sales inbox's setting), and every
 * link is absolute under APP_URL and built from the route table.
 */

const SALES_INBOX = 'mail-languages-sales@example.com'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ SALES_INBOX, PROVISIONING_SPEED: '500' })
})
afterAll(() => server.close())

let nextAddress = 1
const client = () => new TestClient(server.app)
const remoteAddress = () => `203.0.113.${nextAddress++}`

async function register(language: Language, overrides: Record<string, unknown> = {}) {
  const registration = newRegistration({ ...overrides, language })
  const response = await client().request({
    method: 'POST',
    url: '/api/register',
    payload: registration,
    remoteAddress: remoteAddress(),
  })
  expect(response.statusCode, response.body).toBe(200)
  const user = response.json() as { id: string; language: Language; companyId: string }
  return { registration: { ...registration, companyId: user.companyId }, user }
}

function post(url: string, payload: object) {
  return client().request({ method: 'POST', url, payload, remoteAddress: remoteAddress() })
}

/** A mail's one link: absolute, on the app's address, at the expected path. */
function expectLink(text: string, path: string) {
  const link = linkIn(text)
  expect(link.origin).toBe(APP_ORIGIN)
  expect(link.pathname).toBe(path)
  return link
}

const GREETING: Record<Language, string> = { en: 'Hello', fr: 'Bonjour' }
const SIGN_OFF: Record<Language, string> = { en: '— The Clusterdeck team', fr: '— L’équipe Clusterdeck' }

describe('account mails', () => {
  const subjects = {
    verify: { en: 'Verify your email address', fr: 'Confirmez votre adresse e-mail' },
    reset: { en: 'Reset your Clusterdeck password', fr: 'Réinitialisez votre mot de passe Clusterdeck' },
    magic: { en: 'Your Clusterdeck sign-in link', fr: 'Votre lien de connexion Clusterdeck' },
    pending: {
      en: 'A new registration waits for your approval',
      fr: 'Une nouvelle inscription attend votre validation',
    },
  } as const

  for (const language of ['en', 'fr'] as const) {
    it(`verification, reset and sign-in links in ${language}, the language of the page registered on`, async () => {
      const { registration, user } = await register(language)
      expect(user.language).toBe(language)
      const email = registration.email.toLowerCase()

      const verification = await waitForMailWithSubject(server.db, email, subjects.verify[language])
      expect(verification.text).toContain(`${GREETING[language]} ${registration.name},`)
      expect(verification.text).toContain(SIGN_OFF[language])
      expect(verification.html).toContain(SIGN_OFF[language])
      expect(tokenOf(expectLink(verification.text, '/api/auth/verify-email'))).toBeTruthy()

      const resetAt = new Date()
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200)
      const reset = await waitForMailWithSubject(server.db, email, subjects.reset[language], {
        after: resetAt,
      })
      expect(tokenOf(expectLink(reset.text, '/reset-password'))).toBeTruthy()

      const magicAt = new Date()
      expect((await post('/api/auth/magic-link', { email })).statusCode).toBe(200)
      const magic = await waitForMailWithSubject(server.db, email, subjects.magic[language], {
        after: magicAt,
      })
      expect(tokenOf(expectLink(magic.text, '/magic-link'))).toBeTruthy()
    })

    it(`the registration waiting for approval reaches an admin in ${language}, their own language`, async () => {
      const other = language === 'en' ? 'fr' : 'en'
      const { registration: admin } = await register(language)
      const joinedAt = new Date()
      const { registration: joiner } = await register(other, { companyId: admin.companyId })
      const mail = await waitForMailWithSubject(
        server.db,
        admin.email.toLowerCase(),
        subjects.pending[language],
        {
          after: joinedAt,
        },
      )
      expect(mail.text).toContain(`${joiner.name} (${joiner.email.toLowerCase()})`)
      expectLink(mail.text, '/admin/pending-registrations')
      // The joiner's own verification mail is in the joiner's language.
      await waitForMailWithSubject(server.db, joiner.email.toLowerCase(), subjects.verify[other])
    })
  }

  it('follows the language the person later chooses in the app', async () => {
    const { registration } = await register('en')
    const person = new TestClient(server.app)
    const signIn = await person.post('/api/login', {
      username: registration.username,
      password: registration.password,
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const changed = await person.put('/api/user/language', { language: 'fr' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ language: 'fr' })
    expect((await person.get('/api/user')).json()).toMatchObject({ language: 'fr' })

    const resetAt = new Date()
    await post('/api/auth/forgot-password', { email: registration.email })
    await waitForMailWithSubject(server.db, registration.email.toLowerCase(), subjects.reset.fr, {
      after: resetAt,
    })
    expect((await person.put('/api/user/language', { language: 'de' })).statusCode).toBe(400)
  })
})

describe('cluster mails', () => {
  async function requesterIn(language: Language): Promise<Requester> {
    const { user } = await register(language)
    const [row] = await server.db
      .select({ userId: users.id, organizationId: users.organizationId, email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
    return row!
  }

  const running = {
    en: (name: string) => `Your cluster ${name} is running`,
    fr: (name: string) => `Votre cluster ${name} est en service`,
  }
  const failed = {
    en: (name: string) => `Provisioning of ${name} failed`,
    fr: (name: string) => `Le provisionnement de ${name} a échoué`,
  }

  for (const language of ['en', 'fr'] as const) {
    it(`a running cluster and a failed operation are announced in ${language}`, async () => {
      const requester = await requesterIn(language)
      const name = `mail-${language}-${randomBytes(2).toString('hex')}`
      const { cluster } = await orderCluster(server.ctx, requester, name)
      await waitForClusterStatus(server.db, cluster.id, 'running')
      const mail = await waitForMailWithSubject(server.db, requester.email, running[language](name))
      expect(mail.text).toContain(GREETING[language])
      expectLink(mail.text, `/clusters/${cluster.id}`)

      const settings = server.ctx.config.provisioning
      settings.failureRate = 1
      try {
        const failing = `${name}-x`
        const { cluster: broken } = await orderCluster(server.ctx, requester, failing)
        await waitForClusterStatus(server.db, broken.id, 'failed')
        const failure = await waitForMailWithSubject(server.db, requester.email, failed[language](failing))
        expect(failure.text).toContain(language === 'fr' ? 'Raison :' : 'Reason:')
        expectLink(failure.text, `/clusters/${broken.id}`)
      } finally {
        settings.failureRate = 0
      }
    })
  }
})

describe('lead and newsletter mails', () => {
  const person = () => {
    const suffix = randomBytes(4).toString('hex')
    // Letters only: the visitor's copy greets only a name that reads as one.
    const name = `Lea ${suffix.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`
    return { name, email: `lead-mail-${suffix}@example.com` }
  }
  const message = 'We would like to know more about your managed clusters.'

  for (const language of ['en', 'fr'] as const) {
    it(`a lead's confirmation is in the language of its page (${language}); the sales inbox gets its own`, async () => {
      server.ctx.config.salesInbox.language = language
      try {
        const visitor = person()
        const response = await post('/api/leads/contact', { ...visitor, topic: 'general', message, language })
        expect(response.statusCode, response.body).toBe(201)
        const confirmation = await waitForMailWithSubject(
          server.db,
          visitor.email,
          language === 'fr' ? 'Nous avons bien reçu votre message' : 'We received your message',
        )
        expect(confirmation.text).toContain(`${GREETING[language]} ${visitor.name},`)
        const sales = await waitForMailWithSubject(server.db, SALES_INBOX, `[Contact] ${visitor.name}`)
        expect(sales.text).toContain(
          language === 'fr' ? 'Nouvelle demande depuis le site' : 'New lead from the website',
        )
      } finally {
        server.ctx.config.salesInbox.language = 'en'
      }
    })

    it(`the newsletter's confirmation, welcome and "already subscribed" mails in ${language}`, async () => {
      const { email } = person()
      const subject =
        language === 'fr'
          ? {
              confirm: 'Confirmez votre inscription à la newsletter Clusterdeck',
              welcome: 'Votre inscription à la newsletter Clusterdeck est confirmée',
              already: 'Vous recevez déjà la newsletter Clusterdeck',
            }
          : {
              confirm: 'Confirm your Clusterdeck newsletter subscription',
              welcome: 'Your Clusterdeck newsletter subscription is confirmed',
              already: 'You already receive the Clusterdeck newsletter',
            }
      expect((await post('/api/newsletter/subscriptions', { email, language })).statusCode).toBe(200)
      const confirm = await waitForMailWithSubject(server.db, email, subject.confirm)
      const token = tokenOf(expectLink(confirm.text, '/newsletter'))
      expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200)
      await waitForMailWithSubject(server.db, email, subject.welcome)
      await waitForMailWithSubject(server.db, SALES_INBOX, `[Newsletter] New subscriber: ${email}`)
      expect((await post('/api/newsletter/subscriptions', { email, language })).statusCode).toBe(200)
      await waitForMailWithSubject(server.db, email, subject.already)
    })
  }
})
