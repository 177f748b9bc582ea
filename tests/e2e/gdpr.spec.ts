import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import type { Invoice } from '../../common/schemas/billing.ts'
import { blueConfiguration, orderBody } from '../helpers/orders.ts'
import { expectToast, linkIn, mailTo } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { currentHour, meterHours } from './support/metering.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'
import { scrollUntilShown } from './support/scroll.ts'

/**
 * The GDPR requests a person makes from their account page: an export whose ZIP holds their
 * orders, then an erasure the officer approves from the panel, after which the person cannot sign
 * in and the organization's invoice is still there, as issued.
 */

const PASSWORD = 'a-long-and-unusual-passphrase'

test('an export holds the orders; an erasure approved by the officer closes the account and keeps the invoice', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.register()
  await registrar.close()

  // The organization's admin invites the member who will ask for erasure.
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await signInAsFreshAdmin(adminPage, admin)
  const email = `leaver-${randomBytes(4).toString('hex')}@example.com`
  const sentAt = new Date()
  expect((await adminPage.request.post('/api/organization/invitations', { data: { email } })).status()).toBe(
    201,
  )
  const token = linkIn(
    await mailTo(
      page.request,
      email,
      `${admin.name} invites you to ${admin.companyName} on Clusterdeck`,
      sentAt,
    ),
  ).searchParams.get('token')
  const username = `leaver-${randomBytes(3).toString('hex')}`
  const accepted = await page.request.post('/api/invitations/accept', {
    data: { token, username, name: 'Lee Leaver', password: PASSWORD },
  })
  expect(accepted.status(), await accepted.text()).toBe(200)

  // The member orders a cluster; an hour of it is invoiced, paid with credits the officer grants.
  const ordered = await page.request.post('/api/orders', {
    data: orderBody(blueConfiguration()),
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const { clusterId, reference } = (await ordered.json()) as { clusterId: string; reference: string }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/clusters/${clusterId}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('running')
  // The current hour, which the running cluster has begun.
  const hour = currentHour()
  expect((await meterHours(page, [hour])).length).toBeGreaterThan(0)
  const officerContext = await browser.newContext()
  const officer = await officerContext.newPage()
  await signIn(officer, 'officer')
  const granted = await officer.request.post('/api/officers/credits', {
    data: {
      billingId: admin.companyId,
      amountCents: 1_000_000,
      currency: 'EUR',
      expiresOn: '2099-12-31',
      note: 'Erasure test',
    },
  })
  expect(granted.status(), await granted.text()).toBe(201)
  const issued = await adminPage.request.post('/api/dev/billing/invoices', {
    data: { month: hour.slice(0, 7) },
  })
  expect(issued.status(), await issued.text()).toBe(201)
  const { id: invoiceId } = (await issued.json()) as { id: string }

  // The export: asked, built, downloaded; its ZIP holds the order.
  await page.goto('/account')
  const data = page.getByTestId('your-data')
  await data.getByRole('button', { name: 'Export my data' }).click()
  const exportRow = data.getByTestId('gdpr-export')
  await expect(exportRow).toHaveAttribute('data-status', 'ready', { timeout: 20_000 })
  const download = page.waitForEvent('download')
  await exportRow.getByRole('link', { name: 'Download the ZIP' }).click()
  const files = unzipSync(new Uint8Array(await readFile((await (await download).path())!)))
  expect(strFromU8(files['orders.json']!)).toContain(reference)
  expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email, name: 'Lee Leaver' })

  // The erasure: asked, seen by the officer with its deadline and preview, approved.
  await data.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByTestId('erasure-dialog')
  await dialog.getByLabel('Why (optional)').fill('I am leaving the company')
  await dialog.getByRole('button', { name: 'Ask for erasure' }).click()
  await expect(data.getByTestId('gdpr-erasure')).toHaveAttribute('data-status', 'pending')

  await officer.goto('/officers/panel')
  const card = officer.getByTestId(`erasure-${email}`)
  await scrollUntilShown(officer, card, officer.locator('#gdpr-title'))
  await expect(card.getByTestId('erasure-deadline')).toContainText(/(29|30|31) days left/)
  await expect(card.getByTestId('erasure-preview')).toContainText('1 invoices of the organization')
  await expect(card.getByTestId('erasure-blocked')).toHaveCount(0)
  await card.getByRole('button', { name: 'Erase the account' }).click()
  await officer
    .getByTestId('approve-erasure-dialog')
    .getByRole('button', { name: 'Erase the account' })
    .click()
  await expectToast(officer, 'The account of Lee Leaver is erased')
  await expect(card).toHaveCount(0)

  // The person is out for good; the organization's invoice stays as issued.
  expect((await page.request.get('/api/user')).status()).toBe(401)
  expect((await page.request.post('/api/login', { data: { username, password: PASSWORD } })).status()).toBe(
    401,
  )
  const invoice = (await (
    await adminPage.request.get(`/api/billing/invoices/${invoiceId}`)
  ).json()) as Invoice
  expect(invoice.customer.name).toBe(admin.companyName)
  expect(invoice.status).toBe('paid')
  await adminPage.goto('/user-management')
  await expect(adminPage.getByTestId(`member-${email}`)).toHaveCount(0)
  await adminContext.close()
  await officerContext.close()
})
