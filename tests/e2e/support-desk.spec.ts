import { randomBytes } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { acknowledgeRefusedRequest, expectToast, linkIn } from './support/auth.ts'
import { expect, expectScreensReadable, signIn, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * The support desk end to end: a member's P2 ticket about a running cluster, answered by an
 * officer in a second browser (an internal note the customer never sees, then a reply that
 * arrives live), resolved and rated; and a visitor's ticket proven by its mailed tracking link.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc4b40000000049454e44ae426082',
  'hex',
)

type Mail = { to: string; subject: string; text: string; sentAt: string }

/** The newest mail to `to` whose subject ends with `subjectEnd`, waiting for the mail queue. */
async function mailEndingWith(page: Page, to: string, subjectEnd: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/api/dev/mailbox')).json()) as Mail[]
        found = mails.find((mail) => mail.to === to && mail.subject.endsWith(subjectEnd))
        return found !== undefined
      },
      { message: `a mail "… ${subjectEnd}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

test('a P2 ticket about a cluster: the officer’s note and reply, live, then resolved and rated', async ({
  page,
  browser,
}) => {
  const subject = `Pods stuck in ContainerCreating ${randomBytes(3).toString('hex')}`
  await signIn(page, 'demo')
  await page.goto('/technical-support')
  const form = page.getByTestId('ticket-form')
  await form.getByRole('button', { name: 'Open the ticket' }).click()
  await expect(form.getByText('Fill in this field').first()).toBeVisible()
  await form.getByLabel('Priority').selectOption('P2')
  await expect(form.getByText('First response: 8h')).toBeVisible()
  await expect(form.getByRole('option', { name: 'P1 — Production down' })).toBeDisabled()
  await form.getByLabel('About').selectOption({ label: 'shop-production' })
  await expect(form.getByText('The cluster’s latest events are attached to the ticket.')).toBeVisible()
  await form.getByLabel('Subject').fill(subject)
  await form.getByLabel('Description').fill('New pods of `web` stay in **ContainerCreating** since 10:00.')
  await form.getByRole('button', { name: 'Preview' }).click()
  await expect(form.getByTestId('markdown-preview').locator('strong')).toHaveText('ContainerCreating')
  await form.getByRole('button', { name: 'Write' }).click()
  await form
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'events.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.getByTestId('attachment-list')).toContainText('events.png')
  await form.getByRole('button', { name: 'Open the ticket' }).click()

  await expect(page).toHaveURL(/\/orders\/support\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  const number = (await page.locator('header .font-mono').first().textContent())!.trim()
  expect(number).toMatch(/^TCK-\d{4}-\d{6}$/)
  await expectToast(page, `Ticket ${number} opened`, 'An engineer answers within 8h.')
  const firstClock = page.getByTestId('clock-firstResponse')
  await expect(firstClock).toHaveAttribute('data-state', 'running')
  await expect(firstClock).toContainText('Target 8h')
  await expect(firstClock).toContainText(/Due in \d/)
  const thread = page.getByTestId('ticket-thread')
  await expect(thread.getByRole('link', { name: /^Download events\.png/ })).toBeVisible()
  await expect(thread.getByRole('link', { name: /^Download shop-production-events\.log/ })).toBeVisible()
  await expect(page.getByTestId('ticket-status')).toHaveText('New')

  // The officer, in a browser of their own, finds it in the queue, writes a note, then replies.
  const officerContext = await browser.newContext()
  const officer = await officerContext.newPage()
  await signIn(officer, 'officer')
  await officer.goto('/officers/panel')
  const queued = officer.getByTestId(`officer-ticket-${number}`)
  await expect(queued).toContainText(subject)
  await expect(queued).toContainText('Demo Company · Developer · Technical · Unassigned')
  await queued.getByRole('button', { name: `Open ${number}` }).click()
  const desk = officer.getByTestId('officer-ticket')
  await expect(desk.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  const note = 'Known issue with the CSI driver on FR-PAR-1; patch rolling out.'
  await desk.getByLabel('Internal note (the customer never sees it)').check()
  await desk.getByLabel('Message').fill(note)
  await desk.getByRole('button', { name: 'Add the note' }).click()
  await expectToast(officer, 'Note added')
  await expect(desk.locator('[data-internal]')).toContainText(note)
  await desk.getByLabel('Canned reply').selectOption({ label: 'Fixed, please confirm' })
  await expect(desk.getByLabel('Message')).toHaveValue(/The cause is fixed on our side/)
  const reply = 'The CSI driver is patched: new pods start again. Could you confirm?'
  await desk.getByLabel('Message').fill(reply)
  await desk.getByRole('button', { name: 'Send the reply' }).click()
  await expectToast(officer, 'Reply sent')

  // The customer's page shows the reply without a reload, and never the note.
  await expect(thread).toContainText(reply)
  await expect(page.getByTestId('ticket-status')).toHaveText('Waiting on you')
  await expect(firstClock).toHaveAttribute('data-state', 'met')
  await expect(thread).not.toContainText(note)
  await expect(page.locator('[data-internal]')).toHaveCount(0)
  await officerContext.close()

  await page.getByRole('button', { name: 'Mark resolved' }).click()
  await expectToast(page, 'Ticket resolved')
  await expect(page.getByTestId('ticket-status')).toHaveText('Resolved')
  await page.getByRole('button', { name: 'Send the rating' }).click()
  await expect(page.getByText('Enter 1 or more')).toBeVisible()
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 out of 5' }) })
    .click()
  await expect(page.getByRole('radio', { name: '4 out of 5' })).toBeChecked()
  await page.getByLabel('Comment (optional)').fill('Fast and precise')
  await page.getByRole('button', { name: 'Send the rating' }).click()
  await expectToast(page, 'Thank you for your rating')
  await expect(page.getByTestId('ticket-rating')).toHaveText('You rated this answer 4 out of 5.')
})

test('a visitor’s ticket: the tracking mail, its link, a reply; tracking with a wrong address says nothing; an expired link and a new one', async ({
  page,
  consoleErrors,
}) => {
  const suffix = randomBytes(3).toString('hex')
  const email = `visitor-${suffix}@example.com`
  const subject = `Do you offer GPU nodes in Frankfurt? ${suffix}`
  await page.goto('/submit-ticket')
  const form = page.getByTestId('public-ticket-form')
  await form.getByLabel('Your name').fill('Camille Martin')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Company (optional)').fill('Example SAS')
  await form.getByLabel('Category').selectOption('sales')
  await form.getByLabel('Subject').fill(subject)
  await form.getByLabel('Message').fill('We need four H100 nodes for three months.')
  await form.getByRole('button', { name: 'Send the ticket' }).click()
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible()

  const mail = await mailEndingWith(page, email, subject)
  const number = /\[(TCK-\d{4}-\d{6})\]/.exec(mail.subject)![1]!
  const link = linkIn(mail)
  expect(link.pathname).toBe('/track-ticket')
  await page.goto(link.pathname + link.search)
  const tracked = page.getByTestId('tracked-ticket')
  await expect(tracked.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await expect(tracked).toContainText(number)
  await expect(tracked.getByTestId('ticket-thread')).toContainText(
    'We need four H100 nodes for three months.',
  )
  await tracked.getByLabel('Your reply').fill('Two A100 nodes would do too.')
  await tracked.getByRole('button', { name: 'Send the reply' }).click()
  await expectToast(page, 'Reply sent')
  await expect(tracked.getByTestId('ticket-message')).toHaveCount(2)

  // Someone who knows only the number learns nothing, and nothing is mailed to them.
  const stranger = `stranger-${suffix}@example.com`
  await page.goto('/track-ticket')
  const track = page.getByTestId('track-ticket-form')
  await track.getByLabel('Ticket number').fill(number)
  await track.getByLabel('Email').fill(stranger)
  await track.getByRole('button', { name: 'Mail me the link' }).click()
  await expect(page.getByTestId('track-receipt')).toHaveText(
    'If a ticket with this number was sent from this address, a new private link is on its way there. The links sent before no longer work.',
  )
  await expect(page.getByText(subject)).toHaveCount(0)
  const mails = (await (await page.request.get('/api/dev/mailbox')).json()) as Mail[]
  expect(mails.filter((entry) => entry.to === stranger)).toEqual([])

  // The link expires (30 days, here at once): the page says so and how to get a new one.
  const expired = await page.request.post('/api/dev/support/expire-tracking-link', { data: { number } })
  expect(expired.status()).toBe(200)
  await page.goto(link.pathname + link.search)
  await expect(page.getByTestId('tracking-link-expired')).toHaveText(
    'This tracking link has expired: links work for 30 days. Enter the ticket number and your email address below, and we mail you a new one.',
  )
  await expect(page.getByTestId('tracked-ticket')).toHaveCount(0)
  acknowledgeRefusedRequest(consoleErrors, 410)
  const again = page.getByTestId('track-ticket-form')
  await again.getByLabel('Ticket number').fill(number)
  await again.getByLabel('Email').fill(email)
  await again.getByRole('button', { name: 'Mail me the link' }).click()
  await expect(page.getByTestId('track-receipt')).toBeVisible()
  const fresh = linkIn(await mailEndingWith(page, email, 'Your tracking link'))
  expect(fresh.search).not.toBe(link.search)
  await page.goto(fresh.pathname + fresh.search)
  await expect(page.getByTestId('tracked-ticket').getByTestId('ticket-message')).toHaveCount(2)
  // The old link is refused now, and says so in French too.
  await page.evaluate(() => localStorage.setItem('language', 'fr'))
  await page.goto(link.pathname + link.search)
  await expect(page.getByTestId('tracking-link-invalid')).toHaveText(
    'Ce lien de suivi n’est plus valide. Redemandez-le ci-dessous.',
  )
  acknowledgeRefusedRequest(consoleErrors, 404)
  await page.request.post('/api/dev/support/expire-tracking-link', { data: { number } })
  await page.goto(fresh.pathname + fresh.search)
  await expect(page.getByTestId('tracking-link-expired')).toHaveText(
    'Ce lien de suivi a expiré : les liens sont valables 30 jours. Saisissez ci-dessous le numéro du ticket et votre adresse e-mail, nous vous en envoyons un nouveau.',
  )
  acknowledgeRefusedRequest(consoleErrors, 410)
})

test('in French, dark and on a phone, the support screens read, fit and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  await signIn(page, 'demo')
  const screens = [
    ['/support', 'Votre offre de support'],
    ['/orders/support', 'Tous les tickets de votre organisation, avec leurs délais.'],
    ['/technical-support', 'Support technique'],
  ] as const
  await expectScreensReadable(page, screens)
  await page.goto('/orders/support')
  await page.getByRole('link', { name: /TCK-\d{4}-000001/ }).click()
  await expect(page.getByTestId('ticket-thread')).toContainText('ingress')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])
})

test('“Report a problem” on an invoice opens the billing form about that invoice', async ({ page }) => {
  await signIn(page, 'demo')
  await page.goto('/billing')
  const report = page.getByRole('link', { name: /^Report a problem with invoice / }).first()
  const label = (await report.getAttribute('aria-label'))!
  const number = label.replace('Report a problem with invoice ', '')
  await report.click()
  await expect(page).toHaveURL(/\/billing-support\?invoice=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Billing support' })).toBeVisible()
  const form = page.getByTestId('ticket-form')
  await expect(form.getByLabel('Category')).toHaveValue('billing')
  await expect(form.getByLabel('About').locator('option:checked')).toHaveText(number)
})

test('a new organization’s admin upgrades its support plan: an order, and P1 opens up', async ({
  page,
  playwright,
}, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  const admin = await registrar.registerVerified()
  await registrar.close()
  await signInAsFreshAdmin(page, admin)
  await page.goto('/support')
  const plan = page.getByTestId('support-plan')
  await expect(plan.getByRole('heading', { name: 'Basic' })).toBeVisible()
  await expect(plan.getByRole('row', { name: /P1/ })).toContainText('not covered')
  await page.getByTestId('support-plan-business').getByRole('button', { name: 'Upgrade to Business' }).click()
  const dialog = page.getByTestId('plan-upgrade-dialog')
  await expect(dialog).toContainText('Your organization moves to the Business plan now')
  await dialog.getByRole('button', { name: 'Order the upgrade' }).click()
  await expectToast(page, 'You are on the Business plan')
  await expect(page).toHaveURL(/\/order-status\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('order-subject')).toHaveText('Business support plan')
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-status', 'fulfilled')

  await page.goto('/technical-support')
  await expect(page.getByRole('option', { name: 'P1 — Production down' })).toBeEnabled()
})
