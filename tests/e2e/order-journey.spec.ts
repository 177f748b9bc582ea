import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { PROMO_MESSAGES } from '../../common/cluster-rules.ts'
import type { ExchangeRates } from '../../common/money.ts'
import { formatCents } from '../../common/pricing.ts'
import type { ClusterDetail } from '../../common/schemas/clusters.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { acknowledgeRefusedRequest, linkIn, mailTo } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * The whole journey of issue 6, as a customer of its own organization: a suggestion opens the
 * wizard prefilled, the review shows PARIS's 5% as the server computes it, the order comes up
 * live, and the cluster is operated (kubeconfig, scale, upgrade) and deleted; a second order is
 * refused PARIS. The organization is new, so its first order is its first purchase whatever else
 * the browser tests order.
 */

const RATES: ExchangeRates = { USD: 1, EUR: 0.9, GBP: 0.8 }
const LIVE_TIMEOUT = 60_000

async function useFixedRates(page: Page) {
  await page.route('**/api/rates', (route) =>
    route.fulfill({
      json: { base: 'USD', rates: RATES, timestamp: Date.now(), date: '2026-11-22', source: 'primary' },
    }),
  )
}

async function clusterOf(page: Page, id: string): Promise<ClusterDetail> {
  const response = await page.request.get(`/api/clusters/${id}`)
  expect(response.status()).toBe(200)
  return response.json()
}

async function expectClusterStatus(page: Page, id: string, status: string) {
  await expect
    .poll(async () => (await clusterOf(page, id)).status, {
      timeout: LIVE_TIMEOUT,
      message: `cluster ${status}`,
    })
    .toBe(status)
}

/** Smart suggestions → "Open in the wizard": the review step, prefilled, with our own name. */
async function suggestAndReview(page: Page, name: string) {
  await page.goto('/smart-suggestions')
  await page.getByRole('button', { name: 'Suggest a configuration' }).click()
  await expect(page.getByTestId('suggestion-reasons')).toBeVisible()
  await page.getByTestId('open-in-wizard').click()
  await expect(page.getByRole('heading', { level: 2, name: 'Review and order' })).toBeVisible()
  await page.getByLabel('Cluster name').fill(name)
  await page.getByLabel('Promo code').fill('PARIS')
}

