import type { ReactNode } from 'react'
import { THEME_BOOT_SCRIPT } from '#common/theme-script.ts'
import { documentTitle, type HeadTag, headTagsOf, type PageMeta } from './seo.ts'

/** The built files a static page links: the app's stylesheet(s) and the islands' script. */
export type SiteAssets = { stylesheets: string[]; islandScript: string }

/** A whole static page: head with its SEO tags, the island script, then the body. */
export function SiteDocument({
  meta,
  siteUrl,
  assets,
  islandData,
  children,
}: {
  meta: PageMeta
  siteUrl: string
  assets: SiteAssets
  /** Strings and settings the islands read (JSON, not executed). */
  islandData: Record<string, unknown>
  children: ReactNode
}) {
  return (
    <html lang={meta.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{documentTitle(meta.title)}</title>
        {headTagsOf(meta, siteUrl).map(renderHeadTag)}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script type="module" src={assets.islandScript} />
      </head>
      <body>
        {children}
        <script
          type="application/json"
          id="site-data"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(islandData).replace(/</g, '\\u003c') }}
        />
      </body>
    </html>
  )
}

function renderHeadTag(tag: HeadTag) {
  if (tag.tag === 'link') {
    return (
      <link key={`${tag.rel}:${tag.hreflang ?? ''}`} rel={tag.rel} href={tag.href} hrefLang={tag.hreflang} />
    )
  }
  return <meta key={tag.name ?? tag.property} name={tag.name} property={tag.property} content={tag.content} />
}
