import type { Page } from '@playwright/test'
import { describeChrome } from './support/chrome.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  return menu
}

async function itemsOf(page: Page): Promise<[string, string | null][]> {
  return page
    .getByTestId('mobile-menu-items')
    .locator(':scope > li > *')
    .evaluateAll((elements) =>
      elements.map(
        (element) => [element.textContent ?? '', element.getAttribute('href')] as [string, string | null],
      ),
    )
}

describeChrome('floating menu on a phone', (chrome) => {
  test.use(phone)

  test('signed out: Home, Pricing, Documentation, Tutorials, Login', async ({ page }) => {
    await page.goto(chrome.path)
    const button = page.getByRole('button', { name: 'Open menu' })
    await expect(button).toBeVisible()
    const box = await button.boundingBox()
    expect(box && box.x + box.width).toBeGreaterThan(390 - 40)
    expect(box && box.y + box.height).toBeGreaterThan(844 - 40)

    await openMenu(page)
    expect(await itemsOf(page)).toEqual([
      ['Home', '/'],
      ['Pricing', '/pricing'],
      ['Documentation', '/documentation'],
      ['Tutorials', '/tutorials'],
      ['Login', '/auth'],
    ])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(button).toBeFocused()
  })

  test('signed in: Dashboard, Home, Documentation, Tutorials, Support, Settings, Logout', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    await page.goto(chrome.path)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
    const menu = await openMenu(page)
    await expect(menu).toContainText('demo')
    expect(await itemsOf(page)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Home', '/'],
      ['Documentation', '/documentation'],
      ['Tutorials', '/tutorials'],
      ['Support', '/support'],
      ['Settings', '/settings'],
      ['Logout', null],
    ])
  })

  test('an officer also gets Officers Panel', async ({ page }) => {
    await signIn(page, 'officer')
    await page.goto(chrome.path)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
    const menu = await openMenu(page)
    await expect(menu.getByRole('link', { name: 'Officers Panel' })).toBeVisible()
    expect((await itemsOf(page)).map(([label]) => label)).toEqual([
      'Dashboard',
      'Home',
      'Documentation',
      'Tutorials',
      'Support',
      'Officers Panel',
      'Settings',
      'Logout',
    ])
  })

  test('following a link closes the menu', async ({ page }) => {
    await page.goto(chrome.path)
    const menu = await openMenu(page)
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await page.waitForURL('**/pricing')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('Logout signs out and returns to the root', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto(chrome.path)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
    const menu = await openMenu(page)
    await menu.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
  })

  test('carries the theme, currency and language choices', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(chrome.path)
    const menu = await openMenu(page)
    await menu.getByRole('radio', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await menu.getByRole('radio', { name: '$ USD' }).click()
    await expect(page.getByTestId('currency-switcher')).toHaveText('$USD')
    await menu.getByRole('radio', { name: 'Français' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // A static page changes language by loading itself again in it, which closes the menu.
    if (chrome.name === 'static page') await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Tarifs' }),
    ).toBeVisible()
    expect(
      await page.evaluate(() => [
        localStorage.getItem('theme'),
        localStorage.getItem('currency'),
        localStorage.getItem('language'),
      ]),
    ).toEqual(['dark', 'USD', 'fr'])
  })

  test('the header and page fit 390 px without sideways scrolling, signed in or out', async ({ page }) => {
    await page.goto(chrome.path)
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await signIn(page, 'demo')
    await page.reload()
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

describeChrome('floating menu by device', (chrome) => {
  test('absent on a desktop without touch', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(chrome.path)
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0)
  })

  test('present at 1024 px, the tablet limit', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.goto(chrome.path)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  })

  test('appears when a desktop window narrows to 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(chrome.path)
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
    await page.setViewportSize({ width: 1000, height: 800 })
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  })
})

describeChrome('floating menu on a wide touch screen', (chrome) => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true })

  test('present because the screen has touch support', async ({ page }) => {
    await page.goto(chrome.path)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  })
})

describeChrome('floating menu for a mobile user agent', (chrome) => {
  test.use({
    viewport: { width: 1280, height: 800 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36',
  })

  test('present because the user agent is a phone', async ({ page }) => {
    await page.goto(chrome.path)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  })
})
