import { LANGUAGE_COOKIE } from '../../common/language.ts'
import { ROUTES } from '../../common/routes.ts'
import { E2E_BASE_URL } from '../../playwright.config.ts'
import {
  type DemoRows,
  demoRows,
  everyRoute,
  openPage,
  type RouteVisit,
  signInAs,
} from './support/every-route.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { catalogTextPairs, type EnglishLeaks, frenchChecker } from './support/french-text.ts'

/**
 * A French buyer reads French on every page: each route, opened in French by the person it is
 * for, shows no English string of the interface or the catalog, no raw enumeration value and no
 * number, amount or date written the English way.
 */

test.describe.configure({ mode: 'parallel' })

let rows: DemoRows
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: E2E_BASE_URL })
  await signIn(page, 'demo')
  rows = await demoRows(page.request)
  await page.close()
})

const GROUPS = 6

test('the visits cover every route of the product', () => {
  const visited = new Set(everyRoute(sampleRows).map((visit) => visit.route))
  expect(Object.keys(ROUTES).filter((route) => !visited.has(route as keyof typeof ROUTES))).toEqual([])
})

const sampleRows: DemoRows = { clusterId: 'c', orderId: 'o', installationId: 'i', ticketId: 't' }

for (let group = 0; group < GROUPS; group++) {
  test(`every route reads in French (part ${group + 1} of ${GROUPS})`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000)
    const check = await frenchChecker(catalogTextPairs())
    const visits = everyRoute(rows).filter((_, index) => index % GROUPS === group)
    const leaks: Record<string, Partial<EnglishLeaks>> = {}
    // One browser context per person, in French from the first request (cookie and local storage).
    for (const as of [...new Set(visits.map((visit) => visit.as))]) {
      const context = await browser.newContext({ baseURL })
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'fr', url: baseURL ?? '' }])
      await context.addInitScript(() => localStorage.setItem('language', 'fr'))
      const page = await context.newPage()
      await signInAs(page, as)
      for (const visit of visits.filter((entry) => entry.as === as)) {
        await openPage(page, visit.path)
        await expect(page.locator('html'), visit.path).toHaveAttribute('lang', 'fr')
        const found = nonEmpty(await check(page))
        if (found) leaks[label(visit)] = found
      }
      await context.close()
    }
    expect(leaks).toEqual({})
  })
}

function label(visit: RouteVisit): string {
  return `${visit.path} (${visit.as})`
}

function nonEmpty(leaks: EnglishLeaks): Partial<EnglishLeaks> | undefined {
  const kept = Object.fromEntries(Object.entries(leaks).filter(([, list]) => list.length > 0))
  return Object.keys(kept).length > 0 ? kept : undefined
}
