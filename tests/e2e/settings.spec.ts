import { expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { REGISTRATION_PASSWORD, Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * /settings and /admin/organization-users as people use them: preferences saved once and applied
 * on another browser, the organization's rules, and the operator setting an organization's terms.
 */

test('preferences saved on /settings apply on another browser at sign-in', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.register()
  await registrar.close()
  await signInAsFreshAdmin(page, admin)
  await page.goto('/settings')
  const preferences = page.getByTestId('preferences')
  await preferences.getByLabel('Theme').selectOption('dark')
  await preferences.getByLabel('Currency').selectOption('GBP')
  await preferences.getByRole('button', { name: 'Save the preferences' }).click()
  await expectToast(page, 'Your preferences are saved for every browser')
  await expect(page.locator('html')).toHaveClass(/dark/)

  const other = await browser.newContext()
  const elsewhere = await other.newPage()
  await elsewhere.goto('/auth')
  await elsewhere.getByLabel('Username or email').fill(admin.username)
  await elsewhere.getByLabel('Password', { exact: true }).fill(REGISTRATION_PASSWORD)
  await elsewhere.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(elsewhere).toHaveURL(/\/dashboard$/)
  await expect(elsewhere.locator('html')).toHaveClass(/dark/)
  expect(await elsewhere.evaluate(() => localStorage.getItem('currency'))).toBe('GBP')
  await other.close()

  const notifications = page.getByTestId('notification-preferences')
  const securityInApp = notifications.getByRole('checkbox', {
    name: 'Security: a new API token, a changed password: In the app',
  })
  await securityInApp.uncheck()
  await notifications.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Your notification choices are saved')
  await page.reload()
  await expect(
    page
      .getByTestId('notification-preferences')
      .getByRole('checkbox', { name: 'Security: a new API token, a changed password: In the app' }),
  ).not.toBeChecked()

  const rules = page.getByTestId('organization-rules')
  await rules.getByLabel('Mail domains approved at once').fill('example.org')
  await rules.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'The organization rules are saved')
  await page.reload()
  await expect(
    page.getByTestId('organization-rules').getByLabel('Mail domains approved at once'),
  ).toHaveValue('example.org')
})

test('the operator finds an organization, reads its members and sets its credit limit', async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const customer = await registrar.register()
  await registrar.close()
  await signIn(page, 'superadmin')
  await page.goto('/admin/organization-users')
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(customer.companyId)
  await page.getByTestId(`organization-${customer.companyId}`).click()
  const entry = page.getByTestId('organization-entry')
  await expect(entry).toContainText(customer.email)
  // The limit is typed in the billing currency chosen beside it, and kept in it.
  await expect(entry.getByLabel('Credit limit (EUR)')).toBeVisible()
  await entry.getByRole('combobox', { name: /Billing currency/ }).selectOption('GBP')
  await entry.getByLabel('Credit limit (GBP)').fill('12345')
  await entry.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, `The terms of ${customer.companyName} are saved`)
  await expect(page.getByTestId(`organization-${customer.companyId}`)).toContainText(
    'credit limit £12,345.00',
  )
  const saved = await page.request.get(`/api/admin/organizations?search=${customer.companyId}`)
  expect((await saved.json()).items).toEqual([
    expect.objectContaining({ creditLimitCents: 1_234_500, billingCurrency: 'GBP' }),
  ])
})
