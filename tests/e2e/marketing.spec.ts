import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { type Currency, FALLBACK_RATES, INITIAL_PROVIDER_RATES } from '../../common/money.ts'
import {
  type BillingCycle,
  cyclePriceCents,
  formatCents,
  monthlyPrice,
  startingMonthlyCents,
} from '../../common/pricing.ts'
import { CLUSTER_TYPE_ALIASES, CLUSTER_TYPE_SLUGS, PAGES } from '../../web/lib/paths.ts'
import { en } from '../../web/locales/en.ts'
import { fr } from '../../web/locales/fr.ts'
import { expect, test } from './support/fixtures.ts'

const LOCALES = { en, fr } as const
type Language = keyof typeof LOCALES

const TUTORIAL_SLUGS = readdirSync('web/content/en/tutorials').map((file) => file.replace(/\.md$/, ''))

/** Every public path of the route table, with parameters filled in: each type and tutorial. */
const PUBLIC_PATHS = PAGES.filter((page) => page.layout === 'public').flatMap((page) => {
  if (page.path === '/tutorials/:slug') return TUTORIAL_SLUGS.map((slug) => `/tutorials/${slug}`)
  if (page.path === '/cluster-types/:type') return CLUSTER_TYPE_SLUGS.map((slug) => `/cluster-types/${slug}`)
  return [page.path]
})

/** The front-matter title of a Markdown file of web/content. */
function markdownTitle(language: Language, section: string, slug: string): string {
  const source = readFileSync(`web/content/${language}/${section}/${slug}.md`, 'utf8')
  return /^title: (.*)$/m.exec(source)?.[1] ?? ''
}

const MARKDOWN_PAGES: Record<string, string> = {
  '/faq': 'faq',
  '/about': 'about',
  '/careers': 'careers',
  '/case-studies': 'case-studies',
  '/privacy-policy': 'privacy-policy',
  '/privacy': 'privacy-policy',
  '/terms': 'terms',
}

/** The h1 a path shows in a language, where the route table and content decide it. */
function expectedHeading(path: string, language: Language): string | undefined {
  const locale = LOCALES[language]
  const typeSlug = path.startsWith('/cluster-types/') ? path.split('/')[2] : CLUSTER_TYPE_ALIASES[path]
  if (typeSlug) {
    const name = locale.common.clusterTypes[typeSlug as keyof typeof locale.common.clusterTypes]
    return locale.marketing.clusterTypeTitle.replace('{{name}}', name)
  }
  if (path.startsWith('/tutorials/')) return markdownTitle(language, 'tutorials', path.split('/')[2] ?? '')
  const markdown = MARKDOWN_PAGES[path]
  if (markdown) return markdownTitle(language, 'pages', markdown)
  const key = {
    '/': 'home',
    '/pricing': 'pricing',
    '/documentation': 'documentation',
    '/tutorials': 'tutorials',
  }[path]
  return key ? locale.pages[key as 'home'] : undefined
}

async function mainHeading(page: Page, path: string, language: Language): Promise<string> {
  await page.goto(language === 'fr' ? `${path}?lang=fr` : path)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  const heading = page.getByRole('heading', { level: 1 }).first()
  await expect(heading).toBeVisible()
  const expected = expectedHeading(path, language)
  if (expected) await expect(heading).toHaveText(expected)
  else await expect(heading).not.toHaveText('')
  return (await heading.textContent()) ?? ''
}

