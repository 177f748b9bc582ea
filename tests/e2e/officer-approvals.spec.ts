import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import type { ClusterConfiguration } from '../../common/schemas/clusters.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { blueConfiguration } from '../helpers/orders.ts'
import { expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { holdAnswers } from './support/hold.ts'
import { type Registered, Registrar, signInAsFreshAdmin } from './support/registrations.ts'
import { scrollUntilShown } from './support/scroll.ts'

/** Orders for an HDS data center wait in the officers panel until an officer decides. */

/** The pricing page's example moved to Red in Paris, a data center whose orders need an officer. */
function hdsConfiguration(name: string): ClusterConfiguration {
  return { ...blueConfiguration(name), clusterTypeId: 'red', dataCenterCode: 'fr-par-1', addOnIds: [] }
}

async function placeHdsOrder(page: Page, name: string): Promise<Order> {
  const response = await page.request.post('/api/orders', {
    data: {
      configuration: hdsConfiguration(name),
      billingCycle: 'monthly',
      currency: 'EUR',
      promoCode: null,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return response.json()
}

let customer: Registered
test.beforeAll(async ({ playwright }, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  customer = await registrar.registerVerified()
  await registrar.close()
})

test('an officer approves one HDS order and declines another, with a reason', async ({ page }) => {
  await signInAsFreshAdmin(page, customer)
  const approved = await placeHdsOrder(page, `hds-${randomUUID().slice(0, 6)}`)
  const declined = await placeHdsOrder(page, `hds-${randomUUID().slice(0, 6)}`)
  expect([approved.status, declined.status]).toEqual(['pending_approval', 'pending_approval'])

  await signIn(page, 'officer')
  await page.goto('/officers/panel')
  await expect(page.getByRole('heading', { level: 1, name: 'Officers panel' })).toBeVisible()
  const approvedCard = page.getByTestId(`pending-order-${approved.reference}`)
  await expect(approvedCard).toContainText(customer.companyName)
  await expect(approvedCard).toContainText('HDS')
  await approvedCard.getByRole('button', { name: 'Approve' }).click()
  await expectToast(page, 'Order approved')
  await expect(approvedCard).toHaveCount(0)

  const declinedCard = page.getByTestId(`pending-order-${declined.reference}`)
  await declinedCard.getByRole('button', { name: 'Decline' }).click()
  await expect(declinedCard.getByText('Say why the order is declined')).toBeVisible()
  await declinedCard.getByLabel('Note to the customer (required to decline)').fill('No HDS contract on file')
  await declinedCard.getByRole('button', { name: 'Decline' }).click()
  await expectToast(page, 'Order declined')
  await expect(declinedCard).toHaveCount(0)

  const confirmed: { items: Order[] } = await (
    await page.request.get('/api/officers/orders?status=confirmed')
  ).json()
  expect(confirmed.items.find((order) => order.id === approved.id)?.clusterId).toBeTruthy()
  const cancelled: { items: Order[] } = await (
    await page.request.get('/api/officers/orders?status=cancelled')
  ).json()
  expect(cancelled.items.find((order) => order.id === declined.id)?.decisionNote).toBe(
    'No HDS contract on file',
  )
})

test('the panel tells a customer it is for officers', async ({ page }) => {
  await signInAsFreshAdmin(page, customer)
  await page.goto('/officers/panel')
  await expect(page.getByText('The officers panel is for the operator’s officers.')).toBeVisible()
})

test('while the access check is on its way, an officer sees it being checked, not a refusal', async ({
  page,
}) => {
  await signIn(page, 'officer')
  let answer: () => void = () => {}
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  await page.route('**/api/officers/check-access', async (route) => {
    await answered
    await route.continue()
  })
  await page.goto('/officers/panel')
  await expect(page.getByRole('status', { name: 'Checking your access...' })).toBeVisible()
  await expect(page.getByText('The officers panel is for the operator’s officers.')).toHaveCount(0)
  answer()
  await expect(page.getByRole('heading', { level: 2, name: 'Orders waiting for approval' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Checking your access...' })).toHaveCount(0)
})

test('the sections below the queues wait until the queues’ reads have come, then load once scrolled near', async ({
  page,
}) => {
  await signIn(page, 'officer')
  const queue = await holdAnswers(page, (url) => url.pathname === '/api/officers/orders')
  // The invoices section: its code (a script named after its module) and its read.
  const invoicesAsked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/api/officers/invoices' || /^\/assets\/officer-invoices-[\w-]+\.js$/.test(pathname))
      invoicesAsked.push(pathname)
  })
  await page.goto('/officers/panel')
  await expect.poll(queue.held, { timeout: 20_000 }).toBeGreaterThan(0)
  // The tickets' queue has come (its read is not held): what came with the first render has been
  // asked for by now.
  const tickets = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Support tickets' }),
  })
  await expect(tickets.getByTestId('loading')).toHaveCount(0, { timeout: 20_000 })
  const invoices = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Invoices' }) })
  await expect(invoices.getByRole('status', { name: 'Loading...' })).toBeVisible()
  expect(invoicesAsked).toEqual([])

  queue.release()
  await scrollUntilShown(page, invoices.getByLabel('Status'), invoices)
  await expect(invoices.getByRole('status', { name: 'Loading...' })).toHaveCount(0)
  expect(invoicesAsked).toContain('/api/officers/invoices')
})
