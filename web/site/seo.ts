import type { Language } from '#web/lib/i18n.ts'

/** Where the site lives: canonical, hreflang and Open Graph URLs are absolute (SITE_URL at build). */
export const DEFAULT_SITE_URL = 'https://clusterdeck.eu'

export type PageMeta = {
  title: string
  description: string
  /** The page's own path; alias paths name the page they duplicate. */
  canonicalPath: string
  language: Language
}

export type HeadTag =
  | { tag: 'meta'; name?: string; property?: string; content: string }
  | { tag: 'link'; rel: string; href: string; hreflang?: string }

/** The address of a page in a language: English at the path, French with ?lang=fr. */
export function pageUrl(siteUrl: string, path: string, language: Language): string {
  const base = siteUrl.replace(/\/+$/, '')
  return language === 'fr' ? `${base}${path}?lang=fr` : `${base}${path}`
}

const OG_LOCALES: Record<Language, string> = { en: 'en_GB', fr: 'fr_FR' }

/** The description, canonical URL, hreflang alternates and Open Graph tags of a page. */
export function headTagsOf(meta: PageMeta, siteUrl: string): HeadTag[] {
  const canonical = pageUrl(siteUrl, meta.canonicalPath, meta.language)
  const other: Language = meta.language === 'en' ? 'fr' : 'en'
  return [
    { tag: 'meta', name: 'description', content: meta.description },
    { tag: 'link', rel: 'canonical', href: canonical },
    { tag: 'link', rel: 'alternate', hreflang: 'en', href: pageUrl(siteUrl, meta.canonicalPath, 'en') },
    { tag: 'link', rel: 'alternate', hreflang: 'fr', href: pageUrl(siteUrl, meta.canonicalPath, 'fr') },
    {
      tag: 'link',
      rel: 'alternate',
      hreflang: 'x-default',
      href: pageUrl(siteUrl, meta.canonicalPath, 'en'),
    },
    { tag: 'meta', property: 'og:type', content: 'website' },
    { tag: 'meta', property: 'og:site_name', content: 'Clusterdeck' },
    { tag: 'meta', property: 'og:title', content: meta.title },
    { tag: 'meta', property: 'og:description', content: meta.description },
    { tag: 'meta', property: 'og:url', content: canonical },
    { tag: 'meta', property: 'og:locale', content: OG_LOCALES[meta.language] },
    { tag: 'meta', property: 'og:locale:alternate', content: OG_LOCALES[other] },
    { tag: 'meta', name: 'twitter:card', content: 'summary' },
  ]
}

/** The full <title>: the page's name, then the product. */
export function documentTitle(title: string): string {
  return title === 'Clusterdeck' ? title : `${title} · Clusterdeck`
}
