import type { Page } from '@playwright/test'
import { dataCenterState } from '../../common/cluster-rules.ts'
import type { ExchangeRates } from '../../common/money.ts'
import { formatCents, startingMonthlyCents } from '../../common/pricing.ts'
import type { Catalog } from '../../common/schemas/catalog.ts'
import { dateFormat } from '../../web/lib/format-date.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * A product fact is read from the API and found, the same, on every page that shows it. A buyer
 * comparing the pricing page with the wizard must not meet two prices for one thing.
 */

const RATES: ExchangeRates = { USD: 1, EUR: 0.91234, GBP: 0.78 }

async function useFixedRates(page: Page) {
  await page.route('**/api/rates', (route) =>
    route.fulfill({
      json: { base: 'USD', rates: RATES, timestamp: Date.now(), date: '2026-11-28', source: 'primary' },
    }),
  )
}

test('a cluster type’s "from" price is the same on the pricing page, its own page, the wizard and the comparison', async ({
  page,
}) => {
  await useFixedRates(page)
  const catalog = (await (await page.request.get('/api/catalog')).json()) as Catalog
  const fromPrice = (typeId: string) => {
    const type = catalog.clusterTypes.find((entry) => entry.id === typeId)!
    return formatCents(startingMonthlyCents(type, catalog.nodeFlavors), 'EUR', RATES)
  }
  const types = ['sandbox', 'blue', 'red'] as const

  await page.goto('/pricing')
  for (const type of types)
    await expect(page.getByTestId('pricing-types').locator(`li[data-type="${type}"]`)).toContainText(
      fromPrice(type),
    )

  for (const type of types) {
    await page.goto(`/cluster-types/${type}`)
    await expect(page.getByRole('complementary', { name: 'Starts at' })).toContainText(fromPrice(type))
  }

  await signIn(page, 'demo')
  await page.goto('/configure-cluster')
  for (const type of types)
    await expect(page.locator(`[data-testid="cluster-type-option"][data-value="${type}"]`)).toContainText(
      fromPrice(type),
    )

  await page.goto('/cluster-selection')
  const comparison = page.getByTestId('cluster-comparison')
  for (const type of types) await expect(comparison).toContainText(fromPrice(type))
})

test('a support plan’s critical response target reads the same on the pricing page as in the catalog', async ({
  page,
}) => {
  const catalog = (await (await page.request.get('/api/catalog')).json()) as Catalog
  const enterprise = catalog.supportPlans.find((plan) => plan.id === 'enterprise')!
  const minutes = enterprise.responseTargets.P1!.firstMinutes
  expect(enterprise.criticalResponseMinutes).toBe(minutes)
  await page.goto('/pricing')
  const plan = page
    .getByTestId('pricing-support')
    .getByRole('listitem')
    .filter({ hasText: 'Enterprise' })
    .first()
  await expect(plan).toContainText(`critical response within ${dateFormat('en').duration(minutes)}`)
  await expect(plan).not.toContainText(/\d\.\d h/)
})

test('a data center’s state reads the same on the home page and in the wizard', async ({ page }) => {
  const catalog = (await (await page.request.get('/api/catalog')).json()) as Catalog
  const labels = {
    available: 'Available',
    limited: 'Limited capacity',
    coming_soon: 'Coming soon',
    full: 'Full',
  }
  const limited = catalog.dataCenters.filter((center) => dataCenterState(center) === 'limited')
  // The seed has a data center whose capacity is constrained although it is listed as available.
  expect(limited.map((center) => center.code).length).toBeGreaterThan(0)

  await page.goto('/')
  for (const center of catalog.dataCenters)
    await expect(page.locator('li').filter({ hasText: center.code }).first()).toContainText(
      `${center.provider} · ${labels[dataCenterState(center)]}`,
    )

  await signIn(page, 'demo')
  await page.goto('/configure-cluster?type=red')
  for (const center of catalog.dataCenters) {
    const card = page.locator(`[data-testid="data-center-option"][data-value="${center.code}"]`)
    const state = dataCenterState(center)
    if (state === 'limited') await expect(card).toContainText('Limited capacity')
    else await expect(card).not.toContainText('Limited capacity')
    if (state === 'coming_soon' || state === 'full') await expect(card).toContainText('Not open')
  }
})

test('an order’s reference reads the same, in one format, on the orders list and its live page', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.goto('/orders')
  // The rows the list shows (cluster orders; other tests add demo orders of every kind meanwhile).
  const rows = page.getByTestId('order-row')
  await expect(rows.first()).toBeVisible()
  const shown = await rows.evaluateAll((elements) =>
    elements.slice(0, 5).map((element) => ({
      reference: element.getAttribute('data-reference')!,
      text: element.textContent ?? '',
      id: element.getAttribute('data-order-id')!,
    })),
  )
  expect(shown.length).toBeGreaterThan(1)
  for (const row of shown) {
    expect(row.reference).toMatch(/^ORD-\d{4}-\d{6}$/)
    expect(row.text).toContain(row.reference)
    const order = (await (await page.request.get(`/api/orders/${row.id}`)).json()) as { reference: string }
    expect(order.reference).toBe(row.reference)
  }
  await expect(page.locator('main')).not.toContainText(/ORD-[0-9A-F]{8}\b/)

  const [first] = shown
  await page.goto(`/order-status/${first!.id}`)
  await expect(page.getByTestId('order-reference')).toHaveText(first!.reference)
})
