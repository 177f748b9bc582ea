import { AxeBuilder } from '@axe-core/playwright'
import type { ExchangeRates } from '../../common/money.ts'
import { formatCents } from '../../common/pricing.ts'
import type { Product } from '../../common/schemas/products.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/** The marketplace's catalog screens: search and categories in the address, a product's details. */

test('the marketplace is searched and narrowed by category in the URL, and opens a product', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const rates = ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates
  const postgresql = (await (await page.request.get('/api/products/postgresql')).json()) as Product
  await page.goto('/marketplace')
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible()
  await expect(page.getByTestId('product-postgresql')).toContainText(
    `From ${formatCents(postgresql.fromMonthlyPriceCents, 'EUR', rates)} / month`,
  )

  await page.getByRole('button', { name: 'Caches', exact: true }).click()
  await expect(page).toHaveURL(/\/marketplace\?category=cache$/)
  await expect(page.getByTestId('product-valkey')).toBeVisible()
  await expect(page.getByTestId('product-postgresql')).toHaveCount(0)
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await page.getByLabel('Search the products').fill('point-in-time')
  await expect(page).toHaveURL(/\/marketplace\?q=point-in-time$/)
  await expect(page.getByRole('list', { name: '1 products' })).toBeVisible()
  await page.getByLabel('Search the products').fill('nothing like this')
  await expect(page.getByTestId('products-empty')).toBeVisible()
  await page.getByRole('button', { name: 'Clear the search' }).click()
  await expect(page.getByTestId('product-postgresql')).toBeVisible()

  await page.getByTestId('product-postgresql').click()
  await expect(page).toHaveURL(/product=postgresql/)
  const detail = page.getByTestId('product-detail')
  await expect(detail.getByRole('heading', { name: 'PostgreSQL (CloudNativePG)' })).toBeVisible()
  const plans = detail.getByTestId('product-plans')
  for (const plan of postgresql.plans)
    await expect(plans.getByRole('row', { name: new RegExp(`^${plan.name} `) })).toContainText(
      `${formatCents(plan.monthlyPriceCents, 'EUR', rates)} / month`,
    )
  await expect(detail.getByText('Verified publisher')).toBeVisible()
  await expect(detail.getByText(postgresql.versions[0]!.changes[0]!.text)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(detail).toHaveCount(0)
  await expect(page).toHaveURL(/\/marketplace$/)

  // The address alone opens a product: shareable, and kept on reload.
  await page.goto('/add-ons?category=gpu&product=gpu-operator')
  await expect(page.getByTestId('product-detail')).toContainText('AI/ML')
  await expect(page.getByTestId('product-detail')).toContainText('Included')
})

test('in French, dark and on a phone, the add-ons read and fit, with no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  await signIn(page, 'demo')
  await page.goto('/add-ons')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Observabilité', exact: true })).toBeVisible()
  await expect(page.getByTestId('product-monitoring')).toContainText('À partir de')
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
    [],
  )
  await page.getByTestId('product-monitoring').click()
  await expect(page.getByTestId('product-detail')).toContainText('Ce que vous obtenez après l’installation')
})
