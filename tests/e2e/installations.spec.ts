import { randomBytes, randomUUID } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../common/demo-accounts.ts'
import type { ExchangeRates } from '../../common/money.ts'
import { formatCents } from '../../common/pricing.ts'
import type { Catalog } from '../../common/schemas/catalog.ts'
import type { ClusterConfiguration } from '../../common/schemas/clusters.ts'
import type { Installation } from '../../common/schemas/installations.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * The marketplace's journey, signed in as the demo user: PostgreSQL plan M from /marketplace onto
 * a running cluster, settings changed in the form generated from its schema (a bad value refused
 * by the form and by the server), the live price equal to the order's total, live progress to
 * installed, the password revealed after the user's own password, an upgrade with its settings
 * diff, then removal — with /orders/products and /orders/addons following each state.
 */

const LIVE_TIMEOUT = 30_000

async function runningCluster(page: Page): Promise<{ id: string; name: string }> {
  const catalog = (await (await page.request.get('/api/catalog')).json()) as Catalog
  const blue = catalog.clusterTypes.find((type) => type.id === 'blue')!
  const flavor = catalog.nodeFlavors
    .filter((entry) => blue.allowedFlavorIds.includes(entry.id) && entry.gpuCount === 0 && entry.vcpu >= 4)
    .sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)[0]!
  const dataCenter = catalog.dataCenters.find(
    (center) =>
      center.availability === 'available' &&
      center.capacityStatus !== 'full' &&
      !center.complianceTags.includes('HDS') &&
      !center.complianceTags.includes('SecNumCloud'),
  )!
  const configuration: ClusterConfiguration = {
    name: `apps-${randomBytes(3).toString('hex')}`,
    clusterTypeId: 'blue',
    dataCenterCode: dataCenter.code,
    kubernetesVersion: catalog.kubernetesVersions.find((entry) => entry.isDefault)?.version ?? '1.36',
    nodePools: [
      {
        name: 'web',
        flavorId: flavor.id,
        nodeCount: 3,
        autoscaling: { enabled: false, min: 1, max: 5 },
        labels: {},
        taints: [],
      },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: false,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
      apiAllowList: [],
    },
    addOnIds: [],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  }
  const response = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { configuration, billingCycle: 'monthly', currency: 'EUR', promoCode: null },
  })
  expect(response.status(), await response.text()).toBe(201)
  const order = (await response.json()) as Order
  await expect
    .poll(async () => (await (await page.request.get(`/api/clusters/${order.clusterId}`)).json()).status, {
      timeout: LIVE_TIMEOUT,
    })
    .toBe('running')
  return { id: order.clusterId!, name: configuration.name }
}

async function installationOf(page: Page, id: string): Promise<Installation> {
  return (await page.request.get(`/api/installations/${id}`)).json()
}

