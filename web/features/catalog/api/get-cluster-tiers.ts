import { queryOptions, useQuery } from '@tanstack/react-query'
import { catalog } from '#common/contract/catalog.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { FALLBACK_CLUSTER_TIERS } from '#web/lib/cluster-type-links.ts'
import { CLUSTER_TIERS_STALE_MS } from '#web/lib/constants.ts'

export type ClusterTier = { id: string; name: string }

/** The cluster types on sale, cached 30 minutes. */
export const clusterTiersQueryOptions = queryOptions({
  queryKey: apiKey(catalog.clusterTiers),
  queryFn: async ({ signal }) => tiersOf(await queryApi(catalog.clusterTiers, undefined, { signal })),
  meta: readsOf(catalog.clusterTiers),
  staleTime: CLUSTER_TIERS_STALE_MS,
})

/**
 * The tier list, or the footer's seven fixed entries while it loads, when it fails or when it is
 * empty.
 */
export function useClusterTiers(): { tiers: readonly ClusterTier[]; isFallback: boolean } {
  const query = useQuery(clusterTiersQueryOptions)
  const tiers = query.data ?? []
  return tiers.length > 0 ? { tiers, isFallback: false } : { tiers: FALLBACK_CLUSTER_TIERS, isFallback: true }
}

/** Keeps the well-formed entries of an answer; anything else counts as no list. */
function tiersOf(body: unknown): ClusterTier[] {
  if (!Array.isArray(body)) return []
  return body.filter(
    (tier): tier is ClusterTier =>
      typeof tier === 'object' &&
      tier !== null &&
      typeof tier.id === 'string' &&
      typeof tier.name === 'string',
  )
}
