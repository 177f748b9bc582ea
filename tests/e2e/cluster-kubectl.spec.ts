import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { Catalog } from '../../common/schemas/catalog.ts'
import type { ClusterConfiguration, ClusterDetail } from '../../common/schemas/clusters.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { blueConfiguration } from '../helpers/orders.ts'
import { expect, test } from './support/fixtures.ts'
import { kubectl, kubectlNodeNames } from './support/kubectl.ts'
import { type Registered, Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * A cluster is real to its owner: a new company orders one with two node pools, its page lists the
 * nodes, and the real kubectl, given the kubeconfig the page downloads, sees the same nodes, the
 * same scaling, a hibernated cluster gone and back, and who is asking — until that person leaves.
 */

const LIVE_TIMEOUT = 60_000

async function catalogOf(page: Page): Promise<Catalog> {
  const response = await page.request.get('/api/catalog')
  expect(response.status()).toBe(200)
  return response.json()
}

/**
 * The pricing page's example in Frankfurt as a Dev/Test cluster (it may hibernate), with a `web`
 * pool of two nodes and a `jobs` pool of one, on the cheapest flavor the type allows.
 */
function twoPools(catalog: Catalog, name: string): ClusterConfiguration {
  const clusterType = catalog.clusterTypes.find((type) => type.id === 'orange')!
  const flavor = catalog.nodeFlavors
    .filter((entry) => clusterType.allowedFlavorIds.includes(entry.id) && entry.gpuCount === 0)
    .sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)[0]!
  const pool = (poolName: string, nodeCount: number) => ({
    name: poolName,
    flavorId: flavor.id,
    nodeCount,
    autoscaling: { enabled: true, min: 1, max: 5 },
    labels: {},
    taints: [],
  })
  return {
    ...blueConfiguration(name),
    clusterTypeId: 'orange',
    nodePools: [pool('web', 2), pool('jobs', 1)],
    addOnIds: [],
  }
}

async function clusterOf(page: Page, id: string): Promise<ClusterDetail> {
  const response = await page.request.get(`/api/clusters/${id}`)
  expect(response.status()).toBe(200)
  return response.json()
}

/** Downloads a kubeconfig from the cluster page's button, as its owner would. */
async function downloadKubeconfig(page: Page): Promise<string> {
  await page.getByTestId('kubeconfig-link').first().click()
  const dialog = page.getByTestId('kubeconfig-link-dialog')
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  const file = await download
  await expect(dialog).toHaveCount(0)
  return readFile((await file.path())!, 'utf8')
}

const detail = (page: Page) => page.getByTestId('cluster-detail')

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
}

let admin: Registered
let colleague: Registered
test.beforeAll(async ({ playwright }, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  admin = await registrar.registerVerified()
  colleague = await registrar.registerVerified({ companyId: admin.companyId })
  await registrar.close()
})

