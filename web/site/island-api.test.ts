import { describe, expect, it } from 'vitest'
import { account } from '#common/contract/account.ts'
import { catalog } from '#common/contract/catalog.ts'
import { rates } from '#common/contract/rates.ts'
import { system } from '#common/contract/system.ts'
import { seedCatalog } from '../../scripts/site-catalog.ts'
import type { IslandData } from './islands/island-data.ts'
import { renderSite } from './render-site.tsx'

/** The JSON a built page gives its islands (#site-data). */
function siteDataOf(html: string): IslandData {
  const json = /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(html)?.[1]
  if (json === undefined) throw new Error('the page carries no site data')
  return JSON.parse(json) as IslandData
}

describe('the API paths a static page gives its islands', () => {
  const pages = renderSite({
    catalog: seedCatalog(),
    assets: { stylesheets: ['/assets/app.css'], islandScript: '/assets/site.js' },
    siteUrl: 'https://clusterdeck.eu',
    only: '/',
  })

  it('are the contract’s, in every language', () => {
    expect(pages.map((page) => page.language).sort()).toEqual(['en', 'fr'])
    for (const page of pages) {
      expect(siteDataOf(page.html).api).toEqual({
        user: account.get.path,
        versionSummary: system.versionSummary.path,
        clusterTiers: catalog.clusterTiers.path,
        rates: rates.get.path,
        userLanguage: account.setLanguage.path,
      })
    }
  })

  it('sit beside the page’s language and words', () => {
    const french = pages.find((page) => page.language === 'fr')
    const data = siteDataOf(french?.html ?? '')
    expect(data.language).toBe('fr')
    expect(data.strings.language.fr).toBe('Français')
  })
})
