import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../common/demo-accounts.ts'
import {
  expectToast,
  freshUser,
  linkIn,
  mailTo,
  openAuthScreen,
  registerThroughApi,
  signInThroughForm,
} from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { nextTotpCode, REGISTRATION_PASSWORD, Registrar } from './support/registrations.ts'

const savedTarget = (page: Page) => page.evaluate(() => localStorage.getItem('redirectAfterLogin'))

/** Opens a sign-in-required page signed out: its spinner, then /auth with the page saved. */
async function visitSignedOut(page: Page, path: string, spinnerText: string) {
  await page.goto(path)
  await expect(page.getByRole('status').filter({ hasText: spinnerText })).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
  expect(await savedTarget(page)).toBe(path)
}

test.describe('auth gating', () => {
  test('/dashboard?tab=x#y signed out: spinner, /auth, and back to /dashboard?tab=x#y after signing in', async ({
    page,
    baseURL,
  }) => {
    await visitSignedOut(page, '/dashboard?tab=x#y', 'Loading dashboard...')
    await signInThroughForm(page, 'demo', DEMO_PASSWORD)
    await expectToast(page, 'Login successful', 'Welcome back, Dana Demo!')
    await expect(page).toHaveURL(`${baseURL}/dashboard?tab=x#y`)
    expect(await savedTarget(page)).toBeNull()
  })

  test('the plain layout says "Loading..." and registering returns to the saved page', async ({
    page,
    baseURL,
  }) => {
    await visitSignedOut(page, '/data-centers?region=fr#paris', 'Loading...')
    const user = freshUser('gate')
    await page.getByRole('tab', { name: 'Create account' }).click()
    for (const [label, value] of [
      ['Full name', user.name],
      ['Username', user.username],
      ['Email', user.email],
      ['Password', user.password],
      ['Company name', user.companyName],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value)
    }
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await expectToast(page, 'Registration successful', `Welcome, ${user.name}!`)
    await expect(page).toHaveURL(`${baseURL}/data-centers?region=fr#paris`)
    // A new account has not verified its address yet: the verification modal comes first.
    await page.getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Data centers' })).toBeVisible()
  })

  test('the flow layout says "Loading configuration..." and the MFA step returns to the saved page', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const registrar = await Registrar.open(playwright, baseURL)
    const account = await registrar.withTwoFactor()
    await registrar.close()
    await visitSignedOut(page, '/configure-cluster?type=blue', 'Loading configuration...')
    await signInThroughForm(page, account.username, REGISTRATION_PASSWORD)
    await page.getByLabel('Authentication code').fill(nextTotpCode(account.secret))
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await expectToast(page, 'Login successful', `Welcome back, ${account.name}!`)
    await expect(page).toHaveURL(`${baseURL}/configure-cluster?type=blue`)
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
  })

  test('a magic link opened later returns to the saved page too', async ({ page, request, baseURL }) => {
    const user = freshUser('gate-magic')
    await registerThroughApi(request, user)
    await visitSignedOut(page, '/order-status/ORD-2026-000123', 'Loading...')
    const sentAfter = new Date()
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a magic link' })).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByRole('button', { name: 'Email me a link' }).click()
    const link = linkIn(await mailTo(request, user.email, 'Your Clusterdeck sign-in link', sentAfter))
    await openAuthScreen(page, link.pathname + link.search)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL}/order-status/ORD-2026-000123`)
  })

  test('signed in, the sign-in-required layouts show their page with the header', async ({ page }) => {
    await signIn(page, 'demo')
    for (const [path, heading] of [
      ['/data-centers', 'Data centers'],
      ['/clusters/provisioning', 'Cluster provisioning'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
    }
    expect(await savedTarget(page)).toBeNull()
  })

  test('the footer’s Data Centers link tells a visitor why the sign-in page shows, in both languages', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('footer-resources').getByRole('link', { name: 'Data Centers' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByTestId('gated-page-note')).toHaveText(
      'Sign in or create an account to open “Data centers”.',
    )
    await page.goto('/auth?lang=fr')
    await page.evaluate(() => localStorage.setItem('language', 'fr'))
    await page.reload()
    await expect(page.getByTestId('gated-page-note')).toHaveText(
      'Connectez-vous ou créez un compte pour ouvrir « Centres de données ».',
    )
  })
})
