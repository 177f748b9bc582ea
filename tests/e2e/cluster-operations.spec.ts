import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { Catalog } from '../../common/schemas/catalog.ts'
import type { ClusterConfiguration, ClusterDetail } from '../../common/schemas/clusters.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { expectToast } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'
import { type Registered, Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * What a customer sees after ordering, signed in as the admin of an organization of its own (the
 * demo organization's first purchase is kept for the order journey's PARIS): live provisioning, the
 * cluster list, a cluster's operations (scale, upgrade, kubeconfig, credentials, YAML, hibernate,
 * delete), its topology and the order lists. Clusters are ordered through the API, as the
 * wizard would, and every page follows them live.
 */

/** One simulated cluster comes up in seconds at the e2e server's PROVISIONING_SPEED. */
const LIVE_TIMEOUT = 30_000

type ClusterOptions = { clusterTypeId?: string; nodeCount?: number; name?: string; hds?: boolean }

function uniqueName(prefix: string) {
  return `${prefix}-${randomBytes(3).toString('hex')}`
}

async function catalogOf(page: Page): Promise<Catalog> {
  const response = await page.request.get('/api/catalog')
  expect(response.status()).toBe(200)
  return response.json()
}

/** A configuration the catalog accepts, on a version with a next minor to upgrade to. */
function configurationFor(catalog: Catalog, options: ClusterOptions): ClusterConfiguration {
  const clusterTypeId = options.hds ? 'red' : (options.clusterTypeId ?? 'blue')
  const clusterType = catalog.clusterTypes.find((type) => type.id === clusterTypeId)!
  const flavor = catalog.nodeFlavors
    .filter((entry) => clusterType.allowedFlavorIds.includes(entry.id) && entry.gpuCount === 0)
    .sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)[0]!
  const restricted = (tags: readonly string[]) => tags.includes('HDS') || tags.includes('SecNumCloud')
  const dataCenter = catalog.dataCenters.find(
    (center) =>
      center.availability === 'available' &&
      center.capacityStatus !== 'full' &&
      restricted(center.complianceTags) === Boolean(options.hds),
  )!
  const today = new Date().toISOString().slice(0, 10)
  const offered = catalog.kubernetesVersions.filter((entry) => entry.endOfLifeDate >= today)
  const upgradable = offered.find((entry) => {
    const [major, minor] = entry.version.split('.').map(Number)
    return offered.some((next) => next.version === `${major}.${(minor ?? 0) + 1}`)
  })!
  const nodeCount = options.nodeCount ?? 1
  return {
    name: options.name ?? uniqueName('ops'),
    clusterTypeId,
    dataCenterCode: dataCenter.code,
    kubernetesVersion: upgradable.version,
    nodePools: [
      {
        name: 'web',
        flavorId: flavor.id,
        nodeCount,
        autoscaling: { enabled: true, min: 1, max: 5 },
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
    addOnIds: catalog.addOns.slice(0, 1).map((addOn) => addOn.id),
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  }
}

/** Orders a cluster through the API with the page's session, as the wizard's order button does. */
async function orderCluster(page: Page, options: ClusterOptions = {}): Promise<Order> {
  const configuration = configurationFor(await catalogOf(page), options)
  const response = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { configuration, billingCycle: 'monthly', currency: 'EUR', promoCode: null },
  })
  expect(response.status(), await response.text()).toBe(201)
  return response.json()
}

async function clusterOf(page: Page, id: string): Promise<ClusterDetail> {
  const response = await page.request.get(`/api/clusters/${id}`)
  expect(response.status()).toBe(200)
  return response.json()
}

/** Waits (through the API) until the cluster has settled in `status`. */
async function waitForStatus(page: Page, id: string, status: string) {
  await expect
    .poll(async () => (await clusterOf(page, id)).status, {
      timeout: LIVE_TIMEOUT,
      message: `cluster ${status}`,
    })
    .toBe(status)
}

const detail = (page: Page) => page.getByTestId('cluster-detail')

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
}

/** One customer organization per worker: its orders never touch the demo organization's. */
let customer: Registered
test.beforeAll(async ({ playwright }, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  // Orders and kubeconfigs need a proven address.
  customer = await registrar.registerVerified()
  await registrar.close()
})

