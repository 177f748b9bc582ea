import {
  acknowledgeRefusedRequest,
  expectToast,
  freshUser,
  linkIn,
  mailTo,
  openAuthScreen,
  registerThroughApi,
  signInThroughForm,
} from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('forgot and reset password', () => {
  test('a reset link by mail sets a new password that signs in; the link works once', async ({
    page,
    request,
    baseURL,
    consoleErrors,
  }) => {
    const user = freshUser('reset')
    await registerThroughApi(request, user)
    const sentAfter = new Date()

    await openAuthScreen(page, '/forgot-password')
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    const sent = page.getByRole('heading', { level: 1, name: 'Check your inbox' })
    await expect(sent).toBeFocused()
    await expect(
      page.getByText('If an account uses this address, a link to reset the password is on its way.'),
    ).toBeVisible()

    const mail = await mailTo(request, user.email, 'Reset your Clusterdeck password', sentAfter)
    const link = linkIn(mail)
    expect(link.origin).toBe(baseURL)
    expect(link.pathname).toBe('/reset-password')
    await openAuthScreen(page, link.pathname + link.search)
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()

    const password = page.getByLabel('New password', { exact: true })
    const confirmation = page.getByLabel('Confirm new password')
    await password.fill('too short')
    await confirmation.fill('too short')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(password).toHaveAccessibleDescription(/Password must be at least 12 characters/)

    await password.fill('a brand new passphrase')
    await confirmation.fill('a brand new passphrase!')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(confirmation).toHaveAccessibleDescription('The two passwords differ')

    await confirmation.fill('a brand new passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible()
    await expect(
      page.getByRole('main').getByText('Your password has been changed. Please sign in with it.'),
    ).toBeVisible()
    await expectToast(page, 'Password changed', 'Your password has been changed. Please sign in with it.')

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await signInThroughForm(page, user.username, 'a brand new passphrase')
    await expectToast(page, 'Login successful', `Welcome back, ${user.name}!`)
    await expect(page).toHaveURL(/\/dashboard$/)

    // The link was used up.
    await page.context().clearCookies()
    await openAuthScreen(page, link.pathname + link.search)
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase')
    await page.getByLabel('Confirm new password').fill('yet another passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible()
    await expect(
      page.getByText('This link is invalid or has expired. Please request a new one.'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    acknowledgeRefusedRequest(consoleErrors, 400)
  })

  test('/reset-password without a token says the link is incomplete', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('heading', { level: 1, name: 'This reset link is incomplete' })).toBeVisible()
  })
})

test.describe('magic link', () => {
  test('a mailed link signs in with one press of a button', async ({ page, request }) => {
    const user = freshUser('magic')
    await registerThroughApi(request, user)
    const sentAfter = new Date()
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a magic link' })).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByRole('button', { name: 'Email me a link' }).click()
    await expect(
      page.getByText('If an account uses this address, a sign-in link is on its way.'),
    ).toBeVisible()

    const link = linkIn(await mailTo(request, user.email, 'Your Clusterdeck sign-in link', sentAfter))
    expect(link.pathname).toBe('/magic-link')
    await openAuthScreen(page, link.pathname + link.search)
    // Opening the link alone signs nobody in (a mail scanner may open it too).
    expect((await page.request.get('/api/user')).status()).toBe(401)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expectToast(page, 'Login successful', `Welcome back, ${user.name}!`, 'success')
    await expect(page).toHaveURL(/\/dashboard$/)
    expect((await (await page.request.get('/api/user')).json()).username).toBe(user.username)
  })

  test('a used or made-up link is refused with a way to ask for a new one', async ({
    page,
    consoleErrors,
  }) => {
    await openAuthScreen(page, `/magic-link?token=${'x'.repeat(43)}`)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expectToast(page, 'Login failed', 'This link is invalid or has expired. Please request a new one.')
    await expect(
      page.getByRole('heading', { level: 1, name: 'This sign-in link cannot be used' }),
    ).toBeFocused()
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/magic-link-login',
    )
    acknowledgeRefusedRequest(consoleErrors, 400)
  })
})

test.describe('email verification', () => {
  test('the mailed link verifies the address and shows the outcome; used again it is invalid', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = freshUser('verify')
    await registerThroughApi(request, user)
    const link = linkIn(await mailTo(request, user.email, 'Verify your email address'))
    expect(link.origin).toBe(baseURL)

    await page.goto(link.pathname + link.search)
    await expect(page).toHaveURL(/\/verify-email\?status=verified$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Email address verified' })).toBeVisible()
    await expect(page).toHaveTitle('Email verification · Clusterdeck')
    const login = await request.post('/api/login', {
      data: { username: user.username, password: user.password },
    })
    expect((await login.json()).emailVerified).toBe(true)

    await page.goto(link.pathname + link.search)
    await expect(page).toHaveURL(/\/verify-email\?status=invalid$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'This verification link cannot be used' }),
    ).toBeVisible()
  })

  test('/verify-registration-email?token= follows the link to the outcome', async ({ page, request }) => {
    const user = freshUser('verify-reg')
    await registerThroughApi(request, user)
    const link = linkIn(await mailTo(request, user.email, 'Verify your email address'))
    await page.goto(`/verify-registration-email${link.search}`)
    await expect(page).toHaveURL(/\/verify-email\?status=verified$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Email address verified' })).toBeVisible()
  })

  test('an invalid link offers a new mail: toast, inline notice, and the mail arrives', async ({
    page,
    request,
  }) => {
    const user = freshUser('resend')
    await registerThroughApi(request, user)
    const sentAfter = new Date()
    await openAuthScreen(page, '/verify-email?status=invalid')
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByRole('button', { name: 'Send a new link' }).click()
    await expectToast(page, 'Verification Email Sent', 'Please check your email for the verification link.')
    await expect(page.getByText('New verification email sent successfully!')).toBeVisible()
    const link = linkIn(await mailTo(request, user.email, 'Verify your email address', sentAfter))
    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { level: 1, name: 'Email address verified' })).toBeVisible()
  })
})
