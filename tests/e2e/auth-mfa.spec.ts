import { generateSync } from 'otplib'
import { DEMO_PASSWORD } from '../../common/demo-accounts.ts'
import {
  expectToast,
  linkIn,
  mailTo,
  openAuthScreen,
  signInThroughForm,
  toastTitled,
} from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'
import { nextTotpCode, REGISTRATION_PASSWORD, Registrar } from './support/registrations.ts'

const codeInput = (page: import('@playwright/test').Page) => page.getByLabel('Authentication code')

/** A 6-digit code the authenticator would not show now (nor 30 s either side). */
function wrongCode(secret: string): string {
  const now = Date.now()
  const valid = new Set(
    [-30_000, 0, 30_000].map((offset) => generateSync({ secret, epoch: Math.floor((now + offset) / 1000) })),
  )
  let candidate = 0
  while (valid.has(String(candidate).padStart(6, '0'))) candidate++
  return String(candidate).padStart(6, '0')
}

test.describe('two-factor sign-in', () => {
  test('the password answers mfaRequired: the code step, a wrong code, then the right one', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const registrar = await Registrar.open(playwright, baseURL)
    const account = await registrar.withTwoFactor()
    await registrar.close()
    await openAuthScreen(page, '/auth')
    await signInThroughForm(page, account.username, REGISTRATION_PASSWORD)
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible()
    // Pending second factor: not signed in yet, and no success toast.
    expect((await page.request.get('/api/user')).status()).toBe(401)
    await expect(toastTitled(page, 'Login successful')).toHaveCount(0)

    const code = codeInput(page)
    await expect(code).toBeFocused()
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(code).toHaveAttribute('inputmode', 'numeric')

    await code.fill(wrongCode(account.secret))
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await expectToast(page, 'Login failed', 'Invalid authentication code', 'destructive')
    await expect(code).toHaveAccessibleDescription('Invalid authentication code')

    await code.fill(nextTotpCode(account.secret))
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await expectToast(page, 'Login successful', `Welcome back, ${account.name}!`, 'success')
    await expect(page).toHaveURL(/\/dashboard$/)
    expect((await (await page.request.get('/api/user')).json()).username).toBe(account.username)
  })

  test('the code must be 6 digits: letters are dropped and a short code is named beside the field', async ({
    page,
  }) => {
    let mfaCalls = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login/mfa')) mfaCalls++
    })
    await openAuthScreen(page, '/auth')
    await signInThroughForm(page, 'secure', DEMO_PASSWORD)
    const code = codeInput(page)
    await code.pressSequentially('12ab3')
    await expect(code).toHaveValue('123')
    await page.keyboard.press('Enter')
    await expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app')
    expect(mfaCalls).toBe(0)
  })

  test('"Back to sign in" leaves the code step', async ({ page }) => {
    await openAuthScreen(page, '/auth')
    await signInThroughForm(page, 'secure', DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Back to sign in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
  })

  test('a magic link still asks for the code of an MFA account', async ({ page, playwright, baseURL }) => {
    const registrar = await Registrar.open(playwright, baseURL)
    const account = await registrar.withTwoFactor()
    await registrar.close()
    const sentAfter = new Date()
    await openAuthScreen(page, '/magic-link-login')
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Email me a link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible()

    const mail = await mailTo(page.request, account.email, 'Your Clusterdeck sign-in link', sentAfter)
    await openAuthScreen(page, linkIn(mail).pathname + linkIn(mail).search)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible()
    await codeInput(page).fill(nextTotpCode(account.secret))
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await expectToast(page, 'Login successful', `Welcome back, ${account.name}!`)
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})
