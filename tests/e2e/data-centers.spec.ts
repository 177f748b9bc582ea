import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { Catalog } from '../../common/schemas/catalog.ts'
import { acknowledgeRefusedRequest } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const cards = (page: Page) => page.getByTestId('data-center')

async function dataCentersOf(page: Page) {
  const response = await page.request.get('/api/catalog')
  expect(response.status()).toBe(200)
  return ((await response.json()) as Catalog).dataCenters
}

async function shownCodes(page: Page) {
  return cards(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-code')))
}

test.describe('data centers', () => {
  test('a signed-out visitor goes to /auth', async ({ page }) => {
    await page.goto('/data-centers')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('lists every data center, grouped by country, with badges and configure links', async ({ page }) => {
    await signIn(page, 'demo')
    const dataCenters = await dataCentersOf(page)
    expect(dataCenters).toHaveLength(15)
    await page.goto('/data-centers')
    await expect(page).toHaveTitle('Data centers · Clusterdeck')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data centers')
    await expect(cards(page)).toHaveCount(15)
    await expect(page.getByTestId('data-center-count')).toHaveText('Showing 15 of 15 data centers')
    expect(await shownCodes(page)).toEqual(dataCenters.map((dataCenter) => dataCenter.code))
    await expect(page.getByRole('heading', { level: 2, name: 'France' })).toBeVisible()

    const madrid = cards(page).and(page.locator('[data-code="es-mad-1"]'))
    await expect(madrid.getByTestId('availability')).toHaveText('Coming soon')
    await expect(madrid.getByTestId('capacity')).toHaveText('Full')
    await expect(madrid.getByRole('link')).toHaveCount(0)

    const available = dataCenters.filter((dataCenter) => dataCenter.availability === 'available')
    await expect(page.getByRole('link', { name: /^Configure a cluster here/ })).toHaveCount(available.length)
    await page.getByRole('link', { name: 'Configure a cluster here in Paris (fr-par-1)' }).click()
    await expect(page).toHaveURL(/\/configure-cluster\?dataCenter=fr-par-1$/)
  })

  test('filters by region, compliance tag and search, from the keyboard', async ({ page }) => {
    await signIn(page, 'demo')
    const dataCenters = await dataCentersOf(page)
    await page.goto('/data-centers')
    await expect(cards(page)).toHaveCount(15)

    await page.getByLabel('Region').selectOption({ label: 'EU only' })
    await expect(cards(page)).toHaveCount(10)
    await expect(page.getByTestId('data-center-count')).toHaveText('Showing 10 of 15 data centers')
    await expect(page).toHaveURL(/[?&]region=eu\b/)

    await page.getByLabel('Region').selectOption({ label: 'Outside the EU' })
    await expect(cards(page)).toHaveCount(5)

    await page.getByLabel('Region').selectOption({ label: 'All regions' })
    await page.getByLabel('Compliance').selectOption('HDS')
    const hds = dataCenters.filter((dataCenter) => dataCenter.complianceTags.includes('HDS'))
    expect(hds.length).toBeGreaterThan(0)
    await expect(cards(page)).toHaveCount(hds.length)
    expect(await shownCodes(page)).toEqual(hds.map((dataCenter) => dataCenter.code))

    await page.getByLabel('Compliance').selectOption('')
    const search = page.getByLabel('Search')
    await search.focus()
    await page.keyboard.type('equinix')
    const equinix = dataCenters.filter((dataCenter) => dataCenter.provider === 'Equinix')
    await expect(cards(page)).toHaveCount(equinix.length)
    await search.fill('ROUBAIX')
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page)).toHaveAttribute('data-code', 'fr-rbx-1')
    await search.fill('fr-par')
    await expect(cards(page)).toHaveAttribute('data-code', 'fr-par-1')

    await search.fill('atlantis')
    await expect(cards(page)).toHaveCount(0)
    await expect(page.getByText('No data center matches these filters.')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(cards(page)).toHaveCount(15)
    await expect(search).toHaveValue('')
  })

  test('reads its filters from the address', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/data-centers?region=outside-eu&compliance=SOC+2')
    await expect(page.getByLabel('Region')).toHaveValue('outside-eu')
    await expect(page.getByLabel('Compliance')).toHaveValue('SOC 2')
    await expect(cards(page)).toHaveCount(3)
  })

  test('shows an error with a retry when the catalog fails', async ({ page, consoleErrors }) => {
    await signIn(page, 'demo')
    let failures = 1
    await page.route('**/api/catalog', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, json: { message: 'Catalog unavailable' } })
      else await route.continue()
    })
    await page.goto('/data-centers')
    await expect(page.getByRole('alert')).toContainText('Catalog unavailable')
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(cards(page)).toHaveCount(15)
    acknowledgeRefusedRequest(consoleErrors, 503)
  })

  test('speaks French with ?lang=fr', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/data-centers?lang=fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Centres de données')
    await expect(page.getByRole('heading', { level: 2, name: 'Allemagne' })).toBeVisible()
    await page.getByLabel('Région').selectOption({ label: 'UE uniquement' })
    await expect(cards(page)).toHaveCount(10)
    await expect(page).toHaveURL(/lang=fr/)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical accessibility violation (${theme} theme)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'demo')
      await page.goto('/data-centers')
      await expect(cards(page)).toHaveCount(15)
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      const { violations } = await new AxeBuilder({ page }).analyze()
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
      expect(serious).toEqual([])
    })
  }
})
