import { beforeAll, describe, expect, it } from 'vitest'
import { PAGES } from '../web/lib/paths.ts'
import {
  BUDGET,
  BUDGETED_PUBLIC_PAGES,
  BUDGETED_SCREENS,
  PUBLIC_PAGES_CEILING_KIB,
  SCREEN_FIRST_LOAD_FILES_CEILING,
} from './web-budgets.ts'
import { ensureWebBuild } from './web-build.ts'
import { type FirstLoad, firstLoadOfPage, firstLoadOfScreen } from './web-first-load.ts'

/**
 * The JavaScript each screen loads before it can answer, measured on the build (built here when
 * its sources changed since the last one): size, not time, so the same code always gives the
 * same answer.
 */
let clientDir = ''
beforeAll(() => {
  clientDir = ensureWebBuild()
}, 900_000)

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** What a failure says: the total, the limit and the largest files, where to look first. */
function overBudget(name: string, load: FirstLoad, limit: number): string {
  const largest = load.brotliByFile
    .slice(0, 8)
    .map(({ file, bytes }) => `${file} ${kib(bytes)}`)
    .join(', ')
  return `${name}: ${kib(load.brotliBytes)} of JavaScript in ${load.files.length} files, limit ${kib(limit)}; largest: ${largest}`
}

describe('first-load JavaScript of the signed-in screens', () => {
  it.each(BUDGETED_SCREENS.map((screen) => [screen.route, screen] as const))(
    '%s stays within its ceiling on the way to the budget (Brotli)',
    (route, screen) => {
      const load = firstLoadOfScreen(clientDir, route)
      expect(load.files.length).toBeGreaterThan(0)
      expect(load.brotliBytes, overBudget(route, load, screen.ceilingKiB * 1024)).toBeLessThanOrEqual(
        screen.ceilingKiB * 1024,
      )
      expect(load.files.length, `${route}: ${load.files.join(', ')}`).toBeLessThanOrEqual(
        SCREEN_FIRST_LOAD_FILES_CEILING,
      )
    },
  )
})

describe('the frame a console screen loads', () => {
  const consoleScreens = BUDGETED_SCREENS.filter(
    (screen) => PAGES.find((page) => page.path === screen.route)?.layout === 'dashboard',
  )

  it('holds nothing of the layouts of the site: their footer and promotions are not drawn there', () => {
    expect(consoleScreens.length).toBeGreaterThan(5)
    for (const screen of consoleScreens) {
      const files = firstLoadOfScreen(clientDir, screen.route).files
      expect(
        files.filter((file) => /frame-(site|public|plain|flow)-/.test(file)),
        screen.route,
      ).toEqual([])
      expect(
        files.some((file) => /frame-dashboard-/.test(file)),
        screen.route,
      ).toBe(true)
    }
  })
})

describe('first-load JavaScript of the public pages', () => {
  const limit = Math.min(BUDGET.publicFirstLoadBytes, PUBLIC_PAGES_CEILING_KIB * 1024)
  it.each([...BUDGETED_PUBLIC_PAGES])('%s stays within its budget and its ceiling (Brotli)', (page) => {
    const load = firstLoadOfPage(clientDir, page)
    expect(load.files.length).toBeGreaterThan(0)
    expect(load.brotliBytes, overBudget(page, load, limit)).toBeLessThanOrEqual(limit)
  })
})