test('kubectl sees the nodes a new company ordered, their scaling, hibernation and who asks', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signInAsFreshAdmin(page, admin)
  const name = `kube-${randomBytes(3).toString('hex')}`
  // Ordered in the wizard, opened at its review with the two pools as a suggestion opens it.
  const suggestion = Buffer.from(JSON.stringify(twoPools(await catalogOf(page), name))).toString('base64url')
  await page.goto(`/configure-cluster?suggestion=${suggestion}`)
  await expect(page.getByTestId('review-section-node-pools')).toContainText('jobs')
  await page.getByRole('button', { name: 'Order cluster' }).click()
  await expect(page).toHaveURL(/\/cluster-provisioning\?order=[0-9a-f-]{36}$/)
  const orderId = new URL(page.url()).searchParams.get('order')!
  let clusterId = ''
  await expect
    .poll(async () => {
      const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order
      clusterId = order.clusterId ?? ''
      return clusterId
    })
    .not.toBe('')

  // Running: the page lists the ordered nodes, Ready, pool by pool.
  await page.goto(`/clusters/${clusterId}`)
  await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
  await openTab(page, 'Node pools')
  const rows = page.getByTestId('node-row')
  await expect(rows).toHaveCount(3)
  await expect(page.locator('[data-testid="node-row"][data-status="ready"]')).toHaveCount(3)
  const pageNodes = (await rows.locator('td:first-child').allTextContents()).map((text) => text.trim())
  for (const node of pageNodes) expect(node).toMatch(new RegExp(`^${name}-(web|jobs)-[a-z0-9]{5}$`))
  expect(pageNodes.filter((node) => node.startsWith(`${name}-web-`))).toHaveLength(2)

  // The kubeconfig the page downloads works with the real kubectl: the same nodes, Ready.
  await openTab(page, 'Overview')
  const kubeconfig = await downloadKubeconfig(page)
  const listed = await kubectlNodeNames(kubeconfig)
  expect(listed.code, listed.stderr).toBe(0)
  expect([...listed.names].sort()).toEqual([...pageNodes].sort())
  const wide = await kubectl(kubeconfig, 'get', 'nodes', '-o', 'wide')
  expect(wide.code, wide.stderr).toBe(0)
  expect(wide.stdout).toMatch(/NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\s+INTERNAL-IP/)
  const cluster = await clusterOf(page, clusterId)
  for (const node of cluster.nodes) {
    expect(wide.stdout).toMatch(
      new RegExp(
        `${node.name}\\s+Ready\\s+\\S+\\s+\\S+\\s+v${node.kubeletVersion.replaceAll('.', '\\.')}\\s+${node.internalIp.replaceAll('.', '\\.')}`,
      ),
    )
  }
  const whoami = await kubectl(kubeconfig, 'auth', 'whoami')
  expect(whoami.code, whoami.stderr).toBe(0)
  expect(whoami.stdout).toContain(`${admin.username}@${name}`)

  // Scale a pool from the page: kubectl sees the new count.
  await openTab(page, 'Node pools')
  const pool = page.locator('[data-testid="node-pool"][data-pool="web"]')
  await pool.getByRole('button', { name: 'Edit web' }).click()
  const scale = page.getByRole('dialog', { name: 'Edit the pool web' })
  await scale.getByLabel('Nodes').fill('3')
  await scale.getByRole('button', { name: 'Apply' }).click()
  await expect(scale).toHaveCount(0)
  await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
  await expect(page.locator('[data-testid="node-row"][data-status="ready"]')).toHaveCount(4)
  const scaled = await kubectlNodeNames(kubeconfig)
  expect(scaled.code, scaled.stderr).toBe(0)
  expect(scaled.names).toHaveLength(4)
  expect(scaled.names).toEqual(expect.arrayContaining(listed.names))

  // Hibernated, the cluster's API cannot be reached; woken, it can again.
  await page.goto(`/clusters/${clusterId}?tab=settings`)
  await page.getByRole('button', { name: 'Hibernate' }).click()
  const hibernate = page.getByRole('dialog', { name: `Hibernate ${name}?` })
  await hibernate.getByRole('button', { name: 'Hibernate' }).click()
  await expect(detail(page)).toHaveAttribute('data-status', 'hibernated', { timeout: LIVE_TIMEOUT })
  const asleep = await kubectl(kubeconfig, 'get', 'nodes')
  expect(asleep.code).not.toBe(0)
  expect(asleep.stderr).toMatch(/Unable to connect to the server|connection reset|EOF|handshake/i)
  await page.getByRole('button', { name: 'Wake up' }).click()
  await expect(detail(page)).toHaveAttribute('data-status', 'running', { timeout: LIVE_TIMEOUT })
  const awake = await kubectlNodeNames(kubeconfig)
  expect(awake.code, awake.stderr).toBe(0)
  expect(awake.names).toHaveLength(4)

  // A colleague's own kubeconfig names them; once they are removed, it is refused.
  const approvals = await page.request.get('/api/organization/registrations')
  const { items } = (await approvals.json()) as { items: { id: string; userId: string }[] }
  const registration = items.find((item) => item.userId === colleague.id)
  expect(registration, JSON.stringify(items)).toBeDefined()
  const approved = await page.request.post(`/api/organization/registrations/${registration!.id}/approve`, {
    data: { note: null },
  })
  expect(approved.status(), await approved.text()).toBe(204)
  const colleagueContext = await browser.newContext()
  const colleaguePage = await colleagueContext.newPage()
  await signInAsFreshAdmin(colleaguePage, colleague)
  await colleaguePage.goto(`/clusters/${clusterId}`)
  await expect(detail(colleaguePage)).toHaveAttribute('data-status', 'running')
  const theirs = await downloadKubeconfig(colleaguePage)
  await colleagueContext.close()
  const colleagueWhoami = await kubectl(theirs, 'auth', 'whoami')
  expect(colleagueWhoami.code, colleagueWhoami.stderr).toBe(0)
  expect(colleagueWhoami.stdout).toContain(`${colleague.username}@${name}`)
  // A member works in the cluster but does not administer it: no nodes for them.
  const forbidden = await kubectl(theirs, 'get', 'nodes')
  expect(forbidden.stderr).toContain('Forbidden')

  const removed = await page.request.delete(`/api/organization/members/${colleague.id}`)
  expect(removed.status(), await removed.text()).toBe(204)
  const refused = await kubectl(theirs, 'get', 'namespaces')
  expect(refused.code).not.toBe(0)
  // What kubectl says to a 401 from any API server (its discovery asks first).
  expect(refused.stderr).toContain('error: You must be logged in to the server')
  // The admin's own kubeconfig still works.
  expect((await kubectl(kubeconfig, 'get', 'namespaces')).code).toBe(0)
})