/** Opens a kubeconfig dialog from its button, picks the lifetime and saves the file it downloads. */
async function downloadKubeconfig(page: Page, testId: string, lifetime = '7 days (recommended)') {
  await page.getByTestId(testId).first().click()
  const dialog = page.getByTestId(`${testId}-dialog`)
  await expect(dialog.getByLabel('Valid for')).toHaveValue('7d')
  await dialog.getByLabel('Valid for').selectOption({ label: lifetime })
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  const file = await download
  await expect(dialog).toHaveCount(0)
  await expectToast(page, 'Success', 'Kubeconfig downloaded: it works until', 'success')
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') }
}

test.describe('cluster operations', () => {
  test('the status page follows the creation live, step by step, until the cluster runs', async ({
    page,
  }) => {
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    expect(order.status).toBe('confirmed')
    const clusterId = order.clusterId!

    // The page listens on the app's one realtime socket for this cluster's messages.
    const clusterFrames: unknown[] = []
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes(clusterId))
          clusterFrames.push(JSON.parse(payload))
      }),
    )
    await page.goto(`/clusters/${clusterId}/status`)
    await expect(page).toHaveTitle('Cluster status · Clusterdeck')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cluster status')
    const live = page.getByTestId('cluster-live-status')
    await expect(live.getByRole('heading', { level: 2 })).toHaveText(order.clusterName)
    const progress = live.getByRole('progressbar', { name: 'Creation progress' })
    await expect(progress).toBeVisible()
    await expect(progress).toHaveAttribute('aria-valuemin', '0')
    await expect(live.getByTestId('operation-step')).toHaveCount(5)
    await expect(live.getByTestId('operation-elapsed')).toHaveText(/\d+ s|\d+ min/)

    // The socket (or the polling fallback) carries it to the end without a reload.
    await expect(live).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    await expect(progress).toHaveAttribute('aria-valuenow', '100')
    expect(clusterFrames).toContainEqual(
      expect.objectContaining({ type: 'cluster', clusterId, status: 'running' }),
    )
    await expect(live.getByTestId('operation-status')).toHaveText('Creation complete')
    await expect(live.locator('[data-testid="operation-step"][data-status="succeeded"]')).toHaveCount(5)
    const ready = live.getByTestId('cluster-ready')
    await expect(ready).toContainText(`${order.clusterName} is running`)
    await expect(ready.getByRole('button', { name: 'Download kubeconfig' })).toBeVisible()
    await ready.getByRole('link', { name: 'Open the cluster' }).click()
    await expect(page).toHaveURL(`/clusters/${clusterId}`)
    await expect(detail(page).getByRole('heading', { level: 1 })).toHaveText(order.clusterName)
  })

  test('the provisioning page shows the order just placed and its cluster coming up', async ({ page }) => {
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    await page.goto(`/cluster-provisioning?order=${order.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cluster provisioning')
    await expect(page.getByTestId('order-reference')).toHaveText(order.reference)
    await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('Confirmed')
    await expect(page.getByTestId('cluster-live-status')).toHaveAttribute('data-status', 'running', {
      timeout: LIVE_TIMEOUT,
    })
    await expect(page.getByTestId('cluster-ready')).toBeVisible()
  })

  test('an order waiting for approval says why, and can be cancelled', async ({ page }) => {
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page, { hds: true })
    expect(order.status).toBe('pending_approval')
    await page.goto(`/clusters/provisioning?order=${order.id}`)
    const waiting = page.getByTestId('order-awaiting-approval')
    await expect(waiting).toContainText('Waiting for an officer’s approval')
    await expect(page.getByTestId('order-approval-reason')).toContainText(order.approvalReason!)
    await expect(page.getByTestId('cluster-live-status')).toHaveCount(0)

    await waiting.getByRole('button', { name: `Cancel order ${order.reference}` }).click()
    const dialog = page.getByRole('dialog', { name: `Cancel the order ${order.reference}?` })
    await dialog.getByRole('button', { name: 'Cancel the order' }).click()
    await expectToast(page, 'Success', `The order ${order.reference} was cancelled.`, 'success')
    await expect(page.getByTestId('order-summary')).toHaveAttribute('data-status', 'cancelled')
    await expect(page.getByTestId('order-cancelled')).toBeVisible()
  })

  test('my clusters: search, filter by state and type, sort, all kept in the URL', async ({ page }) => {
    await signInAsFreshAdmin(page, customer)
    const stem = uniqueName('list')
    const alpha = await orderCluster(page, { name: `${stem}-alpha`, clusterTypeId: 'blue' })
    const beta = await orderCluster(page, { name: `${stem}-beta`, clusterTypeId: 'orange' })
    const rows = page.getByTestId('cluster-row')
    const names = () =>
      rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-name')))

    await page.goto('/my-clusters')
    await expect(page).toHaveTitle('My clusters · Clusterdeck')
    await page.getByLabel('Search').fill(stem)
    await expect(rows).toHaveCount(2)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stem}`))
    await expect(rows.first().getByTestId('cluster-node-count')).toHaveText('1')
    await expect(rows.first().getByTestId('cluster-monthly-price')).toHaveText(/^€\d/)

    await page.getByLabel('Sort by').selectOption({ label: 'Name (Z–A)' })
    await expect.poll(names).toEqual([`${stem}-beta`, `${stem}-alpha`])
    await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' })
    await expect.poll(names).toEqual([`${stem}-alpha`, `${stem}-beta`])
    await expect(page).toHaveURL(/[?&]sort=name_asc/)

    const orange = (await catalogOf(page)).clusterTypes.find((type) => type.id === 'orange')!
    await page.getByLabel('Type').selectOption({ label: orange.name })
    await expect.poll(names).toEqual([`${stem}-beta`])
    await expect(page).toHaveURL(/[?&]type=orange/)

    // The URL keeps the view: a reload shows the same list.
    await page.reload()
    await expect(page.getByLabel('Search')).toHaveValue(stem)
    await expect(page.getByLabel('Type')).toHaveValue('orange')
    await expect.poll(names).toEqual([`${stem}-beta`])

    await page.getByLabel('Type').selectOption({ label: 'Any type' })
    await page.getByLabel('State').selectOption({ label: 'Failed' })
    await expect(page.getByTestId('clusters-no-match')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect(page.getByLabel('Search')).toHaveValue('')
    await expect(page).not.toHaveURL(/[?&](q|status|type)=/)

    // Two selected clusters give one kubeconfig with a context each.
    await Promise.all([alpha, beta].map((order) => waitForStatus(page, order.clusterId!, 'running')))
    await page.getByLabel('Search').fill(stem)
    await expect(rows).toHaveCount(2)
    await page.getByLabel(`Select ${stem}-alpha`).check()
    await page.getByLabel(`Select ${stem}-beta`).check()
    await expect(page.getByTestId('cluster-selection')).toContainText('2 clusters selected')
    const { text: merged } = await downloadKubeconfig(page, 'merged-kubeconfig', '30 days')
    expect(merged).toContain(`${stem}-alpha`)
    expect(merged).toContain(`${stem}-beta`)
    // Each credential says when it ends, in the merged file too.
    expect(merged.match(/expiresAt:/g)).toHaveLength(2)
  })

  test('a kubeconfig lives the time chosen at download; the account page lists it and revokes it', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(90_000)
    // A person of their own, whose list starts empty.
    const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
    const person = await registrar.registerVerified()
    await registrar.close()
    await signInAsFreshAdmin(page, person)

    await page.goto('/account')
    const section = page.getByTestId('cluster-credentials')
    await expect(section.getByRole('heading', { name: 'Cluster credentials' })).toBeVisible()
    await expect(section.getByTestId('cluster-credentials-empty')).toContainText(
      'No kubeconfig downloaded yet',
    )

    const order = await orderCluster(page)
    const clusterId = order.clusterId!
    await page.goto(`/clusters/${clusterId}`)
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    const before = Date.now()
    const file = await downloadKubeconfig(page, 'kubeconfig-link', '1 day')
    // The file says when it stops working, for kubectl (an extension of the user) and for people.
    const expiresAt = /expiresAt: ["']?([^\s"']+)/.exec(file.text)?.[1]
    expect(file.text).toContain(`valid until ${expiresAt}`)
    const lifetime = new Date(expiresAt!).getTime() - before
    expect(lifetime).toBeGreaterThan(86_400_000 - 60_000)
    expect(lifetime).toBeLessThan(86_400_000 + 60_000)
    const token = /token:\s*["']?([^\s"']+)/.exec(file.text)?.[1]
    const review = async () =>
      (
        await (
          await page.request.post(`/api/clusters/${clusterId}/token-review`, { data: { spec: { token } } })
        ).json()
      ).status
    expect(await review()).toMatchObject({
      authenticated: true,
      user: { groups: ['system:authenticated', 'clusterdeck:owners'] },
    })

    await page.goto('/account')
    const row = section.locator(
      `[data-testid="cluster-credential"][data-cluster-name="${order.clusterName}"]`,
    )
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('link', { name: order.clusterName })).toHaveAttribute(
      'href',
      `/clusters/${clusterId}`,
    )
    await expect(row).toContainText('last used')
    await expect(row.getByTestId('cluster-credential-expires')).toContainText('expires')

    await row.getByRole('button', { name: 'Revoke' }).click()
    const confirm = page.getByRole('dialog', { name: `Revoke your kubeconfig for ${order.clusterName}?` })
    await expect(confirm).toContainText('stop working at once')
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(row).toHaveCount(0)
    await expect(section.getByTestId('cluster-credentials-empty')).toBeVisible()
    expect(await review()).toEqual({ authenticated: false })
  })

  test('a colleague whose address is not proven is told so before any kubeconfig', async ({
    page,
    playwright,
  }, testInfo) => {
    // The customer orders; a colleague who asked to join is approved, with the address unproven.
    const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
    const colleague = await registrar.register({ companyId: customer.companyId })
    await registrar.close()
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    const registrations = await page.request.get('/api/organization/registrations')
    const { items } = (await registrations.json()) as { items: { id: string; userId: string }[] }
    const registration = items.find((item) => item.userId === colleague.id)!
    expect(registration, JSON.stringify(items)).toBeDefined()
    const approved = await page.request.post(`/api/organization/registrations/${registration.id}/approve`, {
      data: { note: null },
    })
    expect(approved.status(), await approved.text()).toBe(204)
    expect((await page.request.post('/api/logout')).status()).toBe(200)

    await signInAsFreshAdmin(page, colleague)
    await page.goto(`/clusters/${order.clusterId}`)
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    await page.getByTestId('kubeconfig-link').first().click()
    const dialog = page.getByTestId('kubeconfig-link-dialog')
    await expect(dialog.getByTestId('kubeconfig-link-unverified')).toContainText(
      'Verify your email address first',
    )
    await expect(dialog.getByRole('button', { name: 'Download', exact: true })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
  })

  test('operates a cluster: kubeconfig, credentials, YAML, scale, upgrade, topology, delete', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    const clusterId = order.clusterId!
    const name = order.clusterName

    await page.goto(`/clusters/${clusterId}`)
    await expect(page).toHaveTitle(`${name} · Cluster · Clusterdeck`)
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    await expect(page.getByTestId('active-operation')).toHaveCount(0)
    const endpoint = (await page.getByTestId('cluster-endpoint').textContent())!
    expect(endpoint).toMatch(/^https:\/\//)
    await expect(page.getByTestId('cost-this-month')).toHaveText(/^€\d/)
    await expect(page.getByTestId('price-breakdown')).toContainText('Node pool web')

    // Kubeconfig: the browser saves a file with the endpoint and a personal token.
    const file = await downloadKubeconfig(page, 'kubeconfig-link')
    expect(file.name).toBe(`${name}-kubeconfig.yaml`)
    const kubeconfig = file.text
    // It reaches the cluster's API by its endpoint's name (the local listener is told it by SNI).
    expect(kubeconfig).toContain(`tls-server-name: ${new URL(endpoint).hostname}`)
    const token = /token:\s*["']?([^\s"']+)/.exec(kubeconfig)?.[1]
    expect(token, kubeconfig).toBeTruthy()
    const review = async () =>
      (
        await (
          await page.request.post(`/api/clusters/${clusterId}/token-review`, { data: { spec: { token } } })
        ).json()
      ).status.authenticated
    expect(await review()).toBe(true)

    // Rotating the credentials says what it does; the old token stops working.
    await page.getByTestId('rotate-credentials').click()
    const rotate = page.getByRole('dialog', { name: `Rotate the credentials of ${name}?` })
    await expect(rotate).toContainText('Every kubeconfig downloaded before stops working')
    await rotate.getByRole('button', { name: 'Rotate credentials' }).click()
    await expectToast(page, 'Success', 'New credentials issued', 'success')
    await expect(rotate).toHaveCount(0)
    await expect(page.getByTestId('credentials-rotated-at')).toBeVisible()
    expect(await review()).toBe(false)

    // The configuration as YAML, read-only.
    await openTab(page, 'YAML')
    await expect(page).toHaveURL(/[?&]tab=yaml/)
    const yaml = page.getByTestId('cluster-yaml')
    await expect(yaml).toContainText('kind: Cluster')
    await expect(yaml).toContainText(name)
    await expect(page.getByRole('button', { name: 'Copy YAML' })).toBeVisible()

    // Scale the pool: the operation shows its progress, then the new count.
    await openTab(page, 'Node pools')
    const pool = page.locator('[data-testid="node-pool"][data-pool="web"]')
    await expect(pool.getByTestId('pool-node-count')).toHaveText('1')
    await pool.getByRole('button', { name: 'Edit web' }).click()
    const scale = page.getByRole('dialog', { name: 'Edit the pool web' })
    await scale.getByLabel('Nodes').fill('9')
    await scale.getByRole('button', { name: 'Apply' }).click()
    await expect(scale).toContainText('The node count must lie between the autoscaling minimum and maximum')
    await scale.getByLabel('Nodes').fill('3')
    await scale.getByRole('button', { name: 'Apply' }).click()
    await expect(scale).toHaveCount(0)
    await expect(page.getByTestId('active-operation').getByRole('progressbar')).toBeVisible()
    await expect(pool.getByRole('button', { name: 'Edit web' })).toBeDisabled()
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    await expect(pool.getByTestId('pool-node-count')).toHaveText('3')
    await expect(pool.getByTestId('pool-ready-count')).toHaveText('3')
    await expect(page.getByTestId('node-row')).toHaveCount(3)
    await expect(page.getByTestId('scale-event').first()).toHaveAttribute('data-status', 'succeeded')

    // Upgrade to the next minor version, after a confirmation.
    await openTab(page, 'Overview')
    const before = await clusterOf(page, clusterId)
    const target = before.upgradeTo!
    expect(target).toBeTruthy()
    await page.getByRole('button', { name: `Upgrade to ${target}` }).click()
    const upgrade = page.getByRole('dialog', { name: `Upgrade ${name} to Kubernetes ${target}?` })
    await upgrade.getByRole('button', { name: `Upgrade to ${target}` }).click()
    await expect(upgrade).toHaveCount(0)
    const upgrading = page.getByTestId('active-operation')
    await expect(upgrading.getByTestId('operation')).toHaveAttribute('data-kind', 'upgrade')
    await expect(upgrading.getByRole('progressbar', { name: 'Upgrade progress' })).toBeVisible()
    await expect(page.getByTestId('overview-version')).toHaveText(
      new RegExp(`^${target.replace('.', '\\.')}\\.`),
      {
        timeout: LIVE_TIMEOUT,
      },
    )
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })

    // The topology draws the control plane, the pool, its nodes and the add-on.
    await page.getByRole('link', { name: 'Topology' }).click()
    await expect(page).toHaveURL(`/clusters/${clusterId}/topology`)
    const graphNodes = page.getByTestId('topology-node')
    await expect(graphNodes).toHaveCount(1 + 1 + 3 + 1)
    await expect(
      page.locator('[data-testid="topology-node"][data-kind="node"][data-state="healthy"]'),
    ).toHaveCount(3)
    await expect(page.getByTestId('topology-legend')).toContainText('Healthy')
    const firstNode = page
      .getByRole('button', { name: new RegExp(`^Node ${name}-web-\\w+: Healthy$`) })
      .first()
    await firstNode.focus()
    await page.keyboard.press('Enter')
    const details = page.getByTestId('topology-details')
    await expect(details).toContainText('Internal IP')
    await expect(details.getByRole('heading')).toHaveText(new RegExp(`^${name}-web-`))
    await page.keyboard.press('Escape')
    await expect(details).toHaveCount(0)
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Fit to view' }).click()

    // Deleting takes the exact name: the button stays disabled until it is typed.
    await page.goto(`/clusters/${clusterId}?tab=settings`)
    await page.getByRole('button', { name: 'Delete cluster' }).click()
    const remove = page.getByRole('dialog', { name: `Delete ${name}?` })
    const confirm = remove.getByRole('button', { name: 'Delete for good' })
    await expect(confirm).toBeDisabled()
    await remove.getByLabel('Type the cluster name to confirm:').fill(name.toUpperCase())
    await expect(confirm).toBeDisabled()
    await remove.getByLabel('Type the cluster name to confirm:').fill(name)
    await expect(confirm).toBeEnabled()
    await confirm.click()
    await expect(remove).toHaveCount(0)
    await expect(detail(page)).toHaveAttribute('data-status', 'deleted', { timeout: LIVE_TIMEOUT })
    await expect(page.getByTestId('cluster-deleted')).toBeVisible()
  })

  test('a Dev/Test cluster hibernates and wakes up', async ({ page }) => {
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page, { clusterTypeId: 'orange' })
    const clusterId = order.clusterId!
    await waitForStatus(page, clusterId, 'running')

    await page.goto(`/clusters/${clusterId}?tab=settings`)
    await page.getByRole('button', { name: 'Hibernate' }).click()
    const dialog = page.getByRole('dialog', { name: `Hibernate ${order.clusterName}?` })
    await dialog.getByRole('button', { name: 'Hibernate' }).click()
    await expect(detail(page)).toHaveAttribute('data-status', 'hibernated', { timeout: LIVE_TIMEOUT })
    await expect(page.getByTestId('hibernation-section')).toContainText('billing is paused')

    await page.getByRole('button', { name: 'Wake up' }).click()
    await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
    await expect(page.getByRole('button', { name: 'Hibernate' })).toBeEnabled()
  })

  test('the order lists show the order, filter it by status and open its live page', async ({ page }) => {
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    await page.goto('/orders/clusters')
    await expect(page).toHaveTitle('Cluster orders · Clusterdeck')
    const row = page.locator(`[data-testid="order-row"][data-reference="${order.reference}"]`)
    await expect(row).toContainText(order.clusterName)
    await expect(row.getByTestId('order-total')).toHaveText(/^€\d/)

    await page.getByLabel('Status').selectOption({ label: 'Cancelled' })
    await expect(page).toHaveURL(/[?&]status=cancelled/)
    await expect(row).toHaveCount(0)
    await page.getByLabel('Status').selectOption({ label: 'All statuses' })
    await expect(row).toBeVisible()

    await row.getByRole('link', { name: order.reference, exact: true }).click()
    await expect(page).toHaveURL(`/order-status/${order.id}`)
    await expect(page.getByTestId('order-reference')).toHaveText(order.reference)
    await expect(page.getByTestId('cluster-live-status')).toBeVisible()

    await page.goto('/order-status')
    await expect(page.locator(`[data-testid="order-row"][data-reference="${order.reference}"]`)).toBeVisible()
  })

  test('on a phone the cluster list and detail fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    await page.goto(`/my-clusters?q=${order.clusterName}`)
    await expect(page.getByTestId('cluster-row')).toHaveCount(1)
    // The dashboard scrolls inside <main>: neither the page nor it may scroll sideways.
    const overflow = () =>
      page.evaluate(() => {
        const main = document.querySelector('main')!
        return Math.max(
          document.documentElement.scrollWidth - window.innerWidth,
          main.scrollWidth - main.clientWidth,
        )
      })
    expect(await overflow()).toBeLessThanOrEqual(0)
    await page.getByRole('link', { name: order.clusterName }).click()
    await expect(detail(page)).toBeVisible()
    expect(await overflow()).toBeLessThanOrEqual(0)
    // The tabs scroll sideways and say so: more after them at first, more before them at the end.
    const tabs = page.getByRole('tablist')
    const row = tabs.locator('xpath=..')
    await expect(row).toHaveAttribute('data-more-after', 'true')
    await expect(row).not.toHaveAttribute('data-more-before', 'true')
    await tabs.evaluate((list) => list.scrollTo({ left: list.scrollWidth }))
    await expect(row).toHaveAttribute('data-more-before', 'true')
    await expect(row).not.toHaveAttribute('data-more-after', 'true')
    await expect(page.getByRole('tab', { name: 'YAML' })).toBeInViewport({ ratio: 1 })
    for (const tab of ['Node pools', 'Settings', 'Events', 'YAML']) {
      await openTab(page, tab)
      expect(await overflow(), tab).toBeLessThanOrEqual(0)
    }

    // The topology reads as a list on a phone (a graph's labels would be too small), the graph a tap away.
    await page.goto(page.url().replace(/\/clusters\/([^/?#]+).*$/, '/clusters/$1/topology'))
    const list = page.getByTestId('topology-list')
    await expect(list).toBeVisible()
    await expect(page.getByTestId('topology-node')).toHaveCount(0)
    await expect(list.locator('[data-kind="controlPlane"]')).toContainText(order.clusterName)
    const pool = list.locator('[data-testid="topology-list-item"][data-kind="pool"]').first()
    await pool.click()
    await expect(pool).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('topology-details')).toContainText('Node pool')
    expect(await overflow()).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Graph' }).click()
    await expect(page.getByTestId('topology-node').first()).toBeVisible()
    await expect(list).toHaveCount(0)
  })

  test('in French the live status and the cluster detail speak French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await signInAsFreshAdmin(page, customer)
    const order = await orderCluster(page)
    const clusterId = order.clusterId!
    await page.goto(`/clusters/${clusterId}/status`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statut du cluster')
    await expect(page.getByRole('progressbar', { name: 'Progression : Création' })).toBeVisible()
    await expect(page.getByTestId('cluster-live-status')).toHaveAttribute('data-status', 'running', {
      timeout: LIVE_TIMEOUT,
    })
    await expect(page.getByTestId('operation-status')).toHaveText('Création : succès')
    await expect(page.getByTestId('cluster-ready')).toContainText(`${order.clusterName} est en service`)
    await page.getByRole('link', { name: 'Ouvrir le cluster' }).click()
    await expect(page.getByRole('tab', { name: 'Pools de nœuds' })).toBeVisible()
    await expect(page.getByTestId('cluster-status').first()).toHaveText('En service')
  })

  for (const theme of ['light', 'dark'] as const)
    test(`the cluster screens have no serious accessibility violation (${theme} theme)`, async ({ page }) => {
      // axe takes a few seconds a screen on a busy machine.
      test.setTimeout(150_000)
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signInAsFreshAdmin(page, customer)
      const order = await orderCluster(page)
      const clusterId = order.clusterId!
      await waitForStatus(page, clusterId, 'running')
      const screens: [string, () => Promise<void>][] = [
        [`/clusters/${clusterId}/status`, () => expect(page.getByTestId('cluster-ready')).toBeVisible()],
        [`/my-clusters?q=${order.clusterName}`, () => expect(page.getByTestId('cluster-row')).toHaveCount(1)],
        [`/clusters/${clusterId}`, () => expect(page.getByTestId('cluster-overview')).toBeVisible()],
        [`/clusters/${clusterId}?tab=settings`, () => expect(page.getByTestId('danger-zone')).toBeVisible()],
        [
          `/clusters/${clusterId}/topology`,
          () => expect(page.getByTestId('topology-node').first()).toBeVisible(),
        ],
        ['/orders', () => expect(page.getByTestId('order-row').first()).toBeVisible()],
      ]
      for (const [path, ready] of screens) {
        await page.goto(path)
        await ready()
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
        expect.soft(serious, path).toEqual([])
      }
    })
})
