import { expect, signIn, test } from './support/fixtures.ts'

/**
 * Catalog images through the one image helper: five srcset candidates (the displayed width times
 * 0.5, 0.75, 1, 1.5 and 2) at quality 75, and the browser loads the width its screen needs.
 */

test.use({ deviceScaleFactor: 2 })

test('the marketplace shows each product’s logo, a 2× screen loading the 80-pixel drawing', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.goto('/marketplace')
  const logo = page.getByTestId('product-postgresql').locator('img')
  await expect(logo).toHaveAttribute('width', '40')
  await expect(logo).toHaveAttribute('height', '40')
  const candidates = (await logo.getAttribute('srcset'))!.split(', ')
  expect(candidates).toEqual(
    [20, 30, 40, 60, 80].map((width) => `/api/products/postgresql/logo?w=${width}&q=75 ${width}w`),
  )
  // The 2× screen takes the 80-pixel drawing for the 40-pixel box (naturalWidth counts it at its
  // density: 40), and it has loaded.
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => (image.complete ? image.currentSrc : '')))
    .toContain('/api/products/postgresql/logo?w=80&q=75')
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40)
  // Every product card has its logo.
  const cards = page.locator('[data-testid^="product-"]')
  expect(await cards.count()).toBeGreaterThan(5)
  expect(await page.locator('[data-testid^="product-"] img').count()).toBe(await cards.count())
})

test('each data center shows its city’s picture, a 2× screen loading the 640-pixel drawing', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.goto('/data-centers')
  const paris = page.locator('[data-testid="data-center"][data-code="fr-par-1"] img')
  await expect(paris).toHaveAttribute('srcset', /picture\?w=640&q=75 640w$/)
  await paris.scrollIntoViewIfNeeded()
  await expect
    .poll(() => paris.evaluate((image: HTMLImageElement) => (image.complete ? image.currentSrc : '')))
    .toContain('/api/data-centers/fr-par-1/picture?w=640&q=75')
  // At its density (2), the 640 × 320 drawing is 320 × 160 CSS pixels.
  expect(
    await paris.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
  ).toEqual([320, 160])
})
