import { holdLogoutRequests } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/** Corrections to the shell found in a review (issue 15). */

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

test('GET answers cached 5 minutes come from the GET cache: screens that show them ask the server once', async ({
  page,
}) => {
  await page.clock.install()
  let asked = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/version/summary') asked += 1
  })
  await page.goto('/contact')
  await expect(page.getByTestId('footer-version-text')).not.toContainText('loading')
  expect(asked).toBe(1)
  // /auth asks for the version too (its demo-accounts link): the cache answers.
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  expect(asked).toBe(1)
  // Five minutes on, the cache has expired: the next screen asks again.
  await page.clock.fastForward('05:01')
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect.poll(() => asked).toBe(2)
})
