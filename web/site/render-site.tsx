import { renderToStaticMarkup } from 'react-dom/server'
import type { Catalog } from '#common/schemas/catalog.ts'
import { catalogInLanguage } from '#web/lib/catalog-language.ts'
import { LANGUAGES, type Language } from '#web/lib/i18n.ts'
import { loadSiteContent } from './content/site-content.ts'
import { islandApi } from './island-api.ts'
import type { IslandData } from './islands/island-data.ts'
import { islandStrings } from './islands/island-strings.ts'
import { SiteChrome } from './site-chrome.tsx'
import { SiteDataProvider } from './site-context.tsx'
import { type SiteAssets, SiteDocument } from './site-document.tsx'
import { siteI18n } from './site-i18n.ts'
import { sitePages } from './site-pages.tsx'

export type { SiteAssets } from './site-document.tsx'

export type RenderedPage = { path: string; canonicalPath: string; language: Language; html: string }

/**
 * Renders every static page of the site in every language to a complete HTML document. Runs at
 * build time (scripts/build-site.ts) and in the development server.
 */
export function renderSite({
  catalog,
  assets,
  siteUrl,
  only,
}: {
  catalog: Catalog
  assets: SiteAssets
  siteUrl: string
  /** Render just this path (the development server renders one page per request). */
  only?: string
}): RenderedPage[] {
  const content = loadSiteContent()
  const api = islandApi()
  return LANGUAGES.flatMap((language) => {
    const i18n = siteI18n(language)
    const t = i18n.t.bind(i18n)
    const islandData: IslandData = { language, strings: islandStrings(t), api }
    // Each language's pages read the catalog in that language.
    const read = catalogInLanguage(catalog, language)
    return sitePages(t, language, read, content)
      .filter((page) => only === undefined || page.path === only)
      .map((page): RenderedPage => {
        const markup = renderToStaticMarkup(
          <SiteDocument
            meta={{
              title: page.title,
              description: page.description,
              canonicalPath: page.canonicalPath,
              language,
            }}
            siteUrl={siteUrl}
            assets={assets}
            islandData={islandData}
          >
            <SiteDataProvider value={{ language, path: page.path, catalog: read, content }}>
              <SiteChrome language={language} path={page.path}>
                {page.body}
              </SiteChrome>
            </SiteDataProvider>
          </SiteDocument>,
        )
        return {
          path: page.path,
          canonicalPath: page.canonicalPath,
          language,
          html: `<!DOCTYPE html>${markup}`,
        }
      })
  })
}