test.describe('every public page in English and French', () => {
  for (const path of PUBLIC_PATHS) {
    test(`${path} shows its main heading in both languages`, async ({ page }) => {
      const english = await mainHeading(page, path, 'en')
      const french = await mainHeading(page, path, 'fr')
      // A few names read the same in both languages (Documentation, Newsletter, Contact…).
      if (expectedHeading(path, 'en') === undefined && english !== french) expect(french).not.toBe(english)
    })
  }
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page, pricing, a cluster type and the documentation show their content', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home)
    await expect(page.getByTestId('data-centers-eu').getByRole('listitem')).not.toHaveCount(0)

    await page.goto('/pricing')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.pricing)
    await expect(page.getByTestId('pricing-types').getByRole('listitem')).toHaveCount(7)
    await expect(page.getByTestId('pricing-flavors').locator('tr[data-flavor]')).toHaveCount(19)
    // Prices are drawn at build time: euros a month at the reference rate, from the type's control
    // plane and one node of its cheapest flavor.
    const catalog = await (await page.request.get('/api/catalog')).json()
    const blue = catalog.clusterTypes.find((type: { id: string }) => type.id === 'blue')
    await expect(page.locator('[data-type="blue"] [data-price]')).toHaveText(
      formatCents(startingMonthlyCents(blue, catalog.nodeFlavors), 'EUR', INITIAL_PROVIDER_RATES),
    )

    await page.goto('/cluster-types/blue')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Standard clusters')
    await expect(page.getByTestId('type-flavors').getByRole('listitem')).not.toHaveCount(0)

    await page.goto('/documentation')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.documentation)
    await expect(page.locator('[data-search-section]')).toHaveCount(9)
    await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link').first()).toBeVisible()
  })

  test('on a phone the documentation opens on its title, its contents folded below it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/documentation')
    const title = page.getByRole('heading', { level: 1, name: en.pages.documentation })
    await expect(title).toBeInViewport()
    const contents = page.getByTestId('docs-contents-folded')
    expect((await title.boundingBox())!.y).toBeLessThan((await contents.boundingBox())!.y)
    await expect(page.getByRole('navigation', { name: 'Contents' })).toHaveCount(0)
    // The first section starts on the first screen, not 2,000 pixels of links below it.
    await expect(page.locator('[data-search-section] h2').first()).toBeInViewport()
    await contents.getByText('Contents', { exact: true }).click()
    const links = page.getByRole('navigation', { name: 'Contents' }).getByRole('link')
    await expect(links.first()).toBeVisible()
    await links.nth(1).click()
    await expect(page).toHaveURL(/#/)
  })
})

test.describe('pricing', () => {
  const CASES: [Currency, BillingCycle][] = [
    ['USD', 'monthly'],
    ['USD', 'yearly'],
    ['EUR', 'monthly'],
    ['EUR', 'yearly'],
    ['GBP', 'monthly'],
    ['GBP', 'yearly'],
  ]

  for (const [currency, cycle] of CASES) {
    test(`prices follow the pricing rules in ${currency}, ${cycle}`, async ({ page }) => {
      const catalog = await (await page.request.get('/api/catalog')).json()
      // The test server reaches no rate service: the server answers its fallback rates.
      const rates = (await (await page.request.get('/api/rates')).json()).rates ?? FALLBACK_RATES
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('currency', chosen.currency)
          localStorage.setItem('billingCycle', chosen.cycle)
        },
        { currency, cycle },
      )
      await page.goto('/pricing')
      for (const type of catalog.clusterTypes) {
        await expect(page.locator(`[data-type="${type.id}"] [data-price]`)).toHaveText(
          formatCents(
            cyclePriceCents(startingMonthlyCents(type, catalog.nodeFlavors), cycle),
            currency,
            rates,
          ),
        )
      }
      const flavor = catalog.nodeFlavors.find((candidate: { id: string }) => candidate.id === 'gp-4-16')
      const nodeMonth = monthlyPrice({
        clusterType: { baseMonthlyPriceCents: 0 },
        nodePools: [{ flavor, nodeCount: 1 }],
        addOns: [],
      }).totalCents
      await expect(page.locator('tr[data-flavor="gp-4-16"] [data-price="cycle"]')).toHaveText(
        formatCents(cyclePriceCents(nodeMonth, cycle), currency, rates),
      )
      await expect(page.locator('[data-type="blue"] [data-cycle-label]')).toHaveText(
        cycle === 'yearly' ? en.marketing.pricing.perYear : en.marketing.pricing.perMonth,
      )
    })
  }

  test('the estimate prices a configuration as the rules do, and the controls switch currency and cycle', async ({
    page,
  }) => {
    const catalog = await (await page.request.get('/api/catalog')).json()
    const rates = (await (await page.request.get('/api/rates')).json()).rates
    await page.goto('/pricing')
    const estimate = page.getByRole('region', { name: en.marketing.pricing.estimateTitle })
    await estimate.getByLabel(en.marketing.pricing.estimateType).selectOption('red')
    await estimate.getByLabel(en.marketing.pricing.estimateFlavor).selectOption('mem-8-64')
    await estimate.getByLabel(en.marketing.pricing.estimateNodes).fill('5')
    const red = catalog.clusterTypes.find((type: { id: string }) => type.id === 'red')
    const flavor = catalog.nodeFlavors.find((candidate: { id: string }) => candidate.id === 'mem-8-64')
    const price = monthlyPrice({ clusterType: red, nodePools: [{ flavor, nodeCount: 5 }], addOns: [] })
    const total = estimate.locator('[data-estimate="total"]')
    await expect(total).toHaveText(formatCents(price.totalCents, 'EUR', rates))

    await page.getByRole('radio', { name: en.preferences.billingCycle.yearly }).check()
    await page.getByRole('radio', { name: '£ GBP' }).check()
    await expect(total).toHaveText(formatCents(cyclePriceCents(price.totalCents, 'yearly'), 'GBP', rates))
    await expect(page.getByTestId('currency-switcher')).toHaveText('£GBP')

    await estimate.getByLabel(en.marketing.pricing.estimateNodes).fill('0')
    await expect(total).toHaveText('—')
  })
})

