import { queryOptions, useQuery } from '@tanstack/react-query'
import { type PublicSellerIdentity, publicSellerIdentitySchema } from '#common/schemas/legal.ts'
import { queryPath } from '#web/lib/api-client.ts'

export const SELLER_IDENTITY_PATH = '/api/legal/seller'

/**
 * The operator's legal identity and contacts (the SELLER_* configuration), checked. Public and
 * the same for everyone (`cache-control: max-age=300`), so it comes from the GET cache: a visitor
 * who comes back to the page within 5 minutes asks no one.
 */
export const sellerIdentityQueryOptions = queryOptions({
  queryKey: [SELLER_IDENTITY_PATH],
  queryFn: async ({ signal }): Promise<PublicSellerIdentity> =>
    publicSellerIdentitySchema.parse(
      await queryPath<unknown>(SELLER_IDENTITY_PATH, 'throw', signal, { useCache: true }),
    ),
})

export function useSellerIdentity() {
  return useQuery(sellerIdentityQueryOptions)
}
