import { randomBytes } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import { FALLBACK_RATES } from '../../common/money.ts'
import type { CustomSolution } from '../../common/schemas/custom-solutions.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { scrollUntilShown } from './support/scroll.ts'

/**
 * A custom solution end to end: the customer describes what the catalog lacks, an officer answers
 * with a quote in the officers panel, priced in the organization's billing currency, the customer
 * reads it as typed and accepts it, and an order exists.
 */

test('a custom solution: request, the officer’s quote, acceptance, an order', async ({ page, browser }) => {
  const title = `Nightly Spark platform ${randomBytes(3).toString('hex')}`
  await signIn(page, 'demo')
  await page.goto('/custom-solutions')
  await expect(page.getByRole('heading', { level: 1, name: 'Custom solutions' })).toBeVisible()
  const form = page.getByTestId('custom-solution-form')
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expect(form.getByText('Fill in this field').first()).toBeVisible()
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Workload: what runs, how much, and when').fill('Spark jobs over 2 TB every night')
  await form.getByLabel('Components you need').fill('Spark operator, MinIO, Airflow')
  await form.getByLabel('GDPR').check()
  await form.getByLabel('Service level').selectOption('critical')
  await form.getByLabel('Monthly budget (EUR, optional)').fill('5000')
  await form.getByRole('button', { name: 'Send the request' }).click()
  await expectToast(page, 'Request sent')
  const mine = (await (await page.request.get('/api/custom-solutions')).json()) as { items: CustomSolution[] }
  const request = mine.items.find((item) => item.title === title)!
  const card = page.getByTestId(`custom-solution-${request.reference}`)
  await expect(card.getByTestId('custom-solution-status')).toHaveText('Submitted')
  // The demo organization is billed in EUR: its quotes are priced in EUR.
  expect(request.billingCurrency).toBe('EUR')

  // The officer answers in the panel with a two-line quote, in the organization's currency.
  const officerContext = await browser.newContext()
  const officer = await officerContext.newPage()
  await signIn(officer, 'officer')
  await officer.goto('/officers/panel')
  const pending = officer.getByTestId(`officer-request-${request.reference}`)
  await scrollUntilShown(officer, pending, officer.locator('#custom-solutions-title'))
  await expect(pending).toContainText('Spark jobs over 2 TB every night')
  await pending.getByTestId('write-quote').click()
  const quote = pending.getByTestId('quote-form')
  await quote.getByRole('textbox', { name: 'Line' }).fill('Managed Spark platform')
  await expect(quote).toContainText('Prices in EUR, the organization’s billing currency')
  await quote.getByLabel('Unit price / month (EUR)').fill('2500')
  await quote.getByRole('button', { name: 'Add a line' }).click()
  await quote.getByRole('textbox', { name: 'Line' }).nth(1).fill('Object storage, per TB')
  await quote.getByLabel('Quantity').nth(1).fill('3')
  await quote.getByLabel('Unit price / month (EUR)').nth(1).fill('25.10')
  await quote.getByLabel('Note to the customer').fill('Onboarding included')
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expectToast(officer, `Quote sent for ${request.reference}`)
  await officerContext.close()

  // The customer reads it (live after a reload), accepts, and the order exists.
  await page.reload()
  await expect(card.getByTestId('custom-solution-status')).toHaveText('Quoted')
  await expect(card.getByText('Onboarding included')).toBeVisible()
  // Read back as typed, to the cent, in EUR.
  await expect(card.getByRole('row', { name: /Managed Spark platform/ })).toContainText('€2,500.00')
  await expect(card.getByRole('row', { name: /Object storage, per TB/ })).toContainText('€75.30')
  await expect(card.getByTestId('quote-total')).toHaveText('€2,575.30')
  await card.getByTestId('accept-quote').click()
  const accepting = page.waitForResponse((response) => response.url().endsWith('/accept'))
  await page.getByTestId('accept-quote-dialog').getByRole('button', { name: 'Accept and order' }).click()
  const order = (await (await accepting).json()) as Order
  // Orders are priced in USD cents: the quote converted once at the day's rate (the test server
  // has no rate service: the fallback rates).
  expect(order).toMatchObject({
    kind: 'custom',
    status: 'confirmed',
    currency: 'EUR',
    price: { totalCents: Math.round(257_530 / FALLBACK_RATES.EUR) },
  })
  await expect(card.getByTestId('custom-solution-status')).toHaveText('Accepted')
  await expect(card.getByTestId('custom-solution-order')).toBeVisible()
  await card.getByRole('link', { name: 'View the order' }).click()
  await expect(page.getByTestId('order-subject')).toHaveText(`${request.reference} · ${title}`)
  const stored = await page.request.get(`/api/orders/${order.id}`)
  expect(stored.status()).toBe(200)
  expect(((await stored.json()) as Order).customSolution).toMatchObject({ reference: request.reference })
})

test('in French, dark and on a phone, the custom solutions page reads and fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  await signIn(page, 'demo')
  await page.goto('/custom-solutions')
  await expect(page.getByRole('heading', { level: 2, name: 'Décrivez votre besoin' })).toBeVisible()
  // The demo quote, priced in the organization's EUR, reads as it was typed, written the French way.
  const seeded = page.getByTestId(/^custom-solution-CS-\d{4}-000001$/)
  await expect(seeded.getByRole('row', { name: /Managed Airflow/ })).toContainText(/890,00[\u00a0\u202f]€/)
  await expect(seeded.getByTestId('quote-total')).toHaveText(/^940,00[\u00a0\u202f]€$/)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])
})
