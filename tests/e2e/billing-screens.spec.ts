import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { priceEstimate } from '../../common/estimate.ts'
import type { ExchangeRates } from '../../common/money.ts'
import { formatAmount, formatCents } from '../../common/pricing.ts'
import type { Catalog } from '../../common/schemas/catalog.ts'
import { acknowledgeRefusedRequest, expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { holdAnswers } from './support/hold.ts'
import { type Registered, Registrar, signInAsFreshAdmin } from './support/registrations.ts'
import { scrollUntilShown } from './support/scroll.ts'
import { deliverStripeWebhooks } from './support/stripe.ts'

/*
 * The billing screens as people use them: a new organization's empty /billing and what its admin
 * sets up there, a member's read-only view, the usage period picker, the price estimator, the
 * officers' credit notes and grants, in both languages and themes and on a phone.
 */

let customer: Registered

test.beforeAll(async ({ playwright }, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  customer = await registrar.register()
  await registrar.close()
})

async function ratesOf(page: Page): Promise<ExchangeRates> {
  return ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('a new organization’s admin sees the empty states, saves a card, sets details and an alert', async ({
  page,
  consoleErrors,
}) => {
  await signInAsFreshAdmin(page, customer)
  await page.goto('/billing')
  await expect(page.getByTestId('invoices-empty')).toContainText('No invoice yet')
  await expect(page.getByTestId('credits-empty')).toBeVisible()
  await expect(page.getByTestId('methods-empty')).toBeVisible()
  await scrollUntilShown(page, page.getByTestId('budget-alerts'))
  await expect(page.getByTestId('alerts-empty')).toBeVisible()
  await expect(page.getByTestId('bank-transfer')).toContainText('IBAN')

  // A card saved through Checkout's setup mode shows once Stripe has it.
  await page.getByRole('button', { name: 'Add a payment method' }).click()
  await expect(page.locator('#amount')).toHaveText('Save your card')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/\/billing$/)
  await expectToast(page, 'Payment method added')
  expect(await deliverStripeWebhooks()).toEqual([200])
  await page.reload()
  const methods = page.getByTestId('payment-methods')
  await expect(methods.getByText('visa ending in 4242')).toBeVisible()
  await methods.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('methods-empty')).toBeVisible()

  // Billing details: the VAT number is checked against the country before anything is sent.
  await scrollUntilShown(page, page.getByTestId('billing-details'))
  const details = page.getByTestId('billing-details')
  await details.getByLabel('Country').selectOption('DE')
  await details.getByLabel('VAT number').fill('DE123')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('This is not a VAT number of the country chosen')).toBeVisible()
  await details.getByLabel('VAT number').fill('de 123 456 789')
  await details.getByLabel('Purchase order number').fill('PO-77')
  // The organization's documents in French, whatever the language of the screen.
  await expect(details.getByLabel('Language of invoices')).toHaveValue('en')
  await details.getByLabel('Language of invoices').selectOption({ label: 'Français' })
  await details.getByRole('button', { name: 'Save details' }).click()
  await expectToast(page, 'Billing details saved')
  await expect(details.getByLabel('VAT number')).toHaveValue('DE123456789')
  const saved = await (await page.request.get('/api/billing/details')).json()
  expect(saved).toMatchObject({ vatNumber: 'DE123456789', purchaseOrderNumber: 'PO-77', language: 'fr' })

  // A budget alert with a webhook: its signing secret is shown once.
  const alerts = page.getByTestId('budget-alerts')
  await alerts.getByLabel('Threshold').fill('500')
  await alerts.getByLabel('On', { exact: true }).selectOption('forecast')
  await alerts.getByLabel('Webhook URL (optional)').fill('ftp://hooks.example.com')
  await alerts.getByRole('button', { name: 'Add alert' }).click()
  await expect(alerts.getByText('Enter an http:// or https:// address')).toBeVisible()
  // An address off the public internet is refused by the server, beside the field.
  await alerts.getByLabel('Webhook URL (optional)').fill('http://169.254.169.254/latest/meta-data/')
  await alerts.getByRole('button', { name: 'Add alert' }).click()
  await expect(
    alerts.getByText('This address leads to 169.254.169.254, which is not on the public internet'),
  ).toBeVisible()
  await expect(alerts.getByLabel('Webhook URL (optional)')).toBeFocused()
  acknowledgeRefusedRequest(consoleErrors, 422)
  await alerts.getByLabel('Webhook URL (optional)').fill('https://hooks.example.com/budget')
  await alerts.getByRole('button', { name: 'Add alert' }).click()
  await expect(page.getByTestId('webhook-secret')).toContainText(/whsec_[\w-]{32}/)
  const row = alerts.getByRole('listitem').filter({ hasText: '€500.00' })
  await expect(row).toContainText('Month-end forecast')
  await expect(row).toContainText('https://hooks.example.com/budget')
  await row.getByRole('button', { name: 'Delete the alert at €500.00' }).click()
  await expect(page.getByTestId('alerts-empty')).toBeVisible()
})

