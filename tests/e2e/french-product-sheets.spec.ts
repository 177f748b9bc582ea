import type { ProductSummary } from '../../common/schemas/products.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { catalogTextPairs, frenchChecker } from './support/french-text.ts'

/**
 * A product's sheet and its installation form read in French: the changes of each version, the
 * extra costs, what an installation gives and the settings' titles and descriptions come from the
 * French the catalog keeps beside each English text. Every product of the seeded catalog is opened.
 */
const checker = frenchChecker(catalogTextPairs())

test('every product sheet and its installation form read in French', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000)
  await page.addInitScript(() => localStorage.setItem('language', 'fr'))
  await signIn(page, 'demo')
  const products = (await (await page.request.get('/api/products')).json()) as ProductSummary[]
  expect(products.length).toBeGreaterThan(10)
  const check = await checker
  const leaks: Record<string, unknown> = {}
  for (const product of products) {
    const list = product.kind === 'add_on' ? '/add-ons' : '/marketplace'
    await page.goto(`${list}?product=${product.id}`)
    const detail = page.getByTestId('product-detail')
    await expect(
      detail.getByRole('heading', { name: 'Ce que vous obtenez après l’installation' }),
    ).toBeVisible()
    const onSheet = await check(page)
    await detail.getByTestId('product-install').click()
    await expect(page.getByTestId('install-form')).toBeVisible()
    // The settings' fields are drawn from the product's schema once its form has come.
    const settings = page.getByRole('region', { name: 'Paramètres' })
    await expect(settings.locator('input, select').first()).toBeVisible()
    await expect(settings.getByRole('alert')).toHaveCount(0)
    if (product.id === 'backup')
      await expect(page.getByLabel('Fréquence des sauvegardes')).toContainText('Tous les jours')
    const onForm = await check(page)
    const found = [onSheet, onForm].flatMap((leak) => [...leak.strings, ...leak.enumValues, ...leak.formats])
    if (found.length > 0) leaks[product.id] = [...new Set(found)]
  }
  // A cluster that cannot take a product gets its price refused (422), which the form says in
  // French (checked above); the browser logs each refusal.
  const refusals = consoleErrors.filter((line) => line.includes('status of 422'))
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !refusals.includes(line)))
  expect(leaks).toEqual({})
})
