import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

const modal = (page: Page) => page.getByRole('dialog', { name: 'Email Verification Required' })
const toastWith = (page: Page, text: string) => page.locator('li[data-variant]').filter({ hasText: text })

test.describe('email verification modal', () => {
  test('blocks an unverified user with the explanation and the four actions; the page behind is blurred and inert', async ({
    page,
  }) => {
    await signIn(page, 'newcomer')
    await page.goto('/dashboard')
    await expect(modal(page)).toBeVisible()
    await expect(modal(page)).toContainText('newcomer@clusterdeck.eu')
    await expect(modal(page)).toContainText('spam')
    await expect(modal(page)).toContainText('Click the verification link')
    await expect(modal(page)).toContainText('refresh')
    await expect(modal(page).getByRole('link', { name: 'Open Email Client' })).toHaveAttribute(
      'href',
      'mailto:',
    )
    await expect(modal(page).getByRole('button', { name: 'Resend Verification Email' })).toBeVisible()
    await expect(
      modal(page).getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }),
    ).toBeVisible()
    await expect(modal(page).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/support',
    )

    // The app behind the modal is inert and the overlay blurs it.
    const appRoot = page.locator('body > *').filter({ has: page.getByTestId('dashboard-sidebar') })
    await expect(appRoot).toHaveAttribute('inert', '')
    const overlayFilter = await page
      .locator('[data-slot="dialog-overlay"]')
      .evaluate((overlay) => getComputedStyle(overlay).backdropFilter)
    expect(overlayFilter).toContain('blur')
    // Escape does not close it.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeVisible()
  })

  test('resend shows "Sending...", then the toast and the inline notice', async ({ page }) => {
    await signIn(page, 'newcomer')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/auth/resend-verification', async (route) => {
      expect(route.request().postDataJSON()).toEqual({ email: 'newcomer@clusterdeck.eu' })
      await held
      await route.continue()
    })
    await page.goto('/dashboard')
    await modal(page).getByRole('button', { name: 'Resend Verification Email' }).click()
    await expect(modal(page).getByRole('button', { name: 'Sending...' })).toBeDisabled()
    release()
    const sent = toastWith(page, 'Verification Email Sent')
    await expect(sent).toContainText('Please check your email for the verification link.')
    await expect(sent).toHaveAttribute('data-variant', 'success')
    await expect(modal(page).getByText('New verification email sent successfully!')).toBeVisible()
    await expect(modal(page).getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled()
  })

  test('a failed resend shows the destructive Error toast', async ({ page, consoleErrors }) => {
    await signIn(page, 'newcomer')
    await page.route('**/api/auth/resend-verification', (route) =>
      route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
    )
    await page.goto('/dashboard')
    await modal(page).getByRole('button', { name: 'Resend Verification Email' }).click()
    const failed = toastWith(page, 'Failed to resend verification email. Please try again.')
    await expect(failed).toContainText('Error')
    await expect(failed).toHaveAttribute('data-variant', 'destructive')
    await expect(modal(page).getByText('New verification email sent successfully!')).toHaveCount(0)
    // The browser logs the refused request itself; that line is the expected one.
    const expected = consoleErrors.findIndex((line) => /status of 503/.test(line))
    expect(expected).toBeGreaterThanOrEqual(0)
    consoleErrors.splice(expected, 1)
  })

  test('continuing without verification dismisses it for the browser session only', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'newcomer')
    await page.goto('/dashboard')
    await modal(page).getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }).click()
    await expect(modal(page)).toBeHidden()
    await expect(page.locator('body > [inert]')).toHaveCount(0)
    await page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Billing' }).click()
    await expect(page).toHaveURL(/\/billing$/)
    await page.reload()
    await expect(page.getByTestId('dashboard-sidebar')).toBeVisible()
    await expect(modal(page)).toHaveCount(0)

    // A new browser session asks again.
    const context = await browser.newContext()
    const other = await context.newPage()
    await signIn(other, 'newcomer')
    await other.goto('/dashboard')
    await expect(modal(other)).toBeVisible()
    await context.close()
  })

  test('stays away from verified users and from the sign-in and mail-link pages', async ({ page }) => {
    await signIn(page, 'newcomer')
    for (const path of ['/verify-email', '/reset-password', '/magic-link']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(modal(page)).toHaveCount(0)
    }
    await page.goto('/')
    await expect(modal(page)).toBeVisible()

    await signIn(page, 'demo')
    await page.goto('/dashboard')
    await expect(page.getByTestId('dashboard-sidebar')).toBeVisible()
    await expect(modal(page)).toHaveCount(0)
  })
})