test('in French, dark and on a phone, /billing reads and fits', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  await signInAsFreshAdmin(page, customer)
  await page.goto('/billing')
  await expect(page.getByRole('heading', { level: 1, name: 'Facturation' })).toBeVisible()
  await expect(page.getByTestId('invoices-empty')).toContainText('Aucune facture')
  await expect(page.getByRole('heading', { name: 'Moyens de paiement' })).toBeVisible()
  await scrollUntilShown(page, page.getByTestId('budget-alerts'))
  const alerts = page.getByTestId('budget-alerts')
  await alerts.getByLabel('URL du webhook (facultatif)').fill('http://10.0.0.1/hook')
  await alerts.getByRole('button', { name: 'Ajouter l’alerte' }).click()
  await expect(
    alerts.getByText('Cette adresse mène à 10.0.0.1, qui n’est pas sur l’internet public'),
  ).toBeVisible()
  acknowledgeRefusedRequest(consoleErrors, 422)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('a member reads billing without changing it, and filters invoices by status in the URL', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.goto('/billing')
  await scrollUntilShown(page, page.getByTestId('billing-details'))
  await expect(page.getByText('Only administrators can change them.')).toBeVisible()
  await expect(page.getByTestId('billing-details').getByLabel('Company name')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Buy credits' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add alert' })).toHaveCount(0)
  const invoices = page.getByTestId('invoices')
  await expect(invoices.getByRole('listitem').first()).toBeVisible()
  await invoices.getByLabel('Status').selectOption('paid')
  await expect(page).toHaveURL(/\/billing\?status=paid$/)
  await expect(invoices.getByRole('listitem').first()).toContainText('Paid')
  await expect(invoices.getByRole('listitem').filter({ hasText: 'Open' })).toHaveCount(0)
  await page.reload()
  await expect(invoices.getByLabel('Status')).toHaveValue('paid')
})

