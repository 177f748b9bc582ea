import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { holdAnswers } from './support/hold.ts'

/**
 * A screen does not move under the reader's eyes as its data arrives (layout shift). Each test
 * holds back one answer until the screen has painted its loading state, lets it through, and
 * sums the layout shifts the browser reports (the Layout Instability API, as Lighthouse reads it).
 */

const PHONE = { width: 390, height: 844 }

/** Records the page's layout shifts from its first paint (shifts right after input do not count). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  )

/** Signs the demo customer in, starts recording layout shifts, and names its first cluster. */
async function firstDemoCluster(page: Page): Promise<string> {
  await signIn(page, 'demo')
  const clusters = (await (await page.request.get('/api/clusters')).json()) as { items: { id: string }[] }
  await recordLayoutShifts(page)
  return clusters.items[0]!.id
}

/** The cluster screen with its tabs and its products, loaded, and nothing moved on the way. */
async function expectClusterScreenShown(page: Page) {
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Installed products' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading the installations…' })).toHaveCount(0)
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01)
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test('the wizard does not move when the saved templates arrive after the catalog', async ({ page }) => {
    await signIn(page, 'demo')
    await recordLayoutShifts(page)
    const templates = await holdAnswers(page, (url) => url.pathname === '/api/cluster-templates')
    await page.goto('/configure-cluster')
    await expect.poll(templates.held).toBeGreaterThan(0)
    templates.release()
    await expect(page.getByTestId('cluster-type-option').first()).toBeVisible()
    await expect(page.getByRole('status', { name: 'Loading your templates...' })).toHaveCount(0)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01)
  })

  test('a cluster’s products do not move down when the cluster view replaces its placeholder', async ({
    page,
  }) => {
    const clusterId = await firstDemoCluster(page)
    const cluster = await holdAnswers(page, (url) => url.pathname === `/api/clusters/${clusterId}`)
    await page.goto(`/clusters/${clusterId}`)
    await expect(page.getByRole('status', { name: 'Loading the cluster...' })).toBeVisible()
    cluster.release()
    await expectClusterScreenShown(page)
  })

  test('a cluster’s header does not rewrap when the catalog names its type after the cluster came', async ({
    page,
  }) => {
    const clusterId = await firstDemoCluster(page)
    const catalog = await holdAnswers(page, (url) => url.pathname === '/api/catalog')
    const clusterAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/clusters/${clusterId}`,
    )
    await page.goto(`/clusters/${clusterId}`)
    await clusterAnswer
    await expect.poll(catalog.held).toBeGreaterThan(0)
    catalog.release()
    await expectClusterScreenShown(page)
  })
})

test('the notification choices keep their room while they load, so the settings under them stay put', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1350, height: 940 })
  await signIn(page, 'demo')
  await recordLayoutShifts(page)
  const choices = await holdAnswers(page, (url) => url.pathname === '/api/user/notification-preferences')
  await page.goto('/settings')
  await expect(page.getByRole('status', { name: 'Loading your choices…' })).toBeVisible()
  const section = page.getByTestId('notification-preferences')
  const loadingHeight = (await section.boundingBox())!.height
  choices.release()
  await expect(page.getByRole('checkbox', { name: /: Email$/ }).first()).toBeVisible()
  expect(Math.abs((await section.boundingBox())!.height - loadingHeight)).toBeLessThanOrEqual(2)
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01)
})

test('the pages with a footer are at least a screen tall, so pages growing as they load do not move it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1350, height: 940 })
  await signIn(page, 'demo')
  // One page of each layout with a footer: public, flow, plain.
  for (const path of ['/support', '/configure-cluster', '/data-centers']) {
    await page.goto(path)
    await expect(page.locator('body > div > footer')).toBeAttached()
    const minHeight = await page
      .locator('main')
      .evaluate((main) => Number.parseFloat(getComputedStyle(main).minHeight))
    expect(minHeight, path).toBeGreaterThanOrEqual(940)
  }
})

test('the credits keep their room while they load, so the invoices under them stay put', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signIn(page, 'demo')
  await recordLayoutShifts(page)
  const credits = await holdAnswers(page, (url) => url.pathname === '/api/billing/credits')
  await page.goto('/billing')
  await expect(page.getByRole('status', { name: 'Loading credits' })).toBeVisible()
  await expect(page.getByTestId('summary-forecast')).toBeVisible()
  credits.release()
  await expect(page.getByTestId('credit-history')).toBeVisible()
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01)
})