test.describe('search engines', () => {
  test('a page names its description, canonical address, Open Graph tags and both languages', async ({
    page,
  }) => {
    await page.goto('/blue-cluster?lang=fr')
    const head = page.locator('head')
    await expect(page).toHaveTitle('Clusters Standard · Clusterdeck')
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /Standard/)
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://clusterdeck.eu/cluster-types/blue?lang=fr',
    )
    await expect(head.locator('link[hreflang="en"]')).toHaveAttribute(
      'href',
      'https://clusterdeck.eu/cluster-types/blue',
    )
    await expect(head.locator('link[hreflang="fr"]')).toHaveAttribute(
      'href',
      'https://clusterdeck.eu/cluster-types/blue?lang=fr',
    )
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Clusters Standard')
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR')
  })

  test('sitemap.xml lists every static page in both languages; robots.txt keeps the app out', async ({
    page,
  }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text()
    for (const path of [
      '/',
      '/pricing',
      '/cluster-types/ai',
      '/documentation',
      `/tutorials/${TUTORIAL_SLUGS[0]}`,
    ]) {
      expect(sitemap).toContain(`<loc>https://clusterdeck.eu${path}</loc>`)
      expect(sitemap).toContain(`<loc>https://clusterdeck.eu${path}?lang=fr</loc>`)
    }
    expect(sitemap).not.toContain('/blue-cluster<')
    const robots = await (await page.request.get('/robots.txt')).text()
    expect(robots).toContain('Disallow: /dashboard')
    expect(robots).toContain('Sitemap: https://clusterdeck.eu/sitemap.xml')
    expect(robots).not.toContain('Disallow: /pricing')
  })
})

test.describe('static pages in the app', () => {
  test('a link from the app to a static page loads it; an unknown tutorial is not found', async ({
    page,
  }) => {
    await page.goto('/auth')
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.pricing)

    await page.goto('/tutorials/no-such-tutorial')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.notFound)
  })

  test('the documentation search lists the sections that match', async ({ page }) => {
    await page.goto('/documentation')
    await page.getByLabel(en.marketing.docs.searchLabel).fill('kubeconfig')
    const results = page.locator('[data-search-results] a')
    await expect(results.first()).toBeVisible()
    await page.getByLabel(en.marketing.docs.searchLabel).fill('zzzz-nothing')
    await expect(page.getByRole('status').filter({ hasText: 'zzzz-nothing' })).toBeVisible()
  })
})
