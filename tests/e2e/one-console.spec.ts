import type { Page } from '@playwright/test'
import { freshUser, registerThroughApi } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * One console: what a member reaches from the console — an order's progress, a new ticket — opens
 * in the console (its sidebar, no promotion bar), while a visitor keeps the public page; an
 * officer's sidebar is the officers' own.
 */

test('"New ticket" from the support tickets opens the form in the console, without the promotion', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.goto('/orders/support')
  await expect(page.getByTestId('dashboard-sidebar')).toBeVisible()
  await page.getByRole('link', { name: 'New ticket' }).first().click()
  await expect(page).toHaveURL('/technical-support')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('dashboard-sidebar')).toBeVisible()
  await expect(page.getByTestId('promo-bar')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Subject' })).toBeVisible()
})

test('"Track order" opens the order’s progress in the console', async ({ page }) => {
  await signIn(page, 'demo')
  await page.goto('/orders')
  await page.getByRole('link', { name: /Track/ }).first().click()
  await expect(page).toHaveURL(/\/order-status\/.+/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('dashboard-sidebar')).toBeVisible()
})

test('a visitor keeps the public page, with its promotion and footer', async ({ page }) => {
  await page.goto('/technical-support')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('promo-bar')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByTestId('dashboard-sidebar')).toHaveCount(0)
})

test('an officer’s sidebar leads to the officers’ panel, not to the organization’s orders and bills', async ({
  page,
}) => {
  await signIn(page, 'officer')
  await page.goto('/dashboard')
  const sidebar = page.getByTestId('dashboard-sidebar')
  await expect(sidebar.getByRole('link', { name: 'Officers panel' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Billing' })).toHaveCount(0)
  await expect(sidebar.getByRole('link', { name: 'View All Clusters' })).toHaveCount(0)
  await sidebar.getByRole('link', { name: 'Officers panel' }).click()
  await expect(page).toHaveURL('/officers/panel')
})

/** Notes, before every frame the page paints, whether the promo bar takes room on it. */
async function watchPromoBar(page: Page) {
  await page.addInitScript(() => {
    const seen = { painted: false }
    Object.assign(window, { promoBar: seen })
    const look = () => {
      const bar = document.querySelector('[data-promo-bar]')
      if (bar && bar.getBoundingClientRect().height > 0) seen.painted = true
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
}
const promoBarPainted = (page: Page) =>
  page.evaluate(() => (window as unknown as { promoBar: { painted: boolean } }).promoBar.painted)

test('the first-purchase offer is not shown to a member whose organization has bought', async ({ page }) => {
  // The demo organization has paid orders; a visitor is offered the code.
  await page.goto('/contact')
  await expect(page.getByTestId('promo-bar')).toBeVisible()
  await signIn(page, 'demo')
  await watchPromoBar(page)
  // A static page, a prerendered page of the app and a console screen: the bar is never painted
  // (shown, then withdrawn once the person is known, it would move the whole page).
  for (const path of ['/contact', '/', '/support', '/dashboard']) {
    await page.goto(path)
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible()
    await expect(page.getByTestId('promo-bar')).toHaveCount(0)
    await expect(page.getByTestId('promo-restore-tab')).toHaveCount(0)
    expect(await promoBarPainted(page), path).toBe(false)
  }
})

test('a member whose organization has not bought is offered the code once known', async ({ page }) => {
  const user = freshUser('promo')
  await registerThroughApi(page.request, user)
  // Signed in through the API: the page's context holds the session and its hint cookie.
  const login = await page.request.post('/api/login', {
    data: { username: user.username, password: user.password },
  })
  expect(login.status(), await login.text()).toBe(200)
  for (const path of ['/', '/contact']) {
    await page.goto(path)
    await expect(page.getByTestId('promo-bar')).toBeVisible()
    await expect(page.getByTestId('promo-bar')).toContainText('PARIS')
  }
})
