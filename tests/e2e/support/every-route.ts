import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test'
import { CLUSTER_TYPE_ALIASES, href, ROUTES, type RouteName } from '../../../common/routes.ts'
import { E2E_BASE_URL } from '../../../playwright.config.ts'
import { expect, signIn, test } from './fixtures.ts'

/** Who opens a page: a visitor signed out, or a demo account (common/demo-accounts.ts). */
export type Visitor = 'visitor' | 'demo' | 'admin' | 'officer'

export type RouteVisit = { route: RouteName | 'clusterTypeAlias'; path: string; as: Visitor }

/** The demo rows a page with a parameter opens, read through the API as the demo customer. */
export type DemoRows = { clusterId: string; orderId: string; installationId: string; ticketId: string }

const ADMIN_ROUTES: RouteName[] = [
  'userManagement',
  'pendingRegistrations',
  'promotionRequests',
  'organizationUsers',
]

/** The pages a signed-in customer opens outside the public layout's list (common/routes.ts order). */
const FIRST_SIGNED_IN_ROUTE: RouteName = 'dataCenters'

/**
 * Every route of the product with its parameters filled from the demo data, each opened by the
 * person it is for: the public pages signed out, the organization's pages as the demo customer,
 * the administration as the organization's admin, the officers' panel as an officer. One alias of
 * the cluster-type page stands for the others (they are the same built page).
 */
export function everyRoute(rows: DemoRows): RouteVisit[] {
  const names = Object.keys(ROUTES) as RouteName[]
  const firstSignedIn = names.indexOf(FIRST_SIGNED_IN_ROUTE)
  const visits = names.map((route, index): RouteVisit => {
    const as: Visitor = ADMIN_ROUTES.includes(route)
      ? 'admin'
      : route === 'officersPanel'
        ? 'officer'
        : index < firstSignedIn
          ? 'visitor'
          : 'demo'
    return { route, path: pathOf(route, rows), as }
  })
  const [alias] = Object.keys(CLUSTER_TYPE_ALIASES)
  return [...visits, { route: 'clusterTypeAlias', path: alias ?? '/blue-cluster', as: 'visitor' }]
}

function pathOf(route: RouteName, rows: DemoRows): string {
  switch (route) {
    case 'tutorial':
      return href('tutorial', { slug: 'deploy-an-app-with-ingress-and-tls' })
    case 'clusterType':
      return href('clusterType', { type: 'red' })
    case 'orderStatus':
      return href('orderStatus', { id: rows.orderId })
    case 'clusterStatus':
    case 'clusterTopology':
    case 'clusterDetail':
    case 'clusterDetailAlias':
      return href(route, { id: rows.clusterId })
    case 'productOrder':
      return href('productOrder', { id: rows.installationId })
    case 'supportOrder':
      return href('supportOrder', { id: rows.ticketId })
    default:
      return ROUTES[route]
  }
}

/** The demo customer's first cluster, order, installation and ticket. */
export async function demoRows(request: APIRequestContext): Promise<DemoRows> {
  const first = async (path: string) => {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const { items } = (await response.json()) as { items: Array<{ id: string }> }
    expect(items.length, `${path} lists a demo row`).toBeGreaterThan(0)
    return items[0]!.id
  }
  return {
    clusterId: await first('/api/clusters'),
    orderId: await first('/api/orders'),
    installationId: await first('/api/installations'),
    ticketId: await first('/api/support/tickets'),
  }
}

/** Signs the page in as the visit's person (a visitor stays signed out). */
export async function signInAs(page: Page, visitor: Visitor): Promise<void> {
  if (visitor !== 'visitor') await signIn(page, visitor)
}

/**
 * Opens a page and waits until it has drawn its content: a main heading, and no loading
 * placeholder left. The parts drawn only once they come near the view (the forms at the foot of
 * /billing) are scrolled to, as a person reading the page would, then the page goes back to its top.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 })
  const placeholders = page.locator('[data-testid="loading"], .animate-pulse')
  await expect(async () => {
    if ((await placeholders.count()) > 0)
      await placeholders.first().scrollIntoViewIfNeeded({ timeout: 2_000 })
    await expect(placeholders).toHaveCount(0, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await page.locator('h1').first().scrollIntoViewIfNeeded()
}

/** What a check found on a page, by kind; empty lists are left out of the report. */
export type Findings = Record<string, string[]>

/** The route table's parts, spread over tests that Playwright's workers share. */
const PARTS = 6

/**
 * Tests that open every route as the person it is for and run `check` on each page: one test
 * proves the visits cover the route table, the others visit a part of it each and fail with the
 * findings of every page that has some.
 */
export function checkEveryRoute(
  title: string,
  options: { context?: BrowserContextOptions; check: (page: Page) => Promise<Findings> },
): void {
  test.describe(title, () => {
    test.describe.configure({ mode: 'parallel' })
    let rows: DemoRows
    test.beforeAll(async ({ browser }) => {
      const page = await browser.newPage({ baseURL: E2E_BASE_URL })
      await signIn(page, 'demo')
      rows = await demoRows(page.request)
      await page.close()
    })

    test('the visits cover every route of the product', () => {
      const sample = { clusterId: 'c', orderId: 'o', installationId: 'i', ticketId: 't' }
      const visited = new Set(everyRoute(sample).map((visit) => visit.route))
      expect((Object.keys(ROUTES) as RouteName[]).filter((route) => !visited.has(route))).toEqual([])
    })

    for (let part = 0; part < PARTS; part++) {
      test(`part ${part + 1} of ${PARTS}`, async ({ browser, baseURL }) => {
        test.setTimeout(300_000)
        const visits = everyRoute(rows).filter((_, index) => index % PARTS === part)
        const found: Record<string, Findings> = {}
        for (const as of [...new Set(visits.map((visit) => visit.as))]) {
          const context = await browser.newContext({ ...options.context, baseURL })
          const page = await context.newPage()
          await signInAs(page, as)
          for (const visit of visits.filter((entry) => entry.as === as)) {
            await openPage(page, visit.path)
            let findings = Object.entries(await options.check(page)).filter(([, list]) => list.length > 0)
            if (findings.length > 0) {
              // A page still settling (a toast leaving, a late answer redrawing) is read again once
              // it is quiet: only what stays is a finding.
              await page.waitForLoadState('networkidle')
              findings = Object.entries(await options.check(page)).filter(([, list]) => list.length > 0)
            }
            if (findings.length > 0) found[`${visit.path} (${visit.as})`] = Object.fromEntries(findings)
          }
          await context.close()
        }
        expect(found).toEqual({})
      })
    }
  })
}
