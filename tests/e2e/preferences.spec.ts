import type { Page } from '@playwright/test'
import { describeChrome } from './support/chrome.ts'
import { expect, test } from './support/fixtures.ts'

const RATES_CACHE_KEY = 'exchangeRates:v1'

const html = (page: Page) => page.locator('html')

async function openCurrencyMenu(page: Page) {
  await page.getByTestId('currency-switcher').click()
  return page.getByRole('menu')
}

describeChrome('theme', (chrome) => {
  test('follows the system by default and is remembered once toggled', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(chrome.path)
    await expect(html(page)).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()

    const toggle = page.getByRole('button', { name: 'Change theme' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')

    await page.reload()
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await toggle.click()
    await expect(html(page)).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  })

  test('a stored dark theme is painted before hydration and stays after it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(chrome.path)
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('button', { name: 'Change theme' })).toHaveAttribute('aria-pressed', 'true')
    // Hydration (or the islands) has run once nothing is loading any more.
    await page.waitForLoadState('networkidle')
    await expect(html(page)).toHaveClass(/\bdark\b/)
  })
})

describeChrome('currency', (chrome) => {
  test('defaults to EUR, lists USD, GBP, EUR and remembers the choice', async ({ page }) => {
    await page.goto(chrome.path)
    const switcher = page.getByTestId('currency-switcher')
    await expect(switcher).toHaveText('€EUR')
    const menu = await openCurrencyMenu(page)
    await expect(menu.getByRole('menuitemradio')).toHaveText([/USD/, /GBP/, /EUR/])
    await expect(menu.getByRole('menuitemradio', { name: /EUR/ })).toHaveAttribute('aria-checked', 'true')
    await menu.getByRole('menuitemradio', { name: /GBP/ }).click()
    await expect(switcher).toHaveText('£GBP')
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('GBP')

    await page.reload()
    await expect(switcher).toHaveText('£GBP')
    await expect(switcher).toHaveAccessibleName('Change currency, now GBP')
  })

  test('shows the server rates with 4 decimals and caches them for 10 minutes', async ({ page }) => {
    const rateRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/rates') rateRequests.push(request.url())
    })
    await page.route('**/api/rates', (route) =>
      route.fulfill({
        json: {
          base: 'USD',
          rates: { USD: 1, EUR: 0.91234, GBP: 0.78 },
          timestamp: Date.UTC(2025, 5, 1, 12, 0),
          date: '2025-06-01',
          source: 'primary',
        },
      }),
    )
    await page.goto(chrome.path)
    const menu = await openCurrencyMenu(page)
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.9123 EUR')
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.7800 GBP')
    await expect(menu.getByTestId('currency-rates')).toContainText('Rates updated')
    const cached = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      RATES_CACHE_KEY,
    )
    expect(cached).toMatchObject({ rates: { USD: 1, EUR: 0.91234, GBP: 0.78 } })
    expect(Date.now() - cached.savedAt).toBeLessThan(60_000)

    await page.reload()
    const again = await openCurrencyMenu(page)
    await expect(again.getByTestId('currency-rates')).toContainText('1 USD = 0.9123 EUR')
    expect(rateRequests).toHaveLength(1)
  })

  test('asks again once the cache is 10 minutes old', async ({ page }) => {
    await page.addInitScript((key) => {
      const savedAt = Date.now() - 10 * 60 * 1000 - 1000
      localStorage.setItem(
        key,
        JSON.stringify({ rates: { USD: 1, EUR: 0.5, GBP: 0.4 }, lastUpdated: 1, savedAt }),
      )
    }, RATES_CACHE_KEY)
    const answered = page.waitForResponse('**/api/rates')
    await page.goto(chrome.path)
    await answered
    const menu = await openCurrencyMenu(page)
    // The test server's rate services are unreachable: it answers its fallback rates.
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.8450 EUR')
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.7330 GBP')
  })

  test('keeps old cached rates when the request fails', async ({ page, consoleErrors }) => {
    await page.addInitScript((key) => {
      const savedAt = Date.now() - 24 * 60 * 60 * 1000
      localStorage.setItem(
        key,
        JSON.stringify({ rates: { USD: 1, EUR: 0.9, GBP: 0.8 }, lastUpdated: 1, savedAt }),
      )
    }, RATES_CACHE_KEY)
    await page.route('**/api/rates', (route) => route.abort('failed'))
    await page.goto(chrome.path)
    const menu = await openCurrencyMenu(page)
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.9000 EUR')
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.8000 GBP')
    dropNetworkErrors(consoleErrors)
  })

  test('uses the initial rates 0.850 and 0.735 with no cache and no answer', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/api/rates', (route) => route.abort('failed'))
    await page.goto(chrome.path)
    const menu = await openCurrencyMenu(page)
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.8500 EUR')
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.7350 GBP')
    dropNetworkErrors(consoleErrors)
  })

  test('ignores an answer without numeric EUR and GBP rates', async ({ page }) => {
    await page.route('**/api/rates', (route) =>
      route.fulfill({
        json: { base: 'USD', rates: { USD: 1, EUR: 'n/a', GBP: 0.7 }, timestamp: 1, date: 'x' },
      }),
    )
    await page.goto(chrome.path)
    const menu = await openCurrencyMenu(page)
    await expect(menu.getByTestId('currency-rates')).toContainText('1 USD = 0.8500 EUR')
    expect(await page.evaluate((key) => localStorage.getItem(key), RATES_CACHE_KEY)).toBeNull()
  })
})

describeChrome('language', (chrome) => {
  test('switches to French, updates <html lang> and is remembered', async ({ page }) => {
    await page.goto(chrome.path)
    await expect(html(page)).toHaveAttribute('lang', 'en')
    await page.getByRole('button', { name: 'Change language, now English' }).click()
    await page.getByRole('menuitemradio', { name: /Français/ }).click()
    await expect(
      page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }),
    ).toBeVisible()
    await expect(html(page)).toHaveAttribute('lang', 'fr')
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr')

    await page.reload()
    await expect(html(page)).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('button', { name: 'Changer de langue, actuellement Français' })).toBeVisible()
    await page.getByRole('button', { name: 'Changer de langue, actuellement Français' }).click()
    await page.getByRole('menuitemradio', { name: /English/ }).click()
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' }),
    ).toBeVisible()
    await expect(html(page)).toHaveAttribute('lang', 'en')
  })
})

/** The browser logs the failed request itself; that failure is what the test is about. */
function dropNetworkErrors(consoleErrors: string[]) {
  const kept = consoleErrors.filter((text) => !/net::ERR_FAILED|Failed to load resource/.test(text))
  consoleErrors.splice(0, consoleErrors.length, ...kept)
}
