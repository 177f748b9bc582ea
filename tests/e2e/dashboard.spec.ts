import { expect, signIn, test } from './support/fixtures.ts'

test.describe('dashboard home', () => {
  test('welcomes the user by name with the company, the figures and quick links', async ({ page }) => {
    await signIn(page, 'demo')
    const counts = await (await page.request.get('/api/sidebar-counts')).json()
    const unread = await (await page.request.get('/api/notifications/count')).json()
    await page.goto('/dashboard')
    await expect(page).toHaveTitle('Dashboard · Clusterdeck')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Dana Demo')
    await expect(page.getByText('An overview of Demo Company on Clusterdeck.')).toBeVisible()
    await expect(page.getByTestId('dashboard-stat-clusters-value')).toHaveText(String(counts.clusters))
    // Other browser tests order for the demo organization meanwhile: the figure is the API's when the page read it.
    const orders = page.getByTestId('dashboard-stat-orders-value')
    await expect(orders).toHaveText(/^\d+$/)
    await expect
      .poll(async () => (await (await page.request.get('/api/sidebar-counts')).json()).orders.total)
      .toBeGreaterThanOrEqual(Number(await orders.textContent()))
    expect(Number(await orders.textContent())).toBeGreaterThanOrEqual(counts.orders.total)
    // Other tests' orders notify the demo user meanwhile: the same reading for the unread count.
    const notifications = page.getByTestId('dashboard-stat-notifications-value')
    await expect(notifications).toHaveText(/^\d+$/)
    await expect
      .poll(async () => (await (await page.request.get('/api/notifications/count')).json()).count)
      .toBeGreaterThanOrEqual(Number(await notifications.textContent()))
    expect(Number(await notifications.textContent())).toBeGreaterThanOrEqual(unread.count)
    await expect(page.getByText('CD-DEMO-001')).toBeVisible()

    const main = page.locator('main')
    await main.getByRole('link', { name: /Configure a new cluster Choose/ }).click()
    await expect(page).toHaveURL(/\/configure-cluster$/)
  })

  test('a signed-out visitor waits on "Loading dashboard..." and goes to /auth', async ({ page }) => {
    await page.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      await route.continue()
    })
    await page.goto('/dashboard')
    await expect(page.getByText('Loading dashboard...')).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
  })
})
