import type { Page } from '@playwright/test'
import { holdLogoutRequests } from './support/auth.ts'
import { describeChrome } from './support/chrome.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

/** The header waits for the session answer: allow a loaded machine time. */
const SESSION_TIMEOUT = { timeout: 20_000 }

describeChrome('public header', (chrome) => {
  test('signed out: Pricing, Documentation, Tutorials and a Sign In button to /auth', async ({ page }) => {
    await page.goto(chrome.path)
    const signInButton = page.getByRole('link', { name: 'Sign In' })
    await expect(signInButton).toBeVisible(SESSION_TIMEOUT)
    await expect(signInButton).toHaveAttribute('href', '/auth')
    await expect(mainNav(page).getByRole('link')).toHaveText(['Pricing', 'Documentation', 'Tutorials'])
    await expect(mainNav(page).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
    await expect(mainNav(page).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      '/documentation',
    )
    await expect(mainNav(page).getByRole('link', { name: 'Tutorials' })).toHaveAttribute('href', '/tutorials')
    await expect(page.getByRole('button', { name: 'Change theme' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Change currency/ })).toBeVisible()
    await expect(page.getByTestId('avatar-menu-trigger')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0)
  })

  test('links the seven cluster types, named without their colour words', async ({ page }) => {
    await page.goto(chrome.path)
    const menu = mainNav(page).getByTestId('header-cluster-types')
    await expect(menu.getByRole('link')).toHaveCount(0)
    await menu.getByText('Cluster types').click()
    const types = menu.getByRole('link')
    await expect(types).toHaveText([
      'Standard',
      'Enterprise',
      'Economy',
      'Data Analytics',
      'AI/ML',
      'Dev/Test',
      'Sandbox',
    ])
    expect(await types.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'].map((type) => `/cluster-types/${type}`),
    )
    await types.filter({ hasText: 'Economy' }).click()
    await expect(page).toHaveURL(/\/cluster-types\/green$/)
  })

  test('signed out: the officers check is never asked', async ({ page }) => {
    const checks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/officers/check-access')) checks.push(request.url())
    })
    await page.goto(chrome.path)
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible(SESSION_TIMEOUT)
    expect(checks).toEqual([])
  })

  test('signed in: Support, Dashboard and the avatar menu with the user, company and Billing ID', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    await page.goto(chrome.path)
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Pricing',
      'Documentation',
      'Tutorials',
      'Support',
    ])
    await expect(mainNav(page).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support')
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Open account menu for demo' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByTestId('avatar-name')).toHaveText('demo')
    await expect(menu.getByTestId('avatar-email')).toHaveText('demo@clusterdeck.eu')
    await expect(menu.getByTestId('avatar-company')).toHaveText('Demo Company')
    await expect(menu.getByTestId('avatar-billing-id')).toHaveText('Billing ID: CD-DEMO-001')
    await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'Logout'])
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings')
  })

  test('an officer also gets Officers Panel, from one check-access call', async ({ page }) => {
    const checks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/officers/check-access')) checks.push(request.url())
    })
    await signIn(page, 'officer')
    await page.goto(chrome.path)
    await page.getByTestId('avatar-menu-trigger').click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText(['Officers Panel', 'Settings', 'Logout'])
    await expect(menu.getByRole('menuitem', { name: 'Officers Panel' })).toHaveAttribute(
      'href',
      '/officers/panel',
    )
    await expect(menu.getByTestId('avatar-company')).toHaveText('Clusterdeck Operations')
    // Cached for 5 minutes: reopening the menu does not ask again.
    await page.keyboard.press('Escape')
    await page.getByTestId('avatar-menu-trigger').click()
    await expect(page.getByRole('menuitem', { name: 'Officers Panel' })).toBeVisible()
    expect(checks).toHaveLength(1)
  })

  test('a failing officers check is not retried and shows no Officers Panel', async ({ page }) => {
    let checks = 0
    await page.route('**/api/officers/check-access', (route) => {
      checks += 1
      return route.fulfill({ status: 401, json: { message: 'Not signed in' } })
    })
    await page.clock.install()
    await signIn(page, 'officer')
    await page.goto(chrome.path)
    await page.getByTestId('avatar-menu-trigger').click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Settings', 'Logout'])
    // Well past any retry delay; a request the page makes afterwards reaches the test after a retry would.
    await page.clock.runFor(60_000)
    await page.evaluate(() => fetch('/api/version/summary').then((response) => response.status))
    expect(checks).toBe(1)
  })

  test('the avatar menu falls back to the email, "Organization" and "N/A"', async ({ page }) => {
    await signIn(page, 'demo')
    await page.route('**/api/user', async (route) => {
      const response = await route.fetch()
      const user = await response.json()
      await route.fulfill({ response, json: { ...user, username: '', companyName: '', companyId: '' } })
    })
    await page.goto(chrome.path)
    await page.getByRole('button', { name: 'Open account menu for demo@clusterdeck.eu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByTestId('avatar-name')).toHaveText('demo@clusterdeck.eu')
    await expect(menu.getByTestId('avatar-company')).toHaveText('Organization')
    await expect(menu.getByTestId('avatar-billing-id')).toHaveText('Billing ID: N/A')
  })

  test('Logout shows "Logging out..." while pending, then returns to the root signed out', async ({
    page,
  }) => {
    await holdLogoutRequests(page)
    await signIn(page, 'demo')
    await page.goto(chrome.path)
    await page.getByTestId('avatar-menu-trigger').click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    const pending = page.getByRole('menuitem', { name: 'Logging out...' })
    await expect(pending).toBeVisible()
    await expect(pending).toHaveAttribute('aria-disabled', 'true')
    await page.evaluate(() => (window as unknown as { releaseLogout: () => void }).releaseLogout())
    await page.waitForURL((url) => url.pathname === '/')
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible(SESSION_TIMEOUT)
    const user = await page.request.get('/api/user')
    expect(user.status()).toBe(401)
  })

  test('keyboard: skip link, then the avatar menu opens and moves with the arrows', async ({ page }) => {
    await signIn(page, 'officer')
    // The menu's first item is Officers Panel once the officers check has answered.
    const officerChecked = page.waitForResponse('**/api/officers/check-access')
    await page.goto(chrome.path)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
    await officerChecked
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.getByTestId('avatar-menu-trigger').focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Officers Panel' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeFocused()
  })

  test('the header reads in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await page.goto(chrome.path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    await expect(nav.getByRole('link')).toHaveText(['Tarifs', 'Documentation', 'Tutoriels'])
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible(SESSION_TIMEOUT)
  })
})
