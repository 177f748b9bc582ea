import type { Page } from '@playwright/test'
import {
  acknowledgeRefusedRequest,
  expectToast,
  type FreshUser,
  freshUser,
  openAuthScreen,
  toastTitled,
} from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

const FIELD_LABELS = {
  name: 'Full name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  companyName: 'Company name',
  companyId: 'Billing ID',
} as const

async function openRegistration(page: Page) {
  await openAuthScreen(page, '/auth')
  await page.getByRole('tab', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
}

async function fillRegistration(page: Page, user: Partial<FreshUser>) {
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    const value = user[field as keyof FreshUser]
    if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value)
  }
}

const submit = (page: Page) => page.getByRole('button', { name: 'Create account', exact: true }).click()

test.describe('registration at /auth', () => {
  test('a new account with company name and billing ID is signed in directly, with the §8 toasts', async ({
    page,
  }) => {
    const user = freshUser('reg')
    await openRegistration(page)
    await fillRegistration(page, { ...user, companyId: user.companyId.toLowerCase() })
    await submit(page)
    await expectToast(page, 'Registration successful', `Welcome, ${user.name}!`, 'success')
    await expect(page).toHaveURL(/\/dashboard$/)
    const signedIn = await (await page.request.get('/api/user')).json()
    expect(signedIn).toMatchObject({
      username: user.username,
      email: user.email,
      name: user.name,
      companyName: user.companyName,
      companyId: user.companyId,
      role: 'admin',
      emailVerified: false,
    })
  })

  test('?tab=register opens the registration directly', async ({ page }) => {
    await page.goto('/auth?tab=register')
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('fields carry the autocomplete hints of a new account and the password rule is shown', async ({
    page,
  }) => {
    await openRegistration(page)
    const expected = {
      'Full name': 'name',
      Username: 'username',
      Email: 'email',
      Password: 'new-password',
      'Company name': 'organization',
    }
    for (const [label, autocomplete] of Object.entries(expected)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('autocomplete', autocomplete)
    }
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAccessibleDescription(/At least 12 characters \(not met yet\)/)
    await password.fill('twelve chars')
    await expect(password).toHaveAccessibleDescription(/At least 12 characters \(met\)/)
  })

  test('invalid fields are shown beside each field before any request, keeping what was typed', async ({
    page,
  }) => {
    let registerCalls = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) registerCalls++
    })
    await openRegistration(page)
    await fillRegistration(page, {
      name: 'Short Password',
      username: 'x',
      email: 'not-an-email',
      password: 'short',
    })
    await submit(page)
    await expect(page.getByLabel('Username', { exact: true })).toHaveAccessibleDescription(
      /Username must be at least 3 characters/,
    )
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Enter a valid email address',
    )
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Password must be at least 12 characters/,
    )
    await expect(page.getByLabel('Company name', { exact: true })).toHaveAccessibleDescription(
      'Enter your company name',
    )
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused()
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Short Password')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('not-an-email')
    expect(registerCalls).toBe(0)
  })

  test('a taken username: "Registration failed" with the server message, shown beside the field', async ({
    page,
    consoleErrors,
  }) => {
    const user = { ...freshUser('taken'), username: 'demo' }
    await openRegistration(page)
    await fillRegistration(page, user)
    await submit(page)
    await expectToast(page, 'Registration failed', 'This username is taken. Please choose another.')
    const username = page.getByLabel('Username', { exact: true })
    await expect(username).toHaveAccessibleDescription(/This username is taken\. Please choose another\./)
    await expect(username).toBeFocused()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
    await expect(page.getByLabel('Billing ID', { exact: true })).toHaveValue(user.companyId)
    await expect(page).toHaveURL(/\/auth\?tab=register$/)
    acknowledgeRefusedRequest(consoleErrors, 409)
  })

  test('a password among the most common ones is refused beside the password field', async ({
    page,
    consoleErrors,
  }) => {
    await openRegistration(page)
    await fillRegistration(page, { ...freshUser('common'), password: 'qwerty123456' })
    await submit(page)
    await expectToast(
      page,
      'Registration failed',
      'This password is among the most common ones; choose another',
    )
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /This password is among the most common ones; choose another/,
    )
    acknowledgeRefusedRequest(consoleErrors, 422)
  })

  test("the server's 400 field issues land beside their fields", async ({ page, consoleErrors }) => {
    // The client checks with the same schema as the server, so the request is altered on its way.
    await page.route('**/api/register', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'altered-not-an-email' }),
      }),
    )
    const user = freshUser('issues')
    await openRegistration(page)
    await fillRegistration(page, user)
    await submit(page)
    await expectToast(page, 'Registration failed', 'Invalid body.email: Enter a valid email address')
    const email = page.getByLabel('Email', { exact: true })
    await expect(email).toHaveAccessibleDescription('Enter a valid email address')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveValue(user.email)
    await expect(toastTitled(page, 'Registration successful')).toHaveCount(0)
    acknowledgeRefusedRequest(consoleErrors, 400)
  })
})
