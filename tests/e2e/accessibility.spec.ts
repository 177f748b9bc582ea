import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/** axe-core on the shell's main screens, in both themes: no serious or critical violation. */
const SCREENS = [
  { path: '/', heading: 'Managed Kubernetes from EU data centers', signedIn: false },
  { path: '/auth', heading: null, signedIn: false },
  { path: '/dashboard', heading: 'Welcome, Dana Demo', signedIn: true },
  { path: '/no-such-page', heading: 'Page not found', signedIn: false },
] as const

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

for (const theme of ['light', 'dark'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.path} has no serious or critical accessibility violation (${theme} theme)`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      if (screen.signedIn) await signIn(page, 'demo')
      await page.goto(screen.path)
      if (screen.heading)
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
}
