import { acknowledgeRefusedRequest, expectToast, holdLogoutRequests } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

test('logout in one tab signs out a second tab of the same browser (LOGOUT broadcast)', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, 'demo')
  await page.goto('/data-centers')
  await expect(page.getByRole('heading', { level: 1, name: 'Data centers' })).toBeVisible()
  const second = await context.newPage()
  await second.goto('/configure-cluster')
  await expect(second.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
  await page.evaluate(() => localStorage.setItem('loginTimestamp', String(Date.now())))

  await page.getByTestId('avatar-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()

  await expectToast(page, 'Logged out successfully')
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(second).toHaveURL(`${baseURL}/`)
  await expect(second.getByRole('link', { name: 'Sign In' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
  expect((await page.request.get('/api/user')).status()).toBe(401)
  // Neither tab kept a post-login target or the stored keys of the session.
  for (const tab of [page, second]) {
    expect(
      await tab.evaluate(() => [
        localStorage.getItem('redirectAfterLogin'),
        localStorage.getItem('loginTimestamp'),
      ]),
    ).toEqual([null, null])
  }
  await second.close()
})

test('after logging out, a sign-in-required page sends the visitor to /auth again', async ({ page }) => {
  await signIn(page, 'demo')
  await page.goto('/data-centers')
  await page.getByTestId('avatar-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/data-centers')
  await expect(page).toHaveURL(/\/auth$/)
})

test('a slow logout: the other tab is told once the server has answered, and comes back signed out', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, 'demo')
  await holdLogoutRequests(page)
  await page.goto('/dashboard')
  const second = await context.newPage()
  await second.goto('/my-clusters')
  await expect(second.getByTestId('avatar-menu-trigger')).toBeVisible({ timeout: 20_000 })
  // What the second tab's header learns about the session after it has left for the root (it may
  // not ask at all: the session hint cookie is gone with the session).
  const userAnswers: number[] = []
  second.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/user' && new URL(second.url()).pathname === '/')
      userAnswers.push(response.status())
  })

  await page.getByTestId('avatar-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page.getByRole('menuitem', { name: 'Logging out...' })).toBeVisible()
  // The server has not answered: the session holds, and the second tab stays where it is.
  await expect(second).toHaveURL(`${baseURL}/my-clusters`)
  expect((await second.request.get('/api/user')).status()).toBe(200)
  await page.evaluate(() => (window as unknown as { releaseLogout: () => void }).releaseLogout())

  await expect(second).toHaveURL(`${baseURL}/`)
  await expect(second.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
  await expect(second.getByTestId('avatar-menu-trigger')).toHaveCount(0)
  expect(userAnswers.filter((status) => status !== 401)).toEqual([])
  await second.close()
})

test('a logout the server refuses says "Logout failed" with its message, not "Logged out successfully"', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'demo')
  await page.route('**/api/logout', (route) =>
    route.fulfill({ status: 503, json: { message: 'Sessions are read-only during maintenance' } }),
  )
  await page.goto('/dashboard')
  await page.getByTestId('avatar-menu-trigger').click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectToast(page, 'Logout failed', 'Sessions are read-only during maintenance', 'destructive')
  await expect(page.getByText('Logged out successfully')).toHaveCount(0)
  acknowledgeRefusedRequest(consoleErrors, 503)
})