test('the usage period picker shows an earlier month, kept in the URL, with its CSV', async ({ page }) => {
  await signIn(page, 'demo')
  const current = (await (await page.request.get('/api/usage')).json()) as { months: string[]; month: string }
  const earlier = current.months.find((month) => month !== current.month)!
  const usage = (await (await page.request.get(`/api/usage?month=${earlier}`)).json()) as {
    totalCents: number
  }
  await page.goto('/usage')
  await expect(page.getByTestId('usage-forecast')).toBeVisible()
  await page.getByLabel('Month').selectOption(earlier)
  await expect(page).toHaveURL(new RegExp(`/usage\\?month=${earlier}$`))
  await expect(page.getByTestId('usage-total')).toContainText(formatAmount(usage.totalCents, 'EUR'))
  await expect(page.getByTestId('usage-forecast')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/usage/csv?month=${earlier}`,
  )
})

test('the price estimator prices clusters live, keeps them in the URL and opens the wizard', async ({
  page,
}) => {
  await signIn(page, 'admin')
  const rates = await ratesOf(page)
  const catalog = (await (await page.request.get('/api/catalog')).json()) as Catalog
  await page.goto('/price-estimator')
  const first = page.getByTestId('estimate-cluster-1')
  await first.getByLabel('Nodes').fill('5')
  await page.getByRole('button', { name: 'Add a cluster' }).click()
  await expect(page.getByTestId('estimate-cluster-2')).toBeVisible()
  await expect(page.getByTestId('estimate-comparison')).toContainText('Against this month')

  const estimate = JSON.parse(
    Buffer.from(new URL(page.url()).searchParams.get('estimate')!, 'base64url').toString('utf8'),
  )
  expect(estimate.clusters).toHaveLength(2)
  expect(estimate.clusters[0].pools[0].nodeCount).toBe(5)
  const expected = priceEstimate(estimate, catalog, 'monthly')
  await expect(page.getByTestId('estimate-total')).toHaveText(formatCents(expected.cycleCents, 'EUR', rates))

  await page.reload()
  await expect(page.getByTestId('estimate-cluster-2')).toBeVisible()
  await expect(page.getByTestId('estimate-total')).toHaveText(formatCents(expected.cycleCents, 'EUR', rates))

  await first.getByRole('link', { name: 'Order this' }).click()
  await expect(page).toHaveURL(/\/configure-cluster\?suggestion=/)
  await expect(page.getByRole('heading', { level: 2, name: 'Review and order' })).toBeVisible()
  await expect(page.getByLabel('Cluster name')).toHaveValue('estimate-blue-1')
})

test('an officer issues a credit note on an open invoice and grants credits', async ({ page }) => {
  await signIn(page, 'officer')
  await page.goto('/officers/panel')
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Invoices', exact: true }),
  })
  await scrollUntilShown(page, section.getByLabel('Status'), section)
  await section.getByLabel('Status').selectOption('open')
  const row = section.getByRole('listitem').filter({ hasText: 'Demo Company' }).first()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Credit note' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Amount before VAT (EUR)').fill('1.50')
  await dialog.getByLabel('Reason (printed on the credit note)').fill('Goodwill for a slow support answer')
  await dialog.getByRole('button', { name: 'Issue credit note' }).click()
  await expect(page.getByText(/^Credit note CN-\d{4}-\d{6} issued$/)).toBeVisible()

  // The amount is typed in the currency chosen beside it, the organization's (EUR here).
  await scrollUntilShown(
    page,
    page.getByLabel('Billing ID of the organization'),
    page.locator('#credits-title'),
  )
  await page.getByLabel('Billing ID of the organization').fill(customer.companyId)
  await page.getByLabel('Currency', { exact: true }).selectOption('GBP')
  await expect(page.getByLabel('Amount (GBP)')).toBeVisible()
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR')
  await page.getByLabel('Amount (EUR)').fill('75')
  await page.getByLabel('Note').fill('Welcome to the beta')
  await page.getByRole('button', { name: 'Grant credits' }).click()
  await expectToast(page, `€75.00 granted to ${customer.companyName}`)
})

for (const theme of ['light', 'dark'] as const) {
  for (const screen of [
    { path: '/billing', ready: 'credits-balance' },
    { path: '/usage', ready: 'usage-total' },
    { path: '/price-estimator', ready: 'estimate-total' },
  ]) {
    test(`${screen.path} has no serious or critical accessibility violation (${theme} theme)`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'admin')
      await page.goto(screen.path)
      await expect(page.getByTestId(screen.ready)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }
}

/** Resolves once the page is idle: the header's counts are asked only after the screen's reads. */
function pageBecomesIdle(page: Page) {
  return page.waitForRequest((request) => request.url().endsWith('/api/sidebar-counts'), { timeout: 30_000 })
}

test('a keyboard finds the forms at the foot of /billing: the Tab key draws them, unscrolled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo')
  const pageIsIdle = pageBecomesIdle(page)
  await page.goto('/billing')
  await expect(page.getByTestId('credits-balance')).toBeVisible()
  await pageIsIdle
  await expect(page.getByTestId('billing-details')).toHaveCount(0)
  // Their fields must be there for the focus to reach them, however far down they are.
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('billing-details').getByLabel('Company name')).toBeAttached()
  await expect(page.getByTestId('budget-alerts')).toBeAttached()
  expect(await page.getByRole('main').evaluate((main) => main.scrollTop)).toBe(0)
  await expect(page.getByTestId('billing-details')).not.toBeInViewport()
})

test('the forms at the foot of /billing wait for the reads of its top, then until scrolled near', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'demo')
  const credits = await holdAnswers(page, (url) => url.pathname === '/api/billing/credits')
  const forms: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (
      pathname === '/api/billing/details' ||
      pathname === '/api/billing/budget-alerts' ||
      /^\/assets\/(billing-details|budget-alerts)-section-/.test(pathname)
    )
      forms.push(pathname.replace(/-section-.*/, '-section'))
  })
  const pageIsIdle = pageBecomesIdle(page)
  await page.goto('/billing')
  await expect.poll(credits.held, { timeout: 20_000 }).toBeGreaterThan(0)
  // The invoices have come (their read is not held): the first render's reads are all asked for.
  await expect(page.getByTestId('invoice-total').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('status', { name: 'Loading...' }).first()).toBeVisible()
  expect(forms).toEqual([])

  credits.release()
  await expect(page.getByTestId('credits-balance')).toBeVisible()
  await pageIsIdle
  // Two frames later the page has said where the forms are: screens below the view on a phone.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  expect(forms).toEqual([])
  await expect(page.getByTestId('billing-details')).toHaveCount(0)

  await scrollUntilShown(page, page.getByTestId('budget-alerts'))
  await expect(page.getByTestId('billing-details').getByLabel('Company name')).toBeVisible()
  await expect
    .poll(() => [...new Set(forms)].sort(), { timeout: 20_000 })
    .toEqual([
      '/api/billing/budget-alerts',
      '/api/billing/details',
      '/assets/billing-details-section',
      '/assets/budget-alerts-section',
    ])
})
