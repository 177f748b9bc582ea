import { queryOptions, useQuery } from '@tanstack/react-query'
import { legal } from '#common/contract/legal.ts'
import { publicSellerIdentitySchema } from '#common/schemas/legal.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'

/**
 * The operator's legal identity and contacts (the SELLER_* configuration), checked. Public and
 * the same for everyone (`cache-control: max-age=300`), so it comes from the GET cache: a visitor
 * who comes back to the page within 5 minutes asks no one.
 */
export const sellerIdentityQueryOptions = queryOptions({
  queryKey: apiKey(legal.seller),
  queryFn: async ({ signal }) =>
    publicSellerIdentitySchema.parse(await queryApi(legal.seller, undefined, { signal, useCache: true })),
  meta: readsOf(legal.seller),
})

export function useSellerIdentity() {
  return useQuery(sellerIdentityQueryOptions)
}
