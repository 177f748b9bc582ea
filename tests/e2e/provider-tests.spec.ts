import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/**
 * The seven provider test pages: for the platform operator, each runs its provider's check on open
 * and shows the steps; the e2e server runs the simulated driver, which the page must say plainly.
 * Anyone else is told that the check is the operator's, and the page asks nothing.
 */

const PROVIDER_PAGES = [
  { path: '/gcp-cluster-test', provider: 'gcp', name: 'Google Cloud (GKE)' },
  { path: '/aws-eks-test', provider: 'aws', name: 'Amazon Web Services (EKS)' },
  { path: '/azure-aks-test', provider: 'azure', name: 'Microsoft Azure (AKS)' },
  { path: '/ibm-iks-test', provider: 'ibm', name: 'IBM Cloud (IKS)' },
  { path: '/huawei-cce-test', provider: 'huawei', name: 'Huawei Cloud (CCE)' },
  { path: '/alibaba-ack-test', provider: 'alibaba', name: 'Alibaba Cloud (ACK)' },
  { path: '/digitalocean-doks-test', provider: 'digitalocean', name: 'DigitalOcean (DOKS)' },
] as const

const steps = (page: Page) => page.getByTestId('check-step')

test.describe('provider test pages', () => {
  test('a signed-out visitor goes to /auth', async ({ page }) => {
    await page.goto('/aws-eks-test')
    await expect(page).toHaveURL(/\/auth$/)
  })

  for (const [username, language, title, notice] of [
    ['demo', 'en', 'Google Cloud (GKE) check', 'Only the platform operator can run this check'],
    ['officer', 'fr', 'Vérification Google Cloud (GKE)', 'Seul l’opérateur de la plateforme peut lancer'],
  ] as const) {
    test(`tells ${username} that only the platform operator can run the check (${language})`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('language', value), language)
      const checks: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/api/providers/')) checks.push(request.url())
      })
      await signIn(page, username)
      await page.goto('/gcp-cluster-test')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByTestId('operator-only')).toContainText(notice)
      await expect(
        page.locator('nav[aria-labelledby="other-providers-title"]').getByRole('link'),
      ).toHaveCount(6)
      await expect(steps(page)).toHaveCount(0)
      expect(checks).toEqual([])
    })
  }

  for (const { path, provider, name } of PROVIDER_PAGES) {
    test(`${path} checks ${name} and says the driver is simulated`, async ({ page }) => {
      await signIn(page, 'superadmin')
      const check = page.waitForResponse((response) =>
        response.url().endsWith(`/api/providers/${provider}/check`),
      )
      await page.goto(path)
      expect((await check).status()).toBe(200)

      await expect(page).toHaveTitle(`${name} check · Clusterdeck`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} check`)
      await expect(page.getByTestId('check-provider')).toHaveText(name)
      await expect(page.getByTestId('check-driver')).toHaveText('Simulated')
      await expect(page.getByTestId('simulated-notice')).toContainText('Simulated mode')
      await expect(page.getByTestId('simulated-notice')).toContainText(
        'no cloud and no management cluster were contacted',
      )
      await expect(page.getByTestId('check-result')).toHaveText('Simulated: 3 checks described')

      await expect(steps(page)).toHaveCount(3)
      expect(
        await steps(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-name'))),
      ).toEqual(['infrastructure_provider', 'credentials', 'dry_run'])
      await expect(steps(page).nth(0)).toContainText('Infrastructure provider installed')
      await expect(steps(page).nth(1)).toContainText('Credentials present')
      await expect(steps(page).nth(2)).toContainText('Dry-run create')
      for (const detail of await page.getByTestId('check-step-detail').all())
        await expect(detail).toContainText('Simulated: would')
      await expect(page.getByTestId('check-step-state')).toHaveText(['Simulated', 'Simulated', 'Simulated'])
    })
  }

  test('"Run again" runs the check again and keeps the steps on screen meanwhile', async ({ page }) => {
    await signIn(page, 'superadmin')
    await page.goto('/aws-eks-test')
    await expect(steps(page)).toHaveCount(3)
    const firstCheckedAt = await page.locator('time').first().getAttribute('datetime')

    const again = page.waitForResponse((response) => response.url().endsWith('/api/providers/aws/check'))
    await page.getByRole('button', { name: 'Run again' }).click()
    expect((await again).status()).toBe(200)
    await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible()
    await expect(steps(page)).toHaveCount(3)
    await expect.poll(() => page.locator('time').first().getAttribute('datetime')).not.toBe(firstCheckedAt)
  })

  test('links to the other providers’ pages', async ({ page }) => {
    await signIn(page, 'superadmin')
    await page.goto('/gcp-cluster-test')
    await expect(steps(page)).toHaveCount(3)
    const others = page.getByRole('navigation', { name: 'Other providers' }).getByRole('link')
    await expect(others).toHaveCount(6)
    await others.filter({ hasText: 'DigitalOcean (DOKS)' }).click()
    await expect(page).toHaveURL(/\/digitalocean-doks-test$/)
    await expect(page.getByTestId('check-provider')).toHaveText('DigitalOcean (DOKS)')
  })

  test('in French, in the dark theme, on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.addInitScript(() => {
      localStorage.setItem('language', 'fr')
      localStorage.setItem('theme', 'dark')
    })
    await signIn(page, 'superadmin')
    await page.goto('/huawei-cce-test')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vérification Huawei Cloud (CCE)')
    await expect(page.getByTestId('simulated-notice')).toContainText('Mode simulé')
    await expect(page.getByTestId('check-driver')).toHaveText('Simulé')
    await expect(steps(page).nth(2)).toContainText('Création à blanc')
    await expect(page.getByRole('button', { name: 'Relancer' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical accessibility violation (${theme} theme)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'superadmin')
      await page.goto('/azure-aks-test')
      await expect(steps(page)).toHaveCount(3)
      const { violations } = await new AxeBuilder({ page }).analyze()
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
      expect(serious).toEqual([])
    })
  }
})