test('PostgreSQL from the marketplace: configure, order, follow, reveal, upgrade, uninstall', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, 'demo')
  const cluster = await runningCluster(page)
  const clusterName = cluster.name
  const rates = ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates

  await page.goto('/marketplace')
  await page.getByTestId('product-postgresql').click()
  await page.getByTestId('product-install').click()
  const form = page.getByTestId('install-form')
  await form.getByLabel('Cluster').selectOption({ label: clusterName })
  await form.getByLabel('Namespace').fill('shop-db')
  await form.getByRole('radio', { name: /^M · / }).check()
  await form.getByLabel('Version').selectOption('17.6')

  // The form generated from the schema refuses a value below its minimum, as the server does.
  const connections = form.getByLabel('Max connections')
  await connections.fill('5')
  await expect(form.getByTestId('setting-settings_maxConnections')).toContainText('Must be at least 20')
  await expect(form.getByTestId('install-order')).toBeDisabled()
  const refused = await page.request.post('/api/installations/quote', {
    data: {
      productId: 'postgresql',
      clusterId: cluster.id,
      namespace: 'shop-db',
      planId: 'm',
      version: '17.6',
      settings: { databaseName: 'shop', maxConnections: 5 },
      currency: 'EUR',
    },
  })
  expect(refused.status()).toBe(400)
  expect((await refused.json()).issues).toEqual([
    { path: 'body.settings.maxConnections', message: 'Must be >= 20' },
  ])
  await connections.fill('300')
  await expect(form.getByTestId('setting-settings_maxConnections')).not.toContainText('Must be')
  await form.getByLabel('Database name').fill('shop')
  // An array of choices is one checkbox each.
  await form.getByRole('checkbox', { name: 'pgvector' }).check()

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="install-form"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])

  // The live price is the server's; the order's total is the same figure.
  const total = form.getByTestId('install-total')
  await expect(total).toHaveAttribute('data-cents', /\d+/)
  const shownCents = Number(await total.getAttribute('data-cents'))
  await expect(total).toHaveText(formatCents(shownCents, 'EUR', rates))
  // What the order's invoice will charge, and how it is paid: credits first, then the ways configured.
  const invoice = form.getByTestId('invoice-preview')
  await expect(invoice.getByTestId('invoice-vat')).toContainText(/^VAT \d+%/)
  await expect(invoice.getByTestId('payment-credits')).toContainText('Your credits first: a balance of')
  await expect(invoice.getByTestId('payment-card')).toHaveText(
    'Pay by card or SEPA Direct Debit from the billing page.',
  )
  await expect(invoice.getByTestId('payment-bank-transfer')).toContainText('Pay by bank transfer to')
  const ordered = page.waitForResponse(
    (response) => response.url().endsWith('/api/installations') && response.request().method() === 'POST',
  )
  await form.getByTestId('install-order').click()
  const order = (await (await ordered).json()) as Order
  expect(order.price.totalCents).toBe(shownCents)
  expect(order.product).toMatchObject({
    productId: 'postgresql',
    planId: 'm',
    version: '17.6',
    namespace: 'shop-db',
    settings: { databaseName: 'shop', maxConnections: 300, extensions: ['pg_stat_statements', 'pgvector'] },
  })
  const id = order.installationId!
  await expect(page).toHaveURL(new RegExp(`/orders/products/${id}$`))

  // Live to installed: the page follows the operation without a reload.
  const status = page.getByTestId('installation-status').first()
  await expect(status).toHaveAttribute('data-status', /installing|installed/)
  await expect(status).toHaveAttribute('data-status', 'installed', { timeout: LIVE_TIMEOUT })
  await expect(page.getByTestId('installation-history')).toContainText('Installation')
  await expect(page.getByTestId('connection-details')).toContainText(
    'postgresql://postgresql.shop-db.svc.cluster.local:5432',
  )

  // The cluster's page lists it; the list of middlewares shows it installed; add-ons have their own.
  await page.goto(`/clusters/${cluster.id}`)
  await expect(page.getByTestId('cluster-installations')).toContainText('PostgreSQL (CloudNativePG)')
  await page.goto('/orders/products')
  await expect(page.getByTestId(`installation-${id}`).getByTestId('installation-status')).toHaveAttribute(
    'data-status',
    'installed',
  )
  await page.goto('/orders/addons')
  await expect(page.getByTestId(`installation-${id}`)).toHaveCount(0)

  // The password only after the user's own password; a wrong one says so.
  await page.goto(`/orders/products/${id}`)
  await page.getByTestId('reveal-password').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Your password', { exact: true }).fill('not my password')
  await dialog.getByTestId('reveal-submit').click()
  await expect(dialog.getByRole('alert')).toHaveText('Your password is not correct')
  await dialog.getByLabel('Your password', { exact: true }).fill(DEMO_PASSWORD)
  await dialog.getByTestId('reveal-submit').click()
  await expect(page.getByTestId('connection-password')).toHaveText(/^[A-Za-z0-9]{24}$/)

  // The upgrade shows what will change before it runs: the version and the settings changed along.
  await page.getByTestId('upgrade-button').click()
  const upgrade = page.getByTestId('upgrade-dialog')
  await expect(upgrade.getByTestId('diff-version')).toContainText('"17.6"')
  await expect(upgrade.getByTestId('diff-version')).toContainText('"18.1"')
  await upgrade.getByLabel('Keep backups (days)').fill('14')
  await expect(upgrade.getByTestId('diff-backupRetentionDays')).toContainText('7')
  await expect(upgrade.getByTestId('diff-backupRetentionDays')).toContainText('14')
  await upgrade.getByTestId('upgrade-confirm').click()
  await expect(page.getByTestId('installation-version')).toHaveText(/^18\.1/, { timeout: LIVE_TIMEOUT })
  await expect(page.getByTestId('installation-status').first()).toHaveAttribute('data-status', 'installed')
  expect((await installationOf(page, id)).settings.backupRetentionDays).toBe(14)

  // Removal asks for the product's name, then the lists show it uninstalled.
  await page.getByTestId('uninstall-button').click()
  const removal = page.getByTestId('uninstall-dialog')
  await expect(removal.getByTestId('uninstall-confirm')).toBeDisabled()
  await removal.getByTestId('uninstall-confirm-input').fill('PostgreSQL (CloudNativePG)')
  await removal.getByTestId('uninstall-confirm').click()
  await expect(page.getByTestId('installation-status').first()).toHaveAttribute(
    'data-status',
    'uninstalled',
    {
      timeout: LIVE_TIMEOUT,
    },
  )
  await page.goto('/orders/products?status=uninstalled')
  await expect(page.getByTestId(`installation-${id}`).getByTestId('installation-status')).toHaveAttribute(
    'data-status',
    'uninstalled',
  )
})

test('the add-ons list follows an installation live, and the screens read in French, dark, on a phone', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signIn(page, 'demo')
  const cluster = await runningCluster(page)
  await page.goto('/orders/addons')
  await expect(page.getByRole('heading', { level: 1, name: 'Add-on orders' })).toBeVisible()
  const placed = await page.request.post('/api/installations', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      productId: 'cert-manager',
      clusterId: cluster.id,
      namespace: `certs-${randomBytes(2).toString('hex')}`,
      planId: null,
      version: '1.19',
      settings: {},
      currency: 'EUR',
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const id = ((await placed.json()) as Order).installationId!
  // No reload: the realtime message brings the row, then its state.
  const row = page.getByTestId(`installation-${id}`)
  await expect(row.getByTestId('installation-status')).toHaveAttribute('data-status', 'installed', {
    timeout: LIVE_TIMEOUT,
  })

  await page.setViewportSize({ width: 390, height: 844 })
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('language', 'fr')
  })
  for (const path of ['/orders/addons', `/orders/products/${id}`]) {
    await page.goto(path)
    await expect(page.getByTestId('installation-status').first()).toHaveText('Installé')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(
      results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
      path,
    ).toEqual([])
  }
})
