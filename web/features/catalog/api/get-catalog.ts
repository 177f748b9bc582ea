import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Catalog, catalogSchema } from '#common/schemas/catalog.ts'
import { queryPath } from '#web/lib/api-client.ts'

export const CATALOG_PATH = '/api/catalog'

/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const CATALOG_STALE_MS = 5 * 60 * 1000

/** The whole catalog (cluster types, data centers, flavors, versions, add-ons, plans), checked. */
export const catalogQueryOptions = queryOptions({
  queryKey: [CATALOG_PATH],
  queryFn: async ({ signal }): Promise<Catalog> =>
    catalogSchema.parse(await queryPath<unknown>(CATALOG_PATH, 'throw', signal)),
  staleTime: CATALOG_STALE_MS,
})

export function useCatalog() {
  return useQuery(catalogQueryOptions)
}
