import { queryOptions, useQuery } from '@tanstack/react-query'
import { catalog } from '#common/contract/catalog.ts'
import { catalogSchema } from '#common/schemas/catalog.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'

/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const CATALOG_STALE_MS = 5 * 60 * 1000

/**
 * The whole catalog (cluster types, data centers, flavors, versions, add-ons, plans), checked
 * against its schema: every screen that prices or places a cluster reads it.
 */
export const catalogQueryOptions = queryOptions({
  queryKey: apiKey(catalog.get),
  queryFn: async ({ signal }) => catalogSchema.parse(await queryApi(catalog.get, undefined, { signal })),
  meta: readsOf(catalog.get),
  staleTime: CATALOG_STALE_MS,
})

export function useCatalog() {
  return useQuery(catalogQueryOptions)
}
