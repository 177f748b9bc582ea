import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../../common/demo-accounts.ts'

/**
 * Every browser test fails on a console error or an uncaught page error. The expected browser
 * messages are the network logs of the 401 that `/api/user` answers when signed out, and of the
 * 404 a not-found page's own document answers.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        if (/Failed to load resource: the server responded with a status of 401/.test(message.text())) return
        const notFoundDocument =
          /Failed to load resource: the server responded with a status of 404/.test(message.text()) &&
          message.location().url === page.url()
        if (notFoundDocument) return
        errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`))
      await use(errors)
      expect(errors, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Signs the page's browser context in through the API (the cookie lands in the context). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/login', { data: { username, password } })
  expect(response.status(), await response.text()).toBe(200)
  return response.json()
}

/**
 * Each page of a list, opened in turn: its text shows, nothing is wider than the screen, and axe
 * finds no serious or critical violation.
 */
export async function expectScreensReadable(page: Page, screens: readonly (readonly [string, string])[]) {
  for (const [path, text] of screens) {
    await page.goto(path)
    await expect(page.getByText(text).first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    expect(
      results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
      path,
    ).toEqual([])
  }
}
