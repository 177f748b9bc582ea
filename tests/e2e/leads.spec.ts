import { randomBytes } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { QUOTE_CLUSTER_TYPES } from '../../common/schemas/leads.ts'
import { common } from '../../web/locales/en/common.ts'
import { acknowledgeRefusedRequest, linkIn, mailTo, openAuthScreen } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

/** The server's default SALES_INBOX: the browser tests run it unconfigured. */
const SALES_INBOX = 'sales@clusterdeck.eu'
const { clusterTypes } = common
const MESSAGE = 'We run 40 services on EKS and would like to move them to an EU provider.'

/** A visitor no other test uses. */
function visitor() {
  const suffix = randomBytes(4).toString('hex')
  return {
    // Letters only: the visitor's copy greets only a name that reads as one.
    name: `Ada Visitor ${suffix.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
    email: `visitor-${suffix}@example.com`,
    company: `Engines ${suffix}`,
  }
}

type Visitor = ReturnType<typeof visitor>

/** Opens a form page once it is hydrated (its submit button is disabled until then). */
const openForm = openAuthScreen

async function fillContact(page: Page, person: Visitor) {
  await page.getByLabel('Full name').fill(person.name)
  await page.getByLabel('Work email').fill(person.email)
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill(person.company)
}

async function expectBothMails(
  request: APIRequestContext,
  person: Visitor,
  mails: { sales: string; person: string },
  after: Date,
) {
  const sales = await mailTo(
    request,
    SALES_INBOX,
    `[${mails.sales}] ${person.name}, ${person.company}`,
    after,
  )
  expect(sales.text).toContain(`Email: ${person.email}`)
  const confirmation = await mailTo(request, person.email, mails.person, after)
  return confirmation
}

test.describe('lead forms', () => {
  test('contact sales: field errors keep what was typed; a valid request is confirmed and mailed to both sides', async ({
    page,
    request,
  }) => {
    const person = visitor()
    const sentAfter = new Date()
    await openForm(page, '/contact-sales')
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to our sales team' })).toBeVisible()
    await expect(page.getByText('A member of our sales team replies within one business day')).toBeVisible()

    const sent: string[] = []
    page.on('request', (sentRequest) => {
      if (sentRequest.url().includes('/api/leads/')) sent.push(sentRequest.url())
    })
    await page.getByLabel('Full name').fill(person.name)
    await page.getByLabel('Work email').fill('ada@')
    await page.getByLabel('How can we help?').fill('Too short')
    await page.getByRole('button', { name: 'Contact sales' }).click()

    const email = page.getByLabel('Work email')
    await expect(email).toHaveAccessibleDescription('Enter a valid email address')
    await expect(email).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveAccessibleDescription(
      'Enter your company name',
    )
    await expect(page.getByRole('combobox', { name: 'Company size' })).toHaveAccessibleDescription(
      'Choose one of the options',
    )
    await expect(page.getByLabel('How can we help?')).toHaveAccessibleDescription(
      'Tell us a little more (at least 10 characters)',
    )
    await expect(page.getByLabel('Full name')).toHaveValue(person.name)
    await expect(email).toHaveValue('ada@')
    await expect(page.getByLabel('How can we help?')).toHaveValue('Too short')
    expect(sent, 'nothing is sent while the form is invalid').toEqual([])

    await email.fill(person.email)
    await expect(email).not.toHaveAccessibleDescription(/valid email/)
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill(person.company)
    await page.getByLabel(/^Phone/).fill('+33 1 23 45 67 89')
    await page.getByRole('combobox', { name: 'Company size' }).selectOption({ label: '51 to 250 people' })
    await page.getByLabel('How can we help?').fill(MESSAGE)
    await page.getByRole('button', { name: 'Contact sales' }).click()

    const done = page.getByRole('heading', { name: 'Thank you, your request is on its way' })
    await expect(done).toBeFocused()
    await expect(
      page.getByText('A member of our sales team will reply within one business day.'),
    ).toBeVisible()
    const confirmation = await expectBothMails(
      request,
      person,
      { sales: 'Contact sales', person: 'Thanks for contacting Clusterdeck sales' },
      sentAfter,
    )
    // The visitor's copy never repeats what was typed: anyone can type any address.
    expect(confirmation.text).not.toContain(MESSAGE)

    await page.getByRole('button', { name: 'Send another request' }).click()
    await expect(page.getByLabel('Full name')).toHaveValue('')
  })

  test('custom quote: a request is confirmed and mailed to both sides', async ({ page, request }) => {
    const person = visitor()
    const sentAfter = new Date()
    await openForm(page, '/custom-quote')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get a quote tailored to your project' }),
    ).toBeVisible()
    await fillContact(page, person)
    // The types as every page names them, and the form's own "not sure".
    const typeField = page.getByRole('combobox', { name: 'Cluster type' })
    const types = QUOTE_CLUSTER_TYPES.filter((id) => id !== 'not_sure').map((id) => clusterTypes[id])
    expect((await typeField.locator('option').allTextContents()).slice(1)).toEqual([...types, 'Not sure yet'])
    await typeField.selectOption({ label: 'Enterprise' })
    await page.getByRole('combobox', { name: 'Number of nodes' }).selectOption({ label: '21 to 50 nodes' })
    await page.getByLabel('Describe your project').fill(MESSAGE)
    await page.getByRole('button', { name: 'Request a quote' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you, we are preparing your quote' })).toBeFocused()
    const mail = await expectBothMails(
      request,
      person,
      { sales: 'Custom quote', person: 'We are preparing your Clusterdeck quote' },
      sentAfter,
    )
    expect(mail.text).toContain('within two business days')
  })

  test('workload migration: a request is confirmed and mailed to both sides', async ({ page, request }) => {
    const person = visitor()
    const sentAfter = new Date()
    await openForm(page, '/workload-migration')
    await fillContact(page, person)
    await page
      .getByRole('combobox', { name: 'Where your workloads run today' })
      .selectOption({ label: 'Amazon EKS' })
    await page.getByRole('combobox', { name: 'Number of workloads' }).selectOption({ label: '11 to 50' })
    await page.getByLabel('Tell us about your workloads').fill(MESSAGE)
    await page.getByRole('button', { name: 'Request a migration assessment' }).click()
    await expect(
      page.getByRole('heading', { name: 'Thank you, a migration architect will be in touch' }),
    ).toBeFocused()
    await expectBothMails(
      request,
      person,
      { sales: 'Workload migration', person: 'Your workload migration request' },
      sentAfter,
    )
  })

  test('contact, in French: French field errors, confirmation and mail', async ({ page, request }) => {
    const person = visitor()
    const sentAfter = new Date()
    await openForm(page, '/contact')
    await page.getByRole('button', { name: 'Change language, now English' }).click()
    await page.getByRole('menuitemradio', { name: /Français/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible()

    await page.getByLabel('Nom complet').fill(person.name)
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect(page.getByLabel('E-mail professionnel')).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide',
    )
    await expect(page.getByRole('combobox', { name: 'Sujet' })).toHaveAccessibleDescription(
      'Choisissez l’une des options',
    )
    await expect(page.getByLabel('Nom complet')).toHaveValue(person.name)

    await page.getByLabel('E-mail professionnel').fill(person.email)
    await page.getByRole('combobox', { name: 'Sujet' }).selectOption({ label: 'Partenariats' })
    await page.getByLabel('Message').fill('Nous aimerions devenir partenaire intégrateur de Clusterdeck.')
    await page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect(page.getByRole('heading', { name: 'Merci, votre message est bien parti' })).toBeFocused()

    const sales = await mailTo(request, SALES_INBOX, `[Contact] ${person.name}`, sentAfter)
    expect(sales.text).toContain('Topic: partnership')
    expect(sales.text).toContain('Language: fr')
    const mail = await mailTo(request, person.email, 'Nous avons bien reçu votre message', sentAfter)
    expect(mail.text).toContain(`Bonjour ${person.name},`)
    expect(mail.text).toContain('Nous vous répondrons sous deux jours ouvrés.')
  })
})

type Slot = { start: string; end: string }

/** "09:30": a slot's time as the picker shows it (Paris time, en-GB). */
const parisTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

test.describe('schedule a demo', () => {
  test('a slot someone books meanwhile is refused beside the picker; another one is booked and mailed', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const person = visitor()
    const sentAfter = new Date()
    await openForm(page, '/schedule-demo')
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a live demo' })).toBeVisible()
    const times = page.getByRole('group', { name: 'Time (Europe/Paris)' })
    await expect(times.getByRole('radio').first()).toBeVisible()

    // Two slots of the first day on offer: a rival takes the first one through the API.
    const { slots } = (await (await request.get('/api/leads/demo-slots')).json()) as { slots: Slot[] }
    const [taken, free] = slots
    const rival = visitor()
    const rivalBooking = await request.post('/api/leads/schedule-demo', {
      data: { ...rival, slotStart: taken!.start },
    })
    expect(rivalBooking.status()).toBe(201)

    await fillContact(page, person)
    await times.getByRole('radio', { name: parisTime(taken!.start) }).check()
    await page.getByLabel(/^Anything we should prepare/).fill('Our platform team of four will attend.')
    await page.getByRole('button', { name: 'Book the demo' }).click()
    await expect(
      page.getByText('This demo slot has just been booked by someone else. Please choose another time.'),
    ).toBeVisible()
    await expect(times.getByRole('radio', { name: parisTime(taken!.start) })).toHaveCount(0)
    await expect(page.getByLabel('Full name')).toHaveValue(person.name)
    await expect(page.getByLabel(/^Anything we should prepare/)).toHaveValue(
      'Our platform team of four will attend.',
    )
    acknowledgeRefusedRequest(consoleErrors, 409)

    await times.getByRole('radio', { name: parisTime(free!.start) }).check()
    await page.getByRole('button', { name: 'Book the demo' }).click()
    await expect(page.getByRole('heading', { name: 'Your demo is booked' })).toBeFocused()
    await expect(page.getByText(`at ${parisTime(free!.start)} (Paris time)`)).toBeVisible()

    const mail = await expectBothMails(
      request,
      person,
      { sales: 'Demo', person: 'Your Clusterdeck demo is booked' },
      sentAfter,
    )
    expect(mail.text).toContain(`at ${parisTime(free!.start)} (Paris time)`)
  })
})

test.describe('newsletter', () => {
  test('double opt-in: the mailed link confirms once through the page; again it says so', async ({
    page,
    request,
  }) => {
    const email = `reader-${randomBytes(4).toString('hex')}@example.com`
    const sentAfter = new Date()
    await openForm(page, '/newsletter')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get the Clusterdeck newsletter' }),
    ).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused()
    await expect(page.getByText(`We sent a confirmation link to ${email}.`)).toBeVisible()

    const link = linkIn(
      await mailTo(request, email, 'Confirm your Clusterdeck newsletter subscription', sentAfter),
    )
    expect(link.pathname).toBe('/newsletter')
    // Opening the link without running the page (a mail scanner) confirms nothing.
    expect((await request.get(link.pathname + link.search)).status()).toBe(200)

    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible()
    await mailTo(request, SALES_INBOX, `[Newsletter] New subscriber: ${email}`, sentAfter)
    await mailTo(request, email, 'Your Clusterdeck newsletter subscription is confirmed', sentAfter)

    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Your subscription was already confirmed' })).toBeVisible()
  })

  test('a bad link says it cannot be used and offers to subscribe again', async ({ page, consoleErrors }) => {
    await page.goto(`/newsletter?token=${'x'.repeat(43)}`)
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
    await page.getByRole('link', { name: 'Subscribe again' }).click()
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible()
    acknowledgeRefusedRequest(consoleErrors, 400)
  })
})

test.describe('layout and accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the demo form has no serious accessibility violation (${theme} theme)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await openForm(page, '/schedule-demo')
      await expect(
        page.getByRole('group', { name: 'Time (Europe/Paris)' }).getByRole('radio').first(),
      ).toBeVisible()
      await page.getByRole('button', { name: 'Book the demo' }).click()
      await expect(page.getByText('Choose a time for the demo')).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).analyze()
      const serious = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      )
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([])
    })
  }

  test('fits a small screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of ['/custom-quote', '/schedule-demo']) {
      await openForm(page, path)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})
