import { AxeBuilder } from '@axe-core/playwright'
import type { Page, Request } from '@playwright/test'
import { priceConfiguration } from '../../common/cluster-rules.ts'
import type { ExchangeRates } from '../../common/money.ts'
import { formatCents, formatMillicents, nodePoolMonthlyCents } from '../../common/pricing.ts'
import type { Catalog } from '../../common/schemas/catalog.ts'
import type { ClusterConfiguration } from '../../common/schemas/clusters.ts'
import { suggestConfiguration } from '../../common/smart-suggestions/index.ts'
import { blueConfiguration } from '../helpers/orders.ts'
import { expectToast } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/** Fixed rates, so every euro amount of the page can be computed here with the shared rules. */
const RATES: ExchangeRates = { USD: 1, EUR: 0.91234, GBP: 0.78 }
const eur = (cents: number) => formatCents(cents, 'EUR', RATES)

async function useFixedRates(page: Page) {
  await page.route('**/api/rates', (route) =>
    route.fulfill({
      json: { base: 'USD', rates: RATES, timestamp: Date.now(), date: '2026-11-22', source: 'primary' },
    }),
  )
}

async function catalogOf(page: Page): Promise<Catalog> {
  const response = await page.request.get('/api/catalog')
  expect(response.status()).toBe(200)
  return (await response.json()) as Catalog
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click()

async function expectStep(page: Page, step: string, heading: string) {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`))
  await expect(stepHeading(page, heading)).toBeVisible()
}

/** A link into the wizard keeps its address; the step it opens on has no `step=` yet. */
async function expectOpened(page: Page, search: RegExp, heading: string) {
  await expect(page).toHaveURL(search)
  await expect(stepHeading(page, heading)).toBeVisible()
}

async function expectNoSeriousViolation(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious, where).toEqual([])
}

/** A configuration as `?suggestion=` carries it: base64url JSON. */
function suggestionLink(configuration: ClusterConfiguration) {
  return `/configure-cluster?suggestion=${Buffer.from(JSON.stringify(configuration)).toString('base64url')}`
}

const STANDARD: ClusterConfiguration = {
  ...blueConfiguration('wizard-e2e'),
  nodePools: [
    {
      name: 'default',
      flavorId: 'gp-2-8',
      nodeCount: 3,
      autoscaling: { enabled: false, min: 1, max: 5 },
      labels: {},
      taints: [],
    },
  ],
}

test.describe('configuration wizard', () => {
  test('a signed-out visitor goes to /auth', async ({ page }) => {
    await page.goto('/configure-cluster')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('walks every step with problems shown and fixed, the live price following the shared pricing', async ({
    page,
  }) => {
    await useFixedRates(page)
    await signIn(page, 'demo')
    const catalog = await catalogOf(page)
    await page.goto('/configure-cluster')
    await expect(page.getByRole('heading', { level: 1, name: 'Configure a cluster' })).toBeVisible()
    await expect(stepHeading(page, 'Cluster type')).toBeVisible()
    await expect(page.getByTestId('price-panel')).toContainText('Choose a cluster type to see the price.')

    // 1. Cluster type: Next without a choice is refused, focus on the choices.
    await next(page)
    await expect(page.getByText('Choose a cluster type', { exact: true })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Standard' })).toBeFocused()
    await page.getByRole('radio', { name: 'Standard' }).check()
    await expect(page.getByText('Choose a cluster type', { exact: true })).toBeHidden()
    await expect(page.getByTestId('price-control-plane')).toHaveText(eur(7_900))
    await next(page)

    // 2. Data center: an HDS data center says up front that it takes no Standard cluster.
    await expectStep(page, 'data-center', 'Data center')
    await expect(page.getByRole('radio', { name: 'Paris (fr-par-1)' })).toBeDisabled()
    const paris = page.getByTestId('data-center-option').filter({ hasText: 'Paris (fr-par-1)' })
    await expect(paris).toContainText('Enterprise clusters only')
    await expect(paris).toContainText('HDS, SecNumCloud: the certification covers Enterprise clusters')
    await page.getByRole('radio', { name: 'Frankfurt (de-fra-1)' }).check()
    await next(page)

    // 3. Kubernetes version: the recommended one is chosen, ended ones cannot be.
    await expectStep(page, 'version', 'Kubernetes version')
    await expect(page.getByRole('radio', { name: 'Kubernetes 1.36' })).toBeChecked()
    await expect(page.getByRole('radio', { name: 'Kubernetes 1.34' })).toBeDisabled()
    // A support end that has passed is said in the past, never "supported until" a past date.
    const ended = page.getByTestId('version-option').filter({ hasText: 'Kubernetes 1.34' })
    await expect(ended).toContainText(/Support ended on \d{1,2} \w+ \d{4}/)
    await expect(ended).not.toContainText('Supported until')
    await next(page)

    // 4. Node pools: autoscaling minimum above maximum, a bad label key, then a second pool.
    await expectStep(page, 'node-pools', 'Node pools')
    const pool = page.getByTestId('node-pool-0')
    await expect(pool.getByLabel('Node flavor')).toHaveValue('gp-2-8')
    await expect(pool.getByLabel('Node count')).toHaveValue('3')
    await pool.getByLabel('Autoscaling', { exact: true }).check()
    await pool.getByLabel('Minimum nodes').fill('5')
    await pool.getByLabel('Maximum nodes').fill('2')
    await expect(pool.getByText('The minimum cannot be above the maximum')).toBeVisible()
    await expect(
      pool.getByText('The node count must lie between the autoscaling minimum and maximum'),
    ).toBeVisible()
    await next(page)
    await expectStep(page, 'node-pools', 'Node pools')
    await expect(pool.getByLabel('Node count')).toBeFocused()
    await pool.getByLabel('Minimum nodes').fill('2')
    await pool.getByLabel('Maximum nodes').fill('6')
    await expect(pool.getByText('The minimum cannot be above the maximum')).toBeHidden()

    await pool.getByRole('button', { name: 'Add a label to node pool 1' }).click()
    await pool.getByLabel('Label 1 key').fill('bad key')
    await pool.getByLabel('Label 1 value').fill('shop')
    await expect(pool.getByText('Enter a valid label key')).toBeVisible()
    await pool.getByLabel('Label 1 key').fill('team')
    await expect(pool.getByText('Enter a valid label key')).toBeHidden()
    await pool.getByRole('button', { name: 'Add a taint to node pool 1' }).click()
    await pool.getByLabel('Taint 1 key').fill('dedicated')
    await pool.getByLabel('Taint 1 value').fill('shop')
    await pool.getByLabel('Taint 1 effect').selectOption('NoExecute')

    await page.getByRole('button', { name: 'Add a node pool' }).click()
    const second = page.getByTestId('node-pool-1')
    await expect(second.getByLabel('Pool name')).toHaveValue('pool-2')
    await second.getByLabel('Node flavor').selectOption('gp-4-16')
    await second.getByLabel('Node count').fill('2')
    await expect(page.getByTestId('price-pool-0')).toHaveText(eur(nodePoolMonthlyCents(6_800, 3)))
    await expect(page.getByTestId('price-pool-1')).toHaveText(eur(nodePoolMonthlyCents(13_600, 2)))
    await next(page)

    // 5. Networking: overlapping blocks and a bad allow-list entry; Enter moves on.
    await expectStep(page, 'networking', 'Networking')
    await expect(page.getByLabel('Pod CIDR')).toHaveValue('10.244.0.0/16')
    await expect(page.getByLabel('Service CIDR')).toHaveValue('10.96.0.0/12')
    await page.getByLabel('Service CIDR').fill('10.244.16.0/20')
    await expect(page.getByText('The service block overlaps the pod block')).toBeVisible()
    await page.getByRole('button', { name: 'Add an address block' }).click()
    await page.getByLabel('Allowed CIDR 1', { exact: true }).fill('not-a-block')
    await expect(page.getByText('Enter an IPv4 block such as 10.0.0.0/16')).toBeVisible()
    await next(page)
    await expectStep(page, 'networking', 'Networking')
    await expect(page.getByLabel('Service CIDR')).toBeFocused()
    await page.getByLabel('Service CIDR').fill('10.96.0.0/12')
    await page.getByLabel('Allowed CIDR 1', { exact: true }).fill('203.0.113.0/24')
    await page.getByRole('radio', { name: 'Calico' }).click()
    await page.getByLabel('Private network').check()
    await page.getByLabel('Allowed CIDR 1', { exact: true }).press('Enter')

    // 6. Add-ons, with their prices.
    await expectStep(page, 'add-ons', 'Add-ons')
    await page.getByRole('checkbox', { name: 'Managed Prometheus & Grafana' }).check()
    await page.getByRole('checkbox', { name: 'cert-manager' }).check()
    await expect(page.getByTestId('price-add-ons')).toHaveText(eur(4_900))

    // A reload keeps the step and the draft; the back button returns to the previous step.
    await page.reload()
    await expectStep(page, 'add-ons', 'Add-ons')
    await expect(page.getByRole('checkbox', { name: 'Managed Prometheus & Grafana' })).toBeChecked()
    await page.goBack()
    await expectStep(page, 'networking', 'Networking')
    await expect(page.getByRole('radio', { name: 'Calico' })).toBeChecked()
    await expect(page.getByLabel('Allowed CIDR 1', { exact: true })).toHaveValue('203.0.113.0/24')
    await page.goForward()
    await expectStep(page, 'add-ons', 'Add-ons')
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expectStep(page, 'networking', 'Networking')
    await next(page)
    await next(page)

    // 7. Review: the price of everything, and the name asked before ordering.
    await expectStep(page, 'review', 'Review and order')
    const configuration: ClusterConfiguration = {
      ...STANDARD,
      nodePools: [
        {
          ...STANDARD.nodePools[0]!,
          autoscaling: { enabled: true, min: 2, max: 6 },
          labels: { team: 'shop' },
          taints: [{ key: 'dedicated', value: 'shop', effect: 'NoExecute' }],
        },
        { ...STANDARD.nodePools[0]!, name: 'pool-2', flavorId: 'gp-4-16', nodeCount: 2 },
      ],
      addOnIds: ['monitoring', 'cert-manager'],
    }
    const price = priceConfiguration(configuration, catalog, {
      billingCycle: 'monthly',
      promoCode: null,
      isFirstPaidOrder: false,
    })
    await expect(page.getByTestId('price-monthly')).toHaveText(eur(price.monthly.totalCents))
    await expect(page.getByTestId('price-total')).toHaveText(eur(price.subtotalCents))
    await expect(page.getByTestId('price-hourly')).toHaveText(
      formatMillicents(price.hourlyMillicents, 'EUR', RATES),
    )
    const nodePools = page.getByTestId('review-section-node-pools')
    await expect(nodePools).toContainText('default · 3 × General 2 vCPU / 8 GiB')
    await expect(nodePools).toContainText('team=shop')
    await expect(nodePools).toContainText('dedicated=shop:NoExecute')
    await expect(page.getByTestId('review-section-networking')).toContainText('203.0.113.0/24')
    await expect(page.getByTestId('quote')).toContainText('Complete every step to get the confirmed price.')

    await page.getByRole('button', { name: 'Order cluster' }).click()
    await expect(page.getByText('Use at least 3 characters')).toBeVisible()
    await expect(page.getByLabel('Cluster name')).toBeFocused()
    await page.getByLabel('Cluster name').fill('shop-prod')
    await expect(page.getByTestId('review-total')).toHaveText(eur(price.subtotalCents))

    // The yearly cycle: ten months.
    await page.getByRole('radio', { name: 'Yearly' }).click()
    await expect(page.getByTestId('price-total')).toHaveText(eur(price.subtotalCents * 10))
    await expect(page.getByTestId('review-total')).toHaveText(eur(price.subtotalCents * 10))
    await page.getByRole('radio', { name: 'Monthly' }).click()

    // Edit links go back to a step.
    await page.getByRole('button', { name: 'Edit Add-ons' }).click()
    await expectStep(page, 'add-ons', 'Add-ons')
  })

  test('smart suggestions explain a configuration and open it in the wizard', async ({ page }) => {
    await useFixedRates(page)
    await signIn(page, 'demo')
    const catalog = await catalogOf(page)
    await page.goto('/smart-suggestions')
    await expect(page.getByRole('heading', { level: 1, name: 'Smart suggestions' })).toBeVisible()
    await page.getByLabel('Number of services').fill('0')
    await page.getByRole('button', { name: 'Suggest a configuration' }).click()
    await expect(page.getByText('Enter 1 or more')).toBeVisible()
    await expect(page.getByLabel('Number of services')).toBeFocused()

    await page.getByLabel('Number of services').fill('12')
    await page.getByLabel('Peak traffic (requests/s)').fill('800')
    await page.getByLabel('Data volume (GB)').fill('50')
    await page.getByLabel('My services keep state (databases, queues, files)').check()
    await page.getByRole('radio', { name: 'Inference' }).check()
    await page.getByRole('radio', { name: 'GDPR only' }).check()
    await page.getByRole('radio', { name: 'Production' }).check()
    await page.getByRole('button', { name: 'Suggest a configuration' }).click()

    const expected = suggestConfiguration(
      {
        services: 12,
        peakRequestsPerSecond: 800,
        dataVolumeGb: 50,
        stateful: true,
        gpu: 'inference',
        monthlyBudgetCents: null,
        compliance: 'gdpr',
        environment: 'production',
      },
      catalog,
    )
    const suggestion = page.getByTestId('suggestion')
    await expect(suggestion.getByRole('heading', { name: 'Our suggestion' })).toBeVisible()
    await expect(page.getByTestId('suggestion-price')).toHaveText(eur(expected.monthlyCents))
    await expect(suggestion).toContainText('AI/ML')
    await expect(page.getByTestId('suggestion-reasons')).toContainText(
      'AI/ML comes with GPU node pools and the NVIDIA operator ready.',
    )
    await expect(page.getByTestId('suggestion-reasons').locator('li')).toHaveCount(expected.reasons.length)

    await page.getByTestId('open-in-wizard').click()
    await expectOpened(page, /\/configure-cluster\?suggestion=[\w-]+$/, 'Review and order')
    await expect(page.getByTestId('review-section-type')).toContainText('AI/ML')
    await expect(page.getByTestId('review-section-node-pools')).toContainText('gpu · 1 × 1× NVIDIA L4')
    await expect(page.getByTestId('review-section-add-ons')).toContainText('NVIDIA GPU operator')
    await expect(page.getByLabel('Cluster name')).toHaveValue(expected.configuration.name)
    await expect(page.getByTestId('price-monthly')).toHaveText(eur(expected.monthlyCents))
    await expect(page.getByTestId('review-total')).toHaveText(eur(expected.monthlyCents))

    // Coming back keeps the answers and the suggestion.
    await page.goto('/smart-suggestions')
    await expect(page.getByLabel('Number of services')).toHaveValue('12')
    await expect(page.getByTestId('suggestion-price')).toHaveText(eur(expected.monthlyCents))
  })

  test('an HDS data center switches a Standard cluster to Enterprise in one click, then the wizard goes on', async ({
    page,
  }) => {
    await signIn(page, 'demo')
    await page.goto('/configure-cluster?type=blue')
    await expectOpened(page, /\/configure-cluster\?type=blue$/, 'Data center')
    await expect(page.getByRole('radio', { name: 'Paris (fr-par-1)' })).toBeDisabled()
    await page.getByRole('button', { name: 'Switch to Enterprise in Paris' }).click()
    await expect(page.getByRole('radio', { name: 'Paris (fr-par-1)' })).toBeChecked()
    await expect(page.getByRole('button', { name: 'Switch to Enterprise in Paris' })).toHaveCount(0)
    await next(page)
    await expectStep(page, 'version', 'Kubernetes version')
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expectStep(page, 'type', 'Cluster type')
    await expect(page.getByRole('radio', { name: 'Enterprise' })).toBeChecked()
  })

  test('cluster selection compares the seven types and opens the wizard with one', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/cluster-selection')
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster selection' })).toBeVisible()
    const table = page.getByTestId('cluster-comparison')
    await expect(table.getByRole('columnheader')).toHaveCount(7)
    await expect(table.getByRole('rowheader', { name: 'SLA' })).toBeVisible()
    await expect(table).toContainText('99.99%')
    await expect(table).toContainText('Dedicated, multi-zone')

    await page.getByRole('link', { name: 'Configure Enterprise' }).click()
    await expectOpened(page, /\/configure-cluster\?type=red$/, 'Data center')
    await page.getByRole('radio', { name: 'Paris (fr-par-1)' }).check()
    await expect(page.getByText(/is certified HDS\/SecNumCloud/)).toBeHidden()
    await page.reload()
    await expectOpened(page, /\/configure-cluster\?type=red$/, 'Data center')
    await expect(page.getByRole('radio', { name: 'Paris (fr-par-1)' })).toBeChecked()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expectStep(page, 'type', 'Cluster type')
    await expect(page.getByRole('radio', { name: 'Enterprise' })).toBeChecked()
    await page.getByRole('radio', { name: 'Economy' }).check()

    // Following a link again opens what it names, whatever the draft holds.
    await page.goto('/cluster-selection')
    await page.getByRole('link', { name: 'Configure Enterprise' }).click()
    await expectOpened(page, /\/configure-cluster\?type=red$/, 'Data center')
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page.getByRole('radio', { name: 'Enterprise' })).toBeChecked()

    await page.goto('/cluster-selection')
    await page.getByRole('link', { name: 'Not sure? Get a suggestion' }).click()
    await expect(page).toHaveURL(/\/smart-suggestions$/)
  })

  test('on a 390 px screen: cards to compare, and the price in a bar under the steps', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await useFixedRates(page)
    await signIn(page, 'demo')
    await page.goto('/cluster-selection')
    await expect(page.getByTestId('cluster-type-card')).toHaveCount(7)
    await expect(page.getByTestId('cluster-comparison')).toBeHidden()
    await page.getByRole('link', { name: 'Configure Standard' }).click()
    await expectOpened(page, /\/configure-cluster\?type=blue$/, 'Data center')
    await expect(page.getByTestId('price-panel')).toBeHidden()
    const bar = page.getByTestId('price-bar')
    await expect(bar).toBeVisible()
    await expect(page.getByTestId('price-bar-total')).toHaveText(eur(7_900 + nodePoolMonthlyCents(6_800, 3)))
    await bar.getByRole('button', { name: 'Details' }).click()
    await expect(page.getByTestId('price-bar-control-plane')).toHaveText(eur(7_900))
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('the review shows the server quote with PARIS, orders once on a double click, then PARIS is refused', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow() // an order, templates and a duplicate
    // A new organization of its own: its first purchase is this test's.
    const registrar = await Registrar.open(playwright, baseURL)
    const admin = await registrar.registerVerified()
    await registrar.close()
    await useFixedRates(page)
    await signInAsFreshAdmin(page, admin)
    const catalog = await catalogOf(page)
    const price = (promoCode: string | null) =>
      priceConfiguration(STANDARD, catalog, { billingCycle: 'monthly', promoCode, isFirstPaidOrder: true })

    await page.goto(suggestionLink(STANDARD))
    await expectOpened(page, /suggestion=/, 'Review and order')
    await expect(page.getByTestId('review-total')).toHaveText(eur(price(null).totalCents))
    await expect(page.getByTestId('promo-discount')).toHaveCount(0)

    await page.getByLabel('Promo code').fill('paris')
    const withParis = price('PARIS')
    expect(withParis.discountCents).toBeGreaterThan(0)
    await expect(page.getByTestId('promo-discount')).toHaveText(`−${eur(withParis.discountCents)}`)
    await expect(page.getByTestId('review-total')).toHaveText(eur(withParis.totalCents))

    // Saved as a template of the organization before ordering.
    await page.getByRole('button', { name: 'Save as template' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save as template' })
    await expect(dialog.getByLabel('Template name')).toHaveValue('wizard-e2e')
    await dialog.getByLabel('Template name').fill('Standard web shop')
    await dialog.getByRole('button', { name: 'Save template' }).click()
    await expect(dialog).toBeHidden()
    await expectToast(page, 'Template Standard web shop saved', undefined, 'success')

    const orderRequests: Request[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders')
        orderRequests.push(request)
    })
    await page.getByRole('button', { name: 'Order cluster' }).dblclick()
    await expect(page).toHaveURL(/\/cluster-provisioning\?order=[0-9a-f-]{36}$/)
    await expectToast(page, 'Order placed', 'is being provisioned', 'success')
    expect(orderRequests.length).toBeGreaterThanOrEqual(1)
    const keys = new Set(orderRequests.map((request) => request.headers()['idempotency-key']))
    expect(keys.size).toBe(1)
    const orders = await (await page.request.get('/api/orders')).json()
    expect(orders.items).toHaveLength(1)
    expect(orders.items[0]).toMatchObject({
      clusterName: 'wizard-e2e',
      price: { totalCents: withParis.totalCents },
    })
    expect(await page.evaluate(() => sessionStorage.getItem('clusterConfig.draft.v1'))).toBeNull()

    // A second order: PARIS was for the first purchase only.
    await page.goto(suggestionLink({ ...STANDARD, name: 'wizard-e2e-2' }))
    await expectOpened(page, /suggestion=/, 'Review and order')
    await page.getByLabel('Promo code').fill('PARIS')
    await expect(page.getByTestId('promo-message')).toHaveText(
      'The code PARIS is valid for your organization’s first purchase only.',
    )
    await expect(page.getByTestId('promo-discount')).toHaveCount(0)
    await expect(page.getByTestId('review-total')).toHaveText(eur(price(null).totalCents))

    // The template opens from the first step, and by its address.
    await page.getByRole('button', { name: 'Edit Cluster type' }).click()
    await expectStep(page, 'type', 'Cluster type')
    const template = page.getByTestId('template').filter({ hasText: 'Standard web shop' })
    await expect(template).toContainText('Standard · de-fra-1 · 1 node pool')
    await template.getByRole('button', { name: 'Use Standard web shop' }).click()
    await expectStep(page, 'review', 'Review and order')
    await expect(page.getByLabel('Cluster name')).toHaveValue('wizard-e2e')
    const templates = await (await page.request.get('/api/cluster-templates')).json()
    await page.goto(`/configure-cluster?template=${templates.items[0].id}`)
    await expectOpened(page, /\?template=/, 'Review and order')
    await expect(page.getByTestId('review-section-add-ons')).toContainText('Managed Prometheus & Grafana')

    // Duplicate the ordered cluster: its configuration, named "-copy".
    const clusterId = orders.items[0].clusterId
    expect(clusterId).toEqual(expect.any(String))
    await page.goto(`/configure-cluster?from=${clusterId}`)
    await expectOpened(page, /\?from=/, 'Review and order')
    await expect(page.getByLabel('Cluster name')).toHaveValue('wizard-e2e-copy')
    await expect(page.getByTestId('review-section-data-center')).toContainText('de-fra-1')
  })

  test('speaks French', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/configure-cluster?lang=fr')
    await expect(page.getByRole('heading', { level: 1, name: 'Configurer un cluster' })).toBeVisible()
    await expect(stepHeading(page, 'Type de cluster')).toBeVisible()
    await page.getByRole('button', { name: 'Suivant', exact: true }).click()
    await expect(page.getByText('Choisissez un type de cluster', { exact: true })).toBeVisible()
    await page.goto('/smart-suggestions?lang=fr')
    await expect(page.getByRole('heading', { level: 1, name: 'Suggestions intelligentes' })).toBeVisible()
    await page.getByRole('button', { name: 'Suggérer une configuration' }).click()
    await expect(page.getByTestId('suggestion-reasons')).toContainText('est la version recommandée')
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical accessibility violation (${theme} theme)`, async ({ page }) => {
      test.slow() // five pages, each analysed
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'demo')
      await page.goto('/configure-cluster?type=blue')
      await expect(stepHeading(page, 'Data center')).toBeVisible()
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expectNoSeriousViolation(page, 'data center step')
      await page.goto('/configure-cluster?type=blue&step=node-pools')
      await page.getByRole('button', { name: 'Add a label to node pool 1' }).click()
      await page.getByRole('button', { name: 'Add a taint to node pool 1' }).click()
      await next(page)
      await expect(page.getByText('Enter a valid label key')).toBeVisible()
      await expectNoSeriousViolation(page, 'node pools step')
      await page.goto('/configure-cluster?type=blue&step=review')
      await expect(stepHeading(page, 'Review and order')).toBeVisible()
      await expectNoSeriousViolation(page, 'review step')
      await page.goto('/cluster-selection')
      await expect(page.getByTestId('cluster-comparison')).toBeVisible()
      await expectNoSeriousViolation(page, 'cluster selection')
      await page.goto('/smart-suggestions')
      await page.getByRole('button', { name: 'Suggest a configuration' }).click()
      await expect(page.getByTestId('suggestion')).toBeVisible()
      await expectNoSeriousViolation(page, 'smart suggestions')
    })
  }
})
