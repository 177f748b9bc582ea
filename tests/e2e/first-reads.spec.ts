import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { scrollUntilShown } from './support/scroll.ts'

/**
 * A screen that waits for data names it in its HTML (preloads): the reads travel beside the
 * scripts, and the screen's own requests take their answers instead of asking again.
 */

/** How often the page asked for each of these paths. */
function countRequests(page: Page, paths: string[]): Map<string, number> {
  const counts = new Map(paths.map((path) => [path, 0]))
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (counts.has(pathname)) counts.set(pathname, (counts.get(pathname) ?? 0) + 1)
  })
  return counts
}

const preloadedReads = (page: Page) =>
  page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))

test('a cluster’s screen has its cluster and the catalog asked once, by the page’s preloads', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const clusters = (await (await page.request.get('/api/clusters')).json()) as { items: { id: string }[] }
  const id = clusters.items[0]!.id
  const counts = countRequests(page, ['/api/catalog', `/api/clusters/${id}`])
  await page.goto(`/clusters/${id}`)
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible()
  expect(await preloadedReads(page)).toEqual(['/api/user', '/api/catalog', `/api/clusters/${id}`])
  // One request each: a preload the page did not take would have been a second.
  expect(Object.fromEntries(counts)).toEqual({ '/api/catalog': 1, [`/api/clusters/${id}`]: 1 })
})

test('the configuration wizard has the catalog and the saved configurations asked once', async ({ page }) => {
  await signIn(page, 'demo')
  const counts = countRequests(page, ['/api/catalog', '/api/cluster-templates'])
  await page.goto('/configure-cluster')
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible()
  expect(await preloadedReads(page)).toEqual(['/api/user', '/api/catalog', '/api/cluster-templates'])
  // The wizard's own template picker asks again as it mounts (answers are stale at once): two, and
  // a third had the preload gone unused.
  expect(Object.fromEntries(counts)).toEqual({ '/api/catalog': 1, '/api/cluster-templates': 2 })
})

test('a visitor without a session gets no data preloaded on a signed-in screen', async ({ page }) => {
  await page.goto('/configure-cluster')
  expect(await preloadedReads(page)).toEqual(['/api/user'])
  await expect(page).toHaveURL(/\/auth$/)
})

test('a console screen asks who is signed in once: the parts drawn after its first answer take it too', async ({
  page,
}) => {
  await signIn(page, 'demo')
  const counts = countRequests(page, ['/api/user'])
  await page.goto('/billing')
  // The foot's forms are drawn last, once scrolled near; the header's menus come before them.
  await scrollUntilShown(page, page.getByTestId('budget-alerts'))
  await expect(page.getByTestId('billing-details').getByLabel('VAT number')).toBeVisible()
  const alerts = page.getByTestId('budget-alerts')
  await expect(
    alerts.getByRole('list', { name: 'Budget alerts' }).or(alerts.getByTestId('alerts-empty')),
  ).toBeVisible()
  expect(Object.fromEntries(counts)).toEqual({ '/api/user': 1 })
})
