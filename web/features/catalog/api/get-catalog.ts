import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { catalog } from '#common/contract/catalog.ts'
import { parseLanguage } from '#common/language.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { catalogInLanguage } from '#web/lib/catalog-language.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const CATALOG_STALE_MS = 5 * 60 * 1000

/**
 * The whole catalog (cluster types, data centers, flavors, versions, add-ons, plans): every screen
 * that prices or places a cluster reads it. Typed by its contract like every answer; the server
 * writes it through the same schema, so the browser does not parse it again (nor load zod for it
 * before the screen shows).
 */
export const catalogQueryOptions = queryOptions({
  queryKey: apiKey(catalog.get),
  queryFn: ({ signal }) => queryApi(catalog.get, undefined, { signal }),
  meta: readsOf(catalog.get),
  staleTime: CATALOG_STALE_MS,
})

/** The catalog as read in the interface's language (French texts over English, countries named). */
export function useCatalog() {
  const { i18n } = useTranslation()
  const language = parseLanguage(i18n.language) ?? 'en'
  const select = useCallback((read: Catalog) => catalogInLanguage(read, language), [language])
  return useQuery({ ...catalogQueryOptions, select })
}
