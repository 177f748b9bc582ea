import { holdLogoutRequests } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/** Corrections to the shell found in a review against the spec (issue 15). */

test('in the dashboard, Logout shows "Logging out..." while pending and the page stays until it leaves', async ({
  page,
}) => {
  await holdLogoutRequests(page)
  await signIn(page, 'demo')
  await page.goto('/dashboard')
  const sidebar = page.getByRole('complementary', { name: 'Dashboard navigation' })
  await expect(sidebar).toBeVisible()
  await page.getByTestId('avatar-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  const pending = page.getByRole('menuitem', { name: 'Logging out...' })
  await expect(pending).toBeVisible()
  await expect(pending).toHaveAttribute('aria-disabled', 'true')
  // The cached user is gone already, yet the dashboard does not turn into the loading gate.
  await expect(sidebar).toBeVisible()
  await expect(page.getByTestId('auth-gate-loading')).toHaveCount(0)
  await page.evaluate(() => (window as unknown as { releaseLogout: () => void }).releaseLogout())
  await page.waitForURL((url) => url.pathname === '/')
  expect((await page.request.get('/api/user')).status()).toBe(401)
})