test('order journey: suggestion, PARIS, live provisioning, kubeconfig, scale, upgrade, delete', async ({
  page,
  playwright,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(240_000)
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  const customer = await registrar.register()
  await registrar.close()
  await useFixedRates(page)
  await signInAsFreshAdmin(page, customer)
  const name = `journey-${randomBytes(3).toString('hex')}`
  await suggestAndReview(page, name)

  // The review shows the server's quote with PARIS's 5%.
  const discount = page.getByTestId('promo-discount')
  await expect(discount).toBeVisible()
  const shownDiscount = (await discount.textContent())?.trim()
  const shownTotal = (await page.getByTestId('review-total').textContent())?.trim()

  // An order waits for a proven address: the review says so, and the person proves it.
  await page.getByTestId('order-cluster').click()
  await expect(page.getByTestId('order-error')).toContainText('Verify your email address first')
  acknowledgeRefusedRequest(consoleErrors, 403)
  const verification = linkIn(await mailTo(page.request, customer.email, 'Verify your email address'))
  expect(
    (await page.request.get(verification.pathname + verification.search, { maxRedirects: 0 })).status(),
  ).toBe(303)
  await page.getByTestId('order-cluster').click()
  await expect(page).toHaveURL(/\/cluster-provisioning\?order=/)
  const orderId = new URL(page.url()).searchParams.get('order')!
  const order: Order = await (await page.request.get(`/api/orders/${orderId}`)).json()
  // The server agrees with what was shown: 5% of the subtotal, the same total.
  expect(order.price.promoCode).toBe('PARIS')
  expect(order.price.discountCents).toBe(Math.round(order.price.subtotalCents * 0.05))
  expect(order.price.discountCents).toBeGreaterThan(0)
  expect(shownDiscount).toContain(formatCents(order.price.discountCents, 'EUR', RATES))
  expect(shownTotal).toBe(formatCents(order.price.totalCents, 'EUR', RATES))
  expect(order.status).toBe('confirmed')
  const clusterId = order.clusterId!

  // Live progress, to running.
  await expect(page.getByRole('progressbar', { name: 'Creation progress' })).toBeVisible()
  await expect(page.getByTestId('cluster-ready')).toBeVisible({ timeout: LIVE_TIMEOUT })

  // The kubeconfig carries the cluster's endpoint and a personal token.
  const cluster = await clusterOf(page, clusterId)
  expect(cluster.status).toBe('running')
  await page.getByTestId('kubeconfig-download').first().click()
  const lifetime = page.getByTestId('kubeconfig-download-dialog')
  await expect(lifetime.getByTestId('kubeconfig-download-unverified')).toHaveCount(0)
  await lifetime.getByLabel('Valid for').selectOption('30d')
  const downloading = page.waitForEvent('download')
  await lifetime.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${name}-kubeconfig.yaml`)
  const kubeconfig = await readFile((await download.path())!, 'utf8')
  // The cluster is reached by its endpoint's name, told to the local API listener by SNI.
  expect(kubeconfig).toContain(`tls-server-name: ${new URL(cluster.endpoint!).hostname}`)
  expect(kubeconfig).toMatch(/token: cdk_\S+/)

  // Scale the first pool by one node, within its autoscaling bounds.
  await page.goto(`/clusters/${clusterId}?tab=pools`)
  const pool = cluster.configuration.nodePools[0]!
  const target =
    pool.autoscaling.enabled && pool.nodeCount >= pool.autoscaling.max
      ? pool.nodeCount - 1
      : pool.nodeCount + 1
  await page.getByTestId('scale-pool-button').first().click()
  const scaleDialog = page.getByTestId('scale-dialog')
  await scaleDialog.getByLabel('Nodes', { exact: true }).fill(String(target))
  await scaleDialog.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('active-operation')).toBeVisible()
  await expect(
    page.locator(`[data-testid="node-pool"][data-pool="${pool.name}"]`).getByTestId('pool-node-count'),
  ).toHaveText(String(target), { timeout: LIVE_TIMEOUT })
  await expectClusterStatus(page, clusterId, 'running')
  expect((await clusterOf(page, clusterId)).nodes.filter((node) => node.poolName === pool.name)).toHaveLength(
    target,
  )

  // Upgrade to the next minor version.
  const upgradeTo = (await clusterOf(page, clusterId)).upgradeTo!
  expect(upgradeTo).toBeTruthy()
  await page.goto(`/clusters/${clusterId}`)
  await page.getByTestId('upgrade-button').click()
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: `Upgrade to ${upgradeTo}` })
    .click()
  await expect(page.getByTestId('overview-version')).toContainText(upgradeTo, { timeout: LIVE_TIMEOUT })
  await expectClusterStatus(page, clusterId, 'running')

  // Delete, with the name typed.
  await page.goto(`/clusters/${clusterId}?tab=settings`)
  await page.getByTestId('delete-button').click()
  await expect(page.getByTestId('delete-confirm')).toBeDisabled()
  await page.getByTestId('delete-confirm-input').fill(name)
  await page.getByTestId('delete-confirm').click()
  await expectClusterStatus(page, clusterId, 'deleted')

  // A second order: PARIS was for the first purchase only.
  await suggestAndReview(page, `${name}-again`)
  await expect(page.getByTestId('promo-message')).toContainText('first purchase only')
  await expect(page.getByTestId('promo-discount')).toHaveCount(0)
  await page.getByTestId('order-cluster').click()
  await expect(page.getByTestId('order-error')).toContainText(PROMO_MESSAGES.not_first_paid_order)
  acknowledgeRefusedRequest(consoleErrors, 422)
  await expect(page).toHaveURL(/\/configure-cluster/)
})
