import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { acknowledgeRefusedRequest, expectToast, linkIn, mailTo } from './support/auth.ts'
import { expect, expectScreensReadable, signIn, test } from './support/fixtures.ts'
import { REGISTRATION_PASSWORD, Registrar } from './support/registrations.ts'

/**
 * Organization administration as people do it: the demo admin invites a colleague, the mail's link
 * creates the account, the colleague asks to become admin and is promoted (their old session ends),
 * and a registration with the demo billing ID waits until the admin approves it.
 */

const PASSWORD = 'a-long-and-unusual-passphrase'

async function confirmIn(page: Page, testId: string, button: string) {
  const dialog = page.getByTestId(testId)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: button, exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('an invited colleague joins, asks for promotion and is promoted; their old session ends', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const suffix = randomBytes(4).toString('hex')
  const email = `colleague-${suffix}@example.com`
  await signIn(page, 'admin')
  await page.goto('/user-management')
  await expect(page.getByRole('heading', { name: 'User management', level: 1 })).toBeVisible()
  const sentAt = new Date()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send the invitation' }).click()
  await expectToast(page, `Invitation sent to ${email}`)
  await expect(page.getByTestId(`invitation-${email}`)).toContainText('Invited by Alex Admin')

  const mail = await mailTo(request, email, 'Alex Admin invites you to Demo Company on Clusterdeck', sentAt)
  const link = linkIn(mail)
  expect(link.pathname).toBe('/accept-invitation')

  const colleagueContext = await browser.newContext()
  const colleague = await colleagueContext.newPage()
  await colleague.goto(link.pathname + link.search)
  await expect(colleague.getByRole('heading', { name: 'Join Demo Company' })).toBeVisible()
  await expect(colleague.getByText(email)).toBeVisible()
  await colleague.getByLabel('Full name').fill('Casey Colleague')
  await colleague.getByLabel('Username').fill(`casey-${suffix}`)
  await colleague.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await colleague.getByRole('button', { name: 'Create my account' }).click()
  await expect(colleague).toHaveURL(/\/dashboard$/)

  await colleague.goto('/account')
  await expect(colleague.getByText('Demo Company (CD-DEMO-001)')).toBeVisible()
  await colleague
    .getByLabel('Why do you need admin rights?')
    .fill('I run the on-call rota of our platform team.')
  await colleague.getByRole('button', { name: 'Send the request' }).click()
  await expect(colleague.getByTestId('promotion-status')).toHaveAttribute('data-status', 'pending')

  // The admin sees the new member, then the request, and approves it.
  await page.reload()
  await expect(page.getByTestId(`member-${email}`)).toContainText('Member')
  await expect(page.getByTestId(`invitation-${email}`)).toHaveCount(0)
  await page.goto('/admin/promotion-requests')
  const row = page.getByTestId(`promotion-${email}`)
  await expect(row).toContainText('I run the on-call rota of our platform team.')
  await row.getByRole('button', { name: 'Approve' }).click()
  await confirmIn(page, 'approve-promotion-dialog', 'Approve')
  await expectToast(page, 'Casey Colleague is now an admin')
  await expect(row).toHaveCount(0)

  // The colleague's session ended with the role change; a new sign-in carries the new role.
  expect((await colleague.request.get('/api/user')).status()).toBe(401)
  await colleague.goto('/account')
  await expect(colleague).toHaveURL(/\/auth/)
  await signIn(colleague, `casey-${suffix}`, PASSWORD)
  await colleague.goto('/account')
  await expect(colleague.getByTestId('profile')).toContainText('Admin')
  await page.goto('/user-management')
  await expect(page.getByTestId(`member-${email}`).getByTestId('member-role')).toHaveText('Admin')
  await colleagueContext.close()
})

test('a registration with the demo billing ID signs in only once an admin approves it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrar = await Registrar.open(playwright, baseURL)
  const applicant = await registrar.register({
    companyId: 'CD-DEMO-001',
    name: `Applicant ${randomBytes(3).toString('hex')}`,
  })
  await registrar.close()
  const login = () =>
    page.request.post('/api/login', {
      data: { username: applicant.username, password: REGISTRATION_PASSWORD },
    })
  const refused = await login()
  expect(refused.status()).toBe(403)
  expect((await refused.json()).code).toBe('REGISTRATION_PENDING')

  await signIn(page, 'admin')
  await page.goto('/admin/pending-registrations')
  const row = page.getByTestId(`registration-${applicant.email}`)
  await expect(row).toContainText(applicant.name)
  await expect(row).toContainText('Email not verified')
  await row.getByRole('button', { name: 'Approve' }).click()
  await page
    .getByTestId('approve-registration-dialog')
    .getByLabel('Note to the person')
    .fill('Welcome aboard')
  await confirmIn(page, 'approve-registration-dialog', 'Approve')
  await expectToast(page, `${applicant.name} is now a member`)
  await expect(row).toHaveCount(0)

  const approved = await login()
  expect(approved.status(), await approved.text()).toBe(200)
})

test('in French, dark and on a phone, the administration screens read, fit and pass axe', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  await signIn(page, 'admin')
  const screens = [
    ['/user-management', 'Inviter un collègue'],
    ['/admin/pending-registrations', 'Priya Patel'],
    ['/admin/promotion-requests', 'Sam Secure'],
    ['/settings', 'Journal d’audit'],
    ['/account', 'Sessions actives'],
    ['/admin/organization-users', 'Les utilisateurs de votre organisation'],
  ] as const
  await expectScreensReadable(page, screens)
})

test('a member is told the administration pages are for admins; a used invitation link says so', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'demo')
  await page.goto('/user-management')
  await expect(page.getByTestId('admins-only')).toContainText('Only the admins of your organization')
  await expect(page.getByTestId('members')).toHaveCount(0)
  await page.goto('/settings')
  await expect(
    page.getByText('The organization’s rules, billing details and audit log are for its admins.'),
  ).toBeVisible()

  await page.goto('/accept-invitation?token=not-an-invitation-token-at-all')
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible()
  await expect(page.getByText('This invitation link is not valid any more.')).toBeVisible()
  acknowledgeRefusedRequest(consoleErrors, 404)
})

test('the audit log filters by area and downloads as CSV', async ({ page }) => {
  await signIn(page, 'admin')
  await page.goto('/settings')
  const log = page.getByTestId('audit-log')
  await expect(log.getByTestId('audit-entry').first()).toBeVisible()
  await log.getByLabel('Area').selectOption('promotion')
  await expect(log.getByTestId('audit-entry').first()).toHaveAttribute('data-action', /^promotion\./)
  const actions = await log
    .getByTestId('audit-entry')
    .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-action')))
  expect(actions.every((action) => action?.startsWith('promotion.'))).toBe(true)
  const download = page.waitForEvent('download')
  await log.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('audit-log.csv')
  const text = await (await file.createReadStream()).toArray()
  const csv = Buffer.concat(text).toString('utf8')
  expect(csv.split('\n')[0]).toBe('time,actor,action,target_type,target,detail,ip,user_agent')
  expect(csv).toContain('promotion.requested')
  expect(csv).not.toContain('session.signed_in')
})
