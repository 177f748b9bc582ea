import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * In French, amounts are written the French way — "1 973,92 €", the symbol after — on the static
 * pages and in the console alike; never "€1,973.92".
 */

/** Amounts written the English way: a currency symbol right before the digits. */
const ENGLISH_MONEY = /[€$£]\d[\d,]*(?:\.\d+)?/g
/** Amounts written the French way: digits grouped by no-break spaces, a decimal comma, the symbol after. */
const FRENCH_MONEY = /\d{1,3}(?:[\u00a0\u202f]\d{3})*,\d{2,4}[\u00a0\u202f][€$£]/g

async function amountsOn(page: Page) {
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, cells apart: textContent would join "7,40 €" and "14,80 €" into "€14,80"
  const text = await page.locator('body').innerText()
  return { english: text.match(ENGLISH_MONEY) ?? [], french: text.match(FRENCH_MONEY) ?? [] }
}

test('the pricing page in French writes its prices the French way', async ({ page }) => {
  await page.goto('/pricing?lang=fr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  // The island redraws the built prices at today's rates: wait for its rates note.
  await expect(page.locator('[data-price]').first()).toHaveText(FRENCH_MONEY)
  const amounts = await amountsOn(page)
  expect(amounts.english).toEqual([])
  expect(amounts.french.length).toBeGreaterThan(5)
})

test('the billing screen in French writes its amounts the French way', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'fr'))
  await signIn(page, 'demo')
  await page.goto('/billing')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByTestId('summary-month-to-date')).toContainText(FRENCH_MONEY)
  await expect(page.getByTestId('summary-credits')).toContainText(FRENCH_MONEY)
  const amounts = await amountsOn(page)
  expect(amounts.english).toEqual([])
  expect(amounts.french.length).toBeGreaterThan(3)
})

test('percentages in French have a decimal comma and a space before the sign', async ({ page }) => {
  await page.goto('/cluster-types/red?lang=fr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown
  const text = await page.locator('main').innerText()
  expect(text).toMatch(/99,99[\u00a0\u202f]%/)
  expect(text).not.toMatch(/\d\.\d+ ?%/)
})

test('in French, the invoices’ filters show their whole choice ("Toutes les années")', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'fr'))
  await signIn(page, 'demo')
  await page.goto('/billing')
  const year = page.getByRole('combobox', { name: 'Année' })
  await expect(year).toHaveValue('')
  // The shown choice's width in the select's own font, against the room its box leaves for text.
  const room = await year.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    const text = context.measureText(select.selectedOptions[0]?.text ?? '').width
    const box =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
    return { text, box }
  })
  expect(room.text).toBeGreaterThan(50)
  expect(room.box).toBeGreaterThanOrEqual(room.text)
})
