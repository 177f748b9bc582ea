import { LANGUAGES } from '#common/language.ts'
import { PAGES } from '#web/lib/paths.ts'
import { pageUrl } from './seo.ts'

type ListedPage = { path: string; canonicalPath: string; language: string }

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * sitemap.xml: every static page once per language (aliases are left out: their canonical page is
 * listed), each with its hreflang alternates.
 */
export function sitemapXml(pages: ListedPage[], siteUrl: string): string {
  const paths = [
    ...new Set(pages.filter((page) => page.path === page.canonicalPath).map((page) => page.path)),
  ]
  const entries = paths.flatMap((pagePath) =>
    LANGUAGES.map((language) => {
      const alternates = LANGUAGES.map(
        (other) =>
          `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(pageUrl(siteUrl, pagePath, other))}"/>`,
      ).join('\n')
      return `  <url>\n    <loc>${escapeXml(pageUrl(siteUrl, pagePath, language))}</loc>\n${alternates}\n  </url>`
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
}

/** robots.txt: the marketing site is open; the signed-in area (from the route table) is not indexed. */
export function robotsTxt(siteUrl: string): string {
  const privatePaths = [
    ...new Set(
      PAGES.filter((page) => page.layout !== 'public').map((page) => `/${page.path.split('/')[1] ?? ''}`),
    ),
  ].sort()
  const base = siteUrl.replace(/\/+$/, '')
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((pagePath) => `Disallow: ${pagePath}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
