import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

const sidebar = (page: Page) => page.getByTestId('dashboard-sidebar')

const CUSTOMER_LINKS: [string, string][] = [
  ['Dashboard', '/dashboard'],
  ['Configure New Cluster', '/configure-cluster'],
  ['View All Clusters', '/my-clusters'],
  ['Add-ons', '/add-ons'],
  ['Marketplace', '/marketplace'],
  ['Clusters', '/orders/clusters'],
  ['Add-ons', '/orders/addons'],
  ['Middlewares', '/orders/products'],
  ['Support', '/orders/support'],
  ['Billing', '/billing'],
  ['Usage', '/usage'],
  ['Price Estimator', '/price-estimator'],
  ['Settings', '/settings'],
  ['Tutorials & Docs', '/tutorials'],
  ['Help & Support', '/support'],
]

async function linksOf(container: ReturnType<Page['locator']>) {
  return container
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => [
        link.textContent?.trim() ?? '',
        new URL((link as HTMLAnchorElement).href).pathname,
      ]),
    )
}

test.describe('dashboard sidebar', () => {
  test('a customer sees the groups and items, without User Management', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(sidebar(page)).toBeVisible()
    expect(await linksOf(sidebar(page))).toEqual(CUSTOMER_LINKS)
    for (const heading of ['Infrastructure', 'Account'])
      await expect(sidebar(page).getByText(heading)).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'User Management' })).toHaveCount(0)
    await expect(sidebar(page).getByTestId('system-status')).toHaveText('System Status: Healthy')
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  test('a page scrolled down leaves its place: the next page opens at its top', async ({ page }) => {
    await signIn(page, 'demo')
    await page.setViewportSize({ width: 1280, height: 500 })
    await page.goto('/billing')
    const main = page.locator('main#main-content')
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
    await expect
      .poll(() => main.evaluate((element) => element.scrollHeight > element.clientHeight))
      .toBe(true)
    await main.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
    await sidebar(page).getByRole('link', { name: 'Usage' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
    await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBe(0)
  })

  test('an admin also sees User Management', async ({ page }) => {
    await signIn(page, 'admin')
    await page.goto('/dashboard')
    await expect(sidebar(page).getByRole('link', { name: 'User Management' })).toBeVisible()
    const links = await linksOf(sidebar(page))
    expect(links).toEqual([
      ...CUSTOMER_LINKS.slice(0, 12),
      ['User Management', '/user-management'],
      ...CUSTOMER_LINKS.slice(12),
    ])
    await sidebar(page).getByRole('link', { name: 'User Management' }).click()
    await expect(page).toHaveURL(/\/user-management$/)
  })

  test('the Clusters and Orders groups start open and close on a click', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    const clusters = sidebar(page).getByRole('button', { name: /^Clusters/ })
    const orders = sidebar(page).getByRole('button', { name: /^Orders/ })
    await expect(clusters).toHaveAttribute('aria-expanded', 'true')
    await expect(orders).toHaveAttribute('aria-expanded', 'true')
    await clusters.click()
    await expect(clusters).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page).getByRole('link', { name: 'Configure New Cluster' })).toHaveCount(0)
    await orders.click()
    await expect(sidebar(page).getByRole('link', { name: 'Middlewares' })).toHaveCount(0)
    await orders.click()
    await expect(sidebar(page).getByRole('link', { name: 'Middlewares' })).toBeVisible()
  })

  test('the sidebar collapses to icons with tooltips and expands again', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(sidebar(page)).toHaveCSS('width', '288px')
    await sidebar(page).getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true')
    await expect(sidebar(page)).toHaveCSS('width', '64px')
    // Icons only: the labels are gone, each link keeps its name for assistive technology.
    await expect(sidebar(page).getByText('Price Estimator')).toHaveCount(0)
    const billing = sidebar(page).getByRole('link', { name: 'Billing' })
    // A pointer resting on an icon before the tooltips' code has come gets its tooltip at its next
    // move, as a hand's pointer makes: the test moves it within the icon until it shows.
    let offset = 0
    await expect(async () => {
      offset = (offset + 3) % 12
      await billing.hover({ position: { x: 10 + offset, y: 12 } })
      await expect(page.getByRole('tooltip', { name: 'Billing' })).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await billing.click()
    await expect(page).toHaveURL(/\/billing$/)
    await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true')
    await sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(sidebar(page)).toHaveCSS('width', '288px')
    await expect(sidebar(page).getByText('Price Estimator')).toBeVisible()
  })

  test('the live counts show on Clusters and Orders and refresh on each navigation', async ({ page }) => {
    await signIn(page, 'demo')
    const expected = await (await page.request.get('/api/sidebar-counts')).json()
    await page.goto('/dashboard')
    await expect(sidebar(page).getByTestId('sidebar-count-clusters')).toHaveText(String(expected.clusters))
    await expect(sidebar(page).getByTestId('sidebar-count-orders')).toHaveText(String(expected.orders.total))

    // orders.total may come as a string; a route change asks for the counts again.
    await page.route('**/api/sidebar-counts', (route) =>
      route.fulfill({ json: { clusters: 3, orders: { total: '12' } } }),
    )
    const refetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/sidebar-counts',
    )
    await sidebar(page).getByRole('link', { name: 'Usage' }).click()
    await refetched
    await expect(sidebar(page).getByTestId('sidebar-count-clusters')).toHaveText('3')
    await expect(sidebar(page).getByTestId('sidebar-count-orders')).toHaveText('12')
  })

  test('on a 390 px screen a floating button opens the drawer with the extra links, and Logout signs out', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(sidebar(page)).toBeHidden()
    const opener = page.getByRole('button', { name: 'Open navigation menu' })
    await opener.click()
    const drawer = page.getByRole('dialog', { name: 'Clusterdeck' })
    await expect(drawer).toBeVisible()
    expect(await linksOf(drawer)).toEqual([
      ...CUSTOMER_LINKS.slice(0, 13),
      ['Pricing', '/pricing'],
      ['Documentation', '/documentation'],
      ['Tutorials', '/tutorials'],
      ['Support', '/support'],
      ...CUSTOMER_LINKS.slice(13),
    ])
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(drawer.getByText('System Status: Healthy')).toBeVisible()

    // A link closes the drawer on its way.
    await drawer.getByRole('link', { name: 'Marketplace' }).click()
    await expect(page).toHaveURL(/\/marketplace$/)
    await expect(drawer).toBeHidden()

    // The custom window event toggles the drawer on small screens.
    await page.evaluate(() => window.dispatchEvent(new Event('clusterdeck:sidebar-toggle')))
    await expect(drawer).toBeVisible()
    await page.evaluate(() => window.dispatchEvent(new Event('clusterdeck:sidebar-toggle')))
    await expect(drawer).toBeHidden()

    await opener.click()
    await drawer.getByRole('button', { name: 'Logout' }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
    expect((await page.request.get('/api/user')).status()).toBe(401)
  })

  test('on a wide screen the custom event collapses the sidebar instead', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(sidebar(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden()
    await page.evaluate(() => window.dispatchEvent(new Event('clusterdeck:sidebar-toggle')))
    await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true')
  })
})
