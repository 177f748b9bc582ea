import { expectToast } from './support/auth.ts'
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
