import { createContext, useContext } from 'react'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { Language } from '#web/lib/i18n.ts'
import type { SiteContent } from './content/site-content.ts'

/** What every static page renders from: the page's language, the catalog and the written content. */
export type SiteData = {
  language: Language
  /** The path being rendered, e.g. /cluster-types/blue or an alias of it. */
  path: string
  catalog: Catalog
  content: SiteContent
}

const SiteDataContext = createContext<SiteData | null>(null)

export const SiteDataProvider = SiteDataContext.Provider

export function useSiteData(): SiteData {
  const value = useContext(SiteDataContext)
  if (!value) throw new Error('useSiteData needs a <SiteDataProvider> (static pages only)')
  return value
}
