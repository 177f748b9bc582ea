import type { Page } from '@playwright/test'
import { describeChrome } from './support/chrome.ts'
import { expect, test } from './support/fixtures.ts'

const FALLBACK_TYPES = [
  ['Standard', '/cluster-types/blue'],
  ['Enterprise', '/cluster-types/red'],
  ['Economy', '/cluster-types/green'],
  ['Data Analytics', '/cluster-types/data'],
  ['AI/ML', '/cluster-types/ai'],
  ['Dev/Test', '/cluster-types/orange'],
  ['Sandbox', '/cluster-types/sandbox'],
]

async function clusterTypeLinks(page: Page): Promise<string[][]> {
  const links = page.getByTestId('footer-cluster-types').getByRole('link')
  return links.evaluateAll((elements) =>
    elements.map((element) => [element.textContent ?? '', element.getAttribute('href') ?? '']),
  )
}

describeChrome('footer', (chrome) => {
  test('describes the product, shows the compliance badges, sections and copyright', async ({ page }) => {
    await page.goto(chrome.path)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByTestId('footer-description')).toContainText(
      'deploying, scaling and managing production-ready clusters with enterprise-grade security and monitoring',
    )
    await expect(footer.getByTestId('compliance-badges').getByRole('listitem')).toHaveText([
      'GDPR',
      'HDS',
      'CISPE',
      'Data Sovereignty',
    ])
    await expect(footer.getByRole('heading', { name: 'Resources' })).toBeVisible()
    await expect(footer.getByRole('heading', { name: 'Company' })).toBeVisible()
    await expect(footer.getByRole('heading', { name: 'Cluster Types' })).toBeVisible()
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    for (const path of ['/data-centers', '/newsletter', '/about', '/contact', '/privacy-policy', '/terms']) {
      expect(hrefs).toContain(path)
    }
    await expect(footer.getByTestId('footer-copyright')).toHaveText(
      '© 2025 Clusterdeck. All rights reserved.',
    )
  })

  test('lists the cluster types the server answers, in its order, by their customer-facing names', async ({
    page,
  }) => {
    // The page is built with the seven fallback entries; the server's answer is changed on its way
    // (reversed, one type gone, one new) so that only a list following it can pass. Known types
    // keep the interface's words; a new one shows its name without the colour in brackets.
    await page.route('**/api/cluster-tiers', async (route) => {
      const response = await route.fetch()
      const tiers = (await response.json()) as { id: string; name: string }[]
      await route.fulfill({
        response,
        json: [{ id: 'gold', name: 'Gold (Yellow)' }, ...tiers.reverse().slice(1)],
      })
    })
    await page.goto(chrome.path)
    await expect(page.getByTestId('footer-cluster-types').getByRole('link').first()).toHaveText('Gold')
    expect(await clusterTypeLinks(page)).toEqual([
      ['Gold', '/cluster-types/blue'],
      ...FALLBACK_TYPES.slice(0, -1).reverse(),
    ])
  })

  test('names the cluster types in French on a French page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await page.goto(`${chrome.path}${chrome.path.includes('?') ? '&' : '?'}lang=fr`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByTestId('footer-cluster-types').getByRole('link').nth(1)).toHaveText('Entreprise')
    expect((await clusterTypeLinks(page)).map(([name]) => name)).toEqual([
      'Standard',
      'Entreprise',
      'Économie',
      'Analyse de données',
      'IA/ML',
      'Dev/Test',
      'Sandbox',
    ])
  })

  test('maps tier names to type pages by keyword', async ({ page }) => {
    await page.route('**/api/cluster-tiers', (route) =>
      route.fulfill({
        json: [
          { id: '1', name: 'GPU Training (ML)' },
          { id: '2', name: 'Enterprise Plus (Red)' },
          { id: '3', name: 'Economy Saver' },
          { id: '4', name: 'Gray Box (Sandbox)' },
          { id: '5', name: 'Test Bench' },
          { id: '6', name: 'Data Lake' },
          { id: '7', name: 'Mystery Machine (Limited)' },
        ],
      }),
    )
    await page.goto(chrome.path)
    await expect(page.getByTestId('footer-cluster-types').getByRole('link').first()).toHaveText(
      'GPU Training',
    )
    expect(await clusterTypeLinks(page)).toEqual([
      ['GPU Training', '/cluster-types/ai'],
      ['Enterprise Plus', '/cluster-types/red'],
      ['Economy Saver', '/cluster-types/green'],
      ['Gray Box', '/cluster-types/sandbox'],
      ['Test Bench', '/cluster-types/orange'],
      ['Data Lake', '/cluster-types/data'],
      ['Mystery Machine', '/cluster-types/blue'],
    ])
  })

  test('keeps the seven fixed entries when the tier list fails', async ({ page, consoleErrors }) => {
    await page.route('**/api/cluster-tiers', (route) =>
      route.fulfill({ status: 503, json: { message: 'Down' } }),
    )
    const failed = page.waitForResponse('**/api/cluster-tiers')
    await page.goto(chrome.path)
    await failed
    await page.waitForLoadState('networkidle')
    expect(await clusterTypeLinks(page)).toEqual(FALLBACK_TYPES)
    // The browser logs the 503 itself; that is the situation under test.
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !/status of 503/.test(text)),
    )
  })

  test('shows the version with a DEV badge in development', async ({ page }) => {
    await page.goto(chrome.path)
    await expect(page.getByTestId('footer-version-text')).toHaveText('v1.15.0')
    await expect(page.getByTestId('environment-badge')).toHaveText('DEV')
  })

  test('shows "v1.15.0 (loading...)" until the version answers, and PROD in production', async ({ page }) => {
    const prerendered = await (await page.request.get('/')).text()
    expect(prerendered).toContain('v1.15.0 (loading...)')

    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route('**/api/version/summary', async (route) => {
      await held
      await route.fulfill({ json: { displayVersion: 'v2.0.0', environment: 'production' } })
    })
    await page.goto(chrome.path)
    await expect(page.getByTestId('footer-version-text')).toHaveText('v1.15.0 (loading...)')
    await expect(page.getByTestId('environment-badge')).toHaveCount(0)
    answer()
    await expect(page.getByTestId('footer-version-text')).toHaveText('v2.0.0')
    await expect(page.getByTestId('environment-badge')).toHaveText('PROD')
  })

  test('reads in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await page.goto(chrome.path)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { name: 'Ressources' })).toBeVisible()
    await expect(footer.getByRole('heading', { name: 'Entreprise' })).toBeVisible()
    await expect(footer.getByTestId('footer-copyright')).toHaveText(
      '© 2025 Clusterdeck. Tous droits réservés.',
    )
  })
})

