import type { CDPSession, Page } from '@playwright/test'
import { generateSync } from 'otplib'
import { expectToast } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'
import { REGISTRATION_PASSWORD, Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * The account's credentials as a person sets them up: two-factor authentication from the QR's
 * secret and a sign-in with a recovery code; a passkey on Chromium's virtual authenticator and a
 * sign-in with it; an API token that reads clusters and is refused a write.
 */

async function signInPage(page: Page, username: string) {
  await page.goto('/auth')
  await page.getByLabel('Username or email').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(REGISTRATION_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/logout')).status()).toBe(200)
}

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return cdp
}

test('two-factor authentication from the QR secret, then a sign-in with a recovery code', async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.register()
  await registrar.close()
  await signInAsFreshAdmin(page, admin)
  await page.goto('/account')
  const section = page.getByTestId('two-factor')
  await expect(section.getByTestId('mfa-state')).toHaveText('Off')
  await section.getByLabel('Your password, to set it up').fill(REGISTRATION_PASSWORD)
  await section.getByRole('button', { name: 'Set up' }).click()
  await expect(section.getByTestId('totp-qr')).toBeVisible()
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim()
  await section.getByLabel('Code from the app').fill(generateSync({ secret }))
  await section.getByRole('button', { name: 'Turn on' }).click()
  const codes = section.getByTestId('recovery-codes').getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recoveryCode = (await codes.first().textContent())!.trim()
  await section.getByRole('button', { name: 'I have saved them' }).click()
  await expect(section.getByTestId('mfa-state')).toHaveText('On')

  await signOut(page)
  await signInPage(page, admin.username)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByLabel('Recovery code').fill(recoveryCode)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a passkey registered on the virtual authenticator signs in without a password', async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.registerVerified()
  await registrar.close()
  await virtualAuthenticator(page)
  await signInAsFreshAdmin(page, admin)
  await page.goto('/account')
  const section = page.getByTestId('passkeys')
  await expect(section.getByTestId('passkeys-empty')).toBeVisible()
  await section.getByLabel('Name of the passkey').fill('Test laptop')
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expectToast(page, 'Passkey “Test laptop” added')
  await expect(section.getByTestId('passkey-Test laptop')).toContainText('never used')

  await signOut(page)
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/account')
  await expect(page.getByTestId('passkey-Test laptop')).not.toContainText('never used')
})

test('an API token reads clusters without cookies and is refused a write outside its scope', async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.registerVerified()
  await registrar.close()
  await signInAsFreshAdmin(page, admin)
  await page.goto('/account')
  const section = page.getByTestId('api-tokens')
  await section.getByLabel('Name').fill('CI pipeline')
  await section.getByLabel('Clusters and orders: Read', { exact: true }).check()
  await section.getByLabel('Expires').selectOption('90d')
  await section.getByRole('button', { name: 'Create the token' }).click()
  const token = (await section.getByTestId('token-value').textContent())!.trim()
  expect(token).toMatch(/^cdk_/)
  await expect(section.getByTestId('token-CI pipeline')).toContainText('clusters:read')

  const script = await playwright.request.newContext({ baseURL })
  const headers = { authorization: `Bearer ${token}` }
  const clusters = await script.get('/api/clusters', { headers })
  expect(clusters.status(), await clusters.text()).toBe(200)
  const write = await script.post('/api/orders', { headers, data: {} })
  expect(write.status()).toBe(403)
  expect((await write.json()).code).toBe('TOKEN_SCOPE_MISSING')

  await page.reload()
  await expect(section.getByTestId('token-CI pipeline')).toContainText('last used')

  // Revoked from the account page, the token stops working at once.
  await section.getByTestId('token-CI pipeline').getByRole('button', { name: 'Revoke' }).click()
  const confirm = page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' })
  await expect(confirm).toContainText('Scripts using this token stop working at once.')
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(section.getByTestId('token-CI pipeline')).toHaveCount(0)
  expect((await script.get('/api/clusters', { headers })).status()).toBe(401)
  await script.dispose()
})
