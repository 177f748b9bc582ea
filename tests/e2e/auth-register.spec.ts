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
import { Registrar } from './support/registrations.ts'

const FIELD_LABELS = {
  name: 'Full name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  companyName: 'Company name',
} as const
const JOINING_LABEL = "I'm joining my company, which already uses Clusterdeck"

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
  test('a new account founds its organization, whose generated Billing ID it is shown, and is signed in directly', async ({
    page,
  }) => {
    const user = freshUser('reg')
    await openRegistration(page)
    // A new organization asks for no Billing ID: the server makes it.
    await expect(page.getByLabel('Billing ID', { exact: true })).toHaveCount(0)
    await fillRegistration(page, user)
    await submit(page)
    await expect(page).toHaveURL(/\/dashboard$/)
    const signedIn = await (await page.request.get('/api/user')).json()
    expect(signedIn).toMatchObject({
      username: user.username,
      email: user.email,
      name: user.name,
      companyName: user.companyName,
      companyId: expect.stringMatching(/^CD-[A-Z0-9]{8}$/),
      role: 'admin',
      emailVerified: false,
    })
    await expectToast(
      page,
      'Registration successful',
      `Welcome, ${user.name}! Your organization's Billing ID is ${signedIn.companyId}: give it to colleagues so they can ask to join.`,
      'success',
    )
    await page.goto('/admin/organization-users')
    await expect(page.getByTestId('organization-billing-id')).toHaveText(signedIn.companyId)
    await expect(page.getByRole('button', { name: 'Copy Billing ID' })).toBeVisible()
  })

  test('"I\'m joining my company" is chosen by keyboard, asks for the Billing ID instead of a company name, and files a request', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const registrar = await Registrar.open(playwright, baseURL)
    const founder = await registrar.register()
    await registrar.close()
    const user = freshUser('joiner')
    await openRegistration(page)
    const joining = page.getByLabel(JOINING_LABEL)
    await joining.focus()
    await page.keyboard.press('Space')
    await expect(joining).toBeChecked()
    await expect(page.getByLabel('Company name', { exact: true })).toHaveCount(0)
    await fillRegistration(page, { ...user, companyName: undefined })
    await page.getByLabel('Billing ID', { exact: true }).fill(founder.companyId.toLowerCase())
    await submit(page)
    await expectToast(page, 'Registration successful', `Welcome, ${user.name}!`, 'success')
    expect(await (await page.request.get('/api/user')).json()).toMatchObject({
      username: user.username,
      companyId: founder.companyId,
      role: 'user',
      membershipStatus: 'pending',
    })
    // Waiting for approval, the dashboard shows no money and asks the server for none (a refused
    // request would fail the test on the console).
    await expect(page.getByTestId('dashboard-stat-spend-value')).toHaveText('—')
    await expect(page.getByTestId('dashboard-stat-credits-value')).toHaveText('—')
  })

  test('an unknown Billing ID when joining is refused beside the field', async ({ page, consoleErrors }) => {
    const user = freshUser('unknown')
    await openRegistration(page)
    await page.getByLabel(JOINING_LABEL).check()
    await fillRegistration(page, { ...user, companyName: undefined })
    const billingId = page.getByLabel('Billing ID', { exact: true })
    await billingId.fill('CD-NOBODY-HAS-THIS')
    await submit(page)
    await expectToast(page, 'Registration failed')
    await expect(billingId).toHaveAccessibleDescription(
      /No organization has this Billing ID; ask your company’s administrator for it/,
    )
    await expect(billingId).toBeFocused()
    await expect(page).toHaveURL(/\/auth\?tab=register$/)
    acknowledgeRefusedRequest(consoleErrors, 422)
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
    await expect(page.getByLabel('Company name', { exact: true })).toHaveValue(user.companyName)
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