test('static pages keep the version 5 minutes and the cluster types 30 minutes across page loads', async ({
  page,
}) => {
  const asked = { version: 0, tiers: 0 }
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === '/api/version/summary') asked.version += 1
    if (path === '/api/cluster-tiers') asked.tiers += 1
  })
  await page.goto('/')
  await expect(page.getByTestId('footer-version-text')).toHaveText('v1.15.0')
  await expect.poll(() => asked).toEqual({ version: 1, tiers: 1 })

  // Another static page, a moment later: both come from what the first page kept.
  await page.goto('/pricing')
  await expect(page.getByTestId('footer-version-text')).toHaveText('v1.15.0')
  await expect(page.getByTestId('environment-badge')).toHaveText('DEV')
  expect(asked).toEqual({ version: 1, tiers: 1 })

  // Kept answers aged by 5 minutes: the version is asked again, the cluster types are not.
  const age = (minutes: number) =>
    page.evaluate((ms) => {
      for (const key of Object.keys(localStorage).filter((name) => name.startsWith('staticPageCache:'))) {
        const kept = JSON.parse(localStorage.getItem(key)!) as { storedAt: number }
        localStorage.setItem(key, JSON.stringify({ ...kept, storedAt: kept.storedAt - ms }))
      }
    }, minutes * 60_000)
  await age(5)
  await page.goto('/about')
  await expect.poll(() => asked.version).toBe(2)
  await expect(page.getByTestId('footer-version-text')).toHaveText('v1.15.0')
  expect(asked.tiers).toBe(1)

  // 30 minutes: the cluster types too.
  await age(25)
  await page.goto('/terms')
  await expect.poll(() => asked.tiers).toBe(2)
})
