import type { Page } from '@playwright/test'
import { describeChrome } from './support/chrome.ts'
import { expect, test } from './support/fixtures.ts'

/** A toast of the app's toaster that is open (shown) and contains `text`. */
const openToast = (page: Page, text: string) =>
  page.locator('li[data-variant][data-state="open"]').filter({ hasText: text })

/**
 * Timed checks run on the page's fake clock, paused once the page has loaded: time moves only
 * when the test moves it, so the durations are checked to the millisecond on any machine.
 */
async function loadWithPausedClock(page: Page, path: string) {
  await page.clock.install({ time: new Date('2025-06-02T09:00:00Z') })
  await page.goto(path)
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
  await page.clock.pauseAt(new Date('2025-06-02T09:10:00Z'))
}

describeChrome('promo bar', (chrome) => {
  test('offers 5% off with the code PARIS for a first purchase', async ({ page }) => {
    await page.goto(chrome.path)
    const bar = page.getByRole('region', { name: 'New user discount' })
    await expect(bar).toContainText('New Users: Get 5% Off with Code')
    await expect(bar.getByRole('button', { name: 'Copy promo code PARIS' })).toHaveText('PARIS')
    await expect(bar).toContainText('Valid for first purchase only')
    await expect(bar).toContainText('Limited time offer')
  })

  test('copies the code, shows "Copied!" for 2 seconds and a toast for 3', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await loadWithPausedClock(page, chrome.path)
    await page.getByRole('button', { name: 'Copy promo code PARIS' }).click()
    const copied = page.getByText('Copied!')
    const toast = openToast(page, 'Code copied')
    await expect(copied).toBeVisible()
    await expect(toast).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PARIS')

    await page.clock.runFor(1999)
    await expect(copied).toBeVisible()
    await page.clock.runFor(1)
    await expect(copied).toBeHidden()
    await expect(toast).toBeVisible()
    await page.clock.runFor(999)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1)
    await expect(toast).toHaveCount(0)
  })

  test('falls back to the older copy method when the Clipboard API refuses', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: string[] = []
      ;(window as unknown as { copyCalls: string[] }).copyCalls = calls
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      })
      document.execCommand = (command: string) => {
        calls.push(`${command}:${(document.activeElement as HTMLTextAreaElement | null)?.value ?? ''}`)
        return true
      }
    })
    await page.goto(chrome.path)
    const code = page.getByRole('button', { name: 'Copy promo code PARIS' })
    await code.click()
    await expect(page.getByText('Copied!')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { copyCalls: string[] }).copyCalls)).toEqual([
      'copy:PARIS',
    ])
    await expect(code).toBeFocused()
  })

  test('closes for the browser session and comes back from the side tab with a toast', async ({
    page,
    browser,
  }) => {
    await page.goto(chrome.path)
    await page.getByRole('button', { name: 'Dismiss discount bar' }).click()
    await expect(page.getByTestId('promo-bar')).toHaveCount(0)
    const tab = page.getByRole('button', { name: 'Show discount bar' })
    await expect(tab).toBeVisible()
    await expect(tab).toBeFocused()

    await page.reload()
    await expect(tab).toBeVisible()
    await expect(page.getByTestId('promo-bar')).toHaveCount(0)

    // Another browser session still sees the bar.
    const otherContext = await browser.newContext()
    const otherPage = await otherContext.newPage()
    await otherPage.goto(chrome.path)
    await expect(otherPage.getByTestId('promo-bar')).toBeVisible()
    await otherContext.close()

    await tab.click()
    await expect(page.getByTestId('promo-bar')).toBeVisible()
    await expect(openToast(page, 'Discount Bar Restored!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Dismiss discount bar' })).toBeFocused()
    await page.reload()
    await expect(page.getByTestId('promo-bar')).toBeVisible()
  })

  test('the restore toast stays 2.5 seconds', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('promoBarDismissed', 'true'))
    await loadWithPausedClock(page, chrome.path)
    await page.getByRole('button', { name: 'Show discount bar' }).click()
    const toast = openToast(page, 'Discount Bar Restored!')
    await expect(toast).toBeVisible()
    await page.clock.runFor(2499)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1)
    await expect(toast).toHaveCount(0)
  })

  test('works from the keyboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(chrome.path)
    await page.keyboard.press('Tab') // skip link
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Copy promo code PARIS' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Copied!')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Dismiss discount bar' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Show discount bar' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('promo-bar')).toBeVisible()
  })

  test('reads in French and fits a 390 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await page.goto(chrome.path)
    const bar = page.getByTestId('promo-bar')
    await expect(bar).toContainText('Nouveaux utilisateurs : 5 % de réduction avec le code')
    await expect(bar).toContainText('Valable uniquement pour le premier achat')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
