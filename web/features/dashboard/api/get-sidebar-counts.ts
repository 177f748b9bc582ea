import { queryOptions, useQuery } from '@tanstack/react-query'
import { dashboard } from '#common/contract/dashboard.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { SIDEBAR_COUNTS_REFETCH_MS, SIDEBAR_COUNTS_STALE_MS } from '#web/lib/constants.ts'

/** The orders' total may come as a number or a string. */
export type SidebarCounts = { clusters: number; orders: { total: number | string } }

/**
 * The sidebar's counts: refetched every 30 s, fresh for 5 s, and on each route change (see
 * use-navigation-invalidations). Only asked for while signed in.
 */
export const sidebarCountsQueryOptions = queryOptions({
  ...apiQuery(dashboard.sidebarCounts),
  refetchInterval: SIDEBAR_COUNTS_REFETCH_MS,
  staleTime: SIDEBAR_COUNTS_STALE_MS,
})

export function useSidebarCounts(options: { enabled: boolean }) {
  return useQuery({ ...sidebarCountsQueryOptions, enabled: options.enabled })
}
