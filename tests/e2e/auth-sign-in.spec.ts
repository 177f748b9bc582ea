import { AxeBuilder } from '@axe-core/playwright'
import { DEMO_PASSWORD, demoEmail } from '../../common/demo-accounts.ts'
import { expectToast, openAuthScreen, signInThroughForm, toastTitled } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

test.describe('sign in at /auth', () => {
  test('with a username: the "Login successful" toast, then the dashboard when no page was saved', async ({
    page,
  }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await expect(page).toHaveTitle('Sign in · Clusterdeck')
    await signInThroughForm(page, 'demo', DEMO_PASSWORD)
    await expectToast(page, 'Login successful', 'Welcome back, Dana Demo!', 'success')
    await expect(page).toHaveURL(/\/dashboard$/)
    const user = await (await page.request.get('/api/user')).json()
    expect(user.username).toBe('demo')
  })

  test('with an email address instead of the username', async ({ page }) => {
    await page.goto('/auth')
    await signInThroughForm(page, demoEmail('admin'), DEMO_PASSWORD)
    await expectToast(page, 'Login successful', 'Welcome back, Alex Admin!')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('a wrong password: the destructive "Login failed" toast with the server message, what was typed stays', async ({
    page,
  }) => {
    await page.goto('/auth')
    await signInThroughForm(page, 'demo', 'not-the-right-password')
    await expectToast(page, 'Login failed', 'Invalid username or password', 'destructive')
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByLabel('Username or email')).toHaveValue('demo')
    expect((await page.request.get('/api/user')).status()).toBe(401)
  })

  test('empty fields are named beside each field, read with it, and focus goes to the first', async ({
    page,
  }) => {
    let loginCalls = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls++
    })
    await openAuthScreen(page, '/auth')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const identifier = page.getByLabel('Username or email')
    const password = page.getByLabel('Password', { exact: true })
    await expect(identifier).toHaveAttribute('aria-invalid', 'true')
    await expect(identifier).toHaveAccessibleDescription('Enter your username or email')
    await expect(password).toHaveAccessibleDescription('Enter your password')
    await expect(identifier).toBeFocused()
    await identifier.fill('demo')
    await expect(identifier).not.toHaveAttribute('aria-invalid', 'true')
    expect(loginCalls).toBe(0)
  })

  test('fields carry autocomplete hints and the password can be shown', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByLabel('Username or email')).toHaveAttribute('autocomplete', 'username')
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAttribute('autocomplete', 'current-password')
    await expect(password).toHaveAttribute('type', 'password')
    const toggle = page.getByRole('button', { name: 'Show password' })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(password).toHaveAttribute('type', 'text')
  })

  test('the keyboard alone signs in: Tab through the form, Enter to send', async ({ page }) => {
    await openAuthScreen(page, '/auth')
    await page.getByLabel('Username or email').focus()
    await page.keyboard.type('demo')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
    await page.keyboard.type(DEMO_PASSWORD)
    await page.keyboard.press('Enter')
    await expectToast(page, 'Login successful')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('links lead to password recovery, magic-link sign-in and, in development, the demo accounts', async ({
    page,
  }) => {
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
    await page.goBack()
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click()
    await expect(page).toHaveURL(/\/magic-link-login$/)
    await page.goBack()
    await page.getByRole('link', { name: 'Use a demo account' }).click()
    await expect(page).toHaveURL(/\/dev-login$/)
  })

  test('someone already signed in who opens /auth goes on to the dashboard', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(toastTitled(page, 'Login successful')).toHaveCount(0)
  })
})

test.describe('development sign-in at /dev-login', () => {
  test('one click per demo user signs in as that user', async ({ page }) => {
    await page.goto('/dev-login')
    await expect(page.getByRole('heading', { level: 1, name: 'Demo accounts' })).toBeVisible()
    for (const name of [
      'Dana Demo',
      'Noa Newcomer',
      'Sam Secure',
      'Alex Admin',
      'Olivia Officer',
      'Sacha Super',
    ]) {
      await expect(page.getByRole('button', { name: `Sign in as ${name}` })).toBeVisible()
    }
    await page.getByRole('button', { name: 'Sign in as Olivia Officer' }).click()
    await expectToast(page, 'Login successful', 'Welcome back, Olivia Officer!')
    await expect(page).toHaveURL(/\/dashboard$/)
    expect((await (await page.request.get('/api/user')).json()).username).toBe('officer')
  })

  test('is refused outside development', async ({ page }) => {
    await page.route('**/api/version/summary', (route) =>
      route.fulfill({ json: { displayVersion: 'v1.15.0', environment: 'production' } }),
    )
    await page.goto('/dev-login')
    await expect(page.getByRole('heading', { level: 1, name: 'Not available here' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Sign in as/ })).toHaveCount(0)
  })
})

test.describe('accessibility of the auth screens', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on /auth (${theme} theme)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await openAuthScreen(page, '/auth')
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
      const problems = async () => {
        const { violations } = await new AxeBuilder({ page }).analyze()
        return violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
      }
      expect(await problems()).toEqual([])
      // With every field in error, and on the registration tab.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      expect(await problems()).toEqual([])
      await page.getByRole('tab', { name: 'Create account' }).click()
      await page.getByRole('button', { name: 'Create account', exact: true }).click()
      expect(await problems()).toEqual([])
    })
  }
})
