import { randomBytes } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import type { Order } from '../../common/schemas/clusters.ts'
import type { CustomSolution } from '../../common/schemas/custom-solutions.ts'
import { expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * A custom solution end to end: the customer describes what the catalog lacks, an officer answers
 * with a quote in the officers panel, the customer accepts it, and an order exists.
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

  // The officer answers in the panel with a two-line quote.
  const officerContext = await browser.newContext()
  const officer = await officerContext.newPage()
  await signIn(officer, 'officer')
  await officer.goto('/officers/panel')
  const pending = officer.getByTestId(`officer-request-${request.reference}`)
  await expect(pending).toContainText('Spark jobs over 2 TB every night')
  await pending.getByTestId('write-quote').click()
  const quote = pending.getByTestId('quote-form')
  await quote.getByRole('textbox', { name: 'Line' }).fill('Managed Spark platform')
  await quote.getByLabel('Unit price / month (USD)').fill('2500')
  await quote.getByRole('button', { name: 'Add a line' }).click()
  await quote.getByRole('textbox', { name: 'Line' }).nth(1).fill('Object storage, per TB')
  await quote.getByLabel('Quantity').nth(1).fill('3')
  await quote.getByLabel('Unit price / month (USD)').nth(1).fill('25')
  await quote.getByLabel('Note to the customer').fill('Onboarding included')
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expectToast(officer, `Quote sent for ${request.reference}`)
  await officerContext.close()

  // The customer reads it (live after a reload), accepts, and the order exists.
  await page.reload()
  await expect(card.getByTestId('custom-solution-status')).toHaveText('Quoted')
  await expect(card.getByText('Onboarding included')).toBeVisible()
  await card.getByTestId('accept-quote').click()
  const accepting = page.waitForResponse((response) => response.url().endsWith('/accept'))
  await page.getByTestId('accept-quote-dialog').getByRole('button', { name: 'Accept and order' }).click()
  const order = (await (await accepting).json()) as Order
  expect(order).toMatchObject({ kind: 'custom', status: 'confirmed', price: { totalCents: 257_500 } })
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(
    results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])
})
