import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

/**
 * How long something stays on screen, measured in the page from the DOM changes themselves
 * (a MutationObserver), so a slow test machine does not blur the result.
 */
async function timeOnScreen(page: Page, probe: 'copied' | 'restoredToast', action: () => Promise<void>) {
  await page.evaluate((which) => {
    const state = window as unknown as { shownAt?: number; hiddenAt?: number }
    const isShown = () =>
      which === 'copied'
        ? document.querySelector('[data-testid="promo-bar"] [role="status"]')?.textContent === 'Copied!'
        : [...document.querySelectorAll('[data-variant][data-state="open"]')].some((toast) =>
            toast.textContent?.includes('Discount Bar Restored!'),
          )
    const observer = new MutationObserver(() => {
      const shown = isShown()
      if (shown && state.shownAt === undefined) state.shownAt = performance.now()
      if (!shown && state.shownAt !== undefined) {
        state.hiddenAt = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
  }, probe)
  await action()
  await page.waitForFunction(
    () => (window as unknown as { hiddenAt?: number }).hiddenAt !== undefined,
    null,
    {
      timeout: 15_000,
    },
  )
  return page.evaluate(() => {
    const state = window as unknown as { shownAt: number; hiddenAt: number }
    return state.hiddenAt - state.shownAt
  })
}

test.describe('promo bar', () => {
  test('offers 5% off with the code PARIS for a first purchase', async ({ page }) => {
    await page.goto('/')
    const bar = page.getByRole('region', { name: 'New user discount' })
    await expect(bar).toContainText('New Users: Get 5% Off with Code')
    await expect(bar.getByRole('button', { name: 'Copy promo code PARIS' })).toHaveText('PARIS')
    await expect(bar).toContainText('Valid for first purchase only')
    await expect(bar).toContainText('Limited time offer')
  })

  test('copies the code, shows "Copied!" for 2 seconds and a toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    const code = page.getByRole('button', { name: 'Copy promo code PARIS' })
    const shownFor = await timeOnScreen(page, 'copied', async () => {
      await code.click()
      await expect(page.getByText('Copied!')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Code copied' })).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PARIS')
    })
    expect(shownFor).toBeGreaterThanOrEqual(1950)
    expect(shownFor).toBeLessThan(3000)
    await expect(page.getByText('Copied!')).toBeHidden()
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
    await page.goto('/')
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
    await page.goto('/')
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
    await otherPage.goto('/')
    await expect(otherPage.getByTestId('promo-bar')).toBeVisible()
    await otherContext.close()

    await tab.click()
    await expect(page.getByTestId('promo-bar')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Discount Bar Restored!' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Dismiss discount bar' })).toBeFocused()
    await page.reload()
    await expect(page.getByTestId('promo-bar')).toBeVisible()
  })

  test('the restore toast stays 2.5 seconds', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('promoBarDismissed', 'true'))
    await page.goto('/')
    const tab = page.getByRole('button', { name: 'Show discount bar' })
    const shownFor = await timeOnScreen(page, 'restoredToast', () => tab.click())
    expect(shownFor).toBeGreaterThanOrEqual(2450)
    expect(shownFor).toBeLessThan(3500)
  })

  test('works from the keyboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
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
    await page.goto('/')
    const bar = page.getByTestId('promo-bar')
    await expect(bar).toContainText('Nouveaux utilisateurs : 5 % de réduction avec le code')
    await expect(bar).toContainText('Valable uniquement pour le premier achat')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
