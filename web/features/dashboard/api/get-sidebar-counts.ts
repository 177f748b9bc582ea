import { queryOptions, useQuery } from '@tanstack/react-query'
import { SIDEBAR_COUNTS_REFETCH_MS, SIDEBAR_COUNTS_STALE_MS } from '#web/lib/constants.ts'

/** Spec §3: orders.total may come as a number or a string. */
export type SidebarCounts = { clusters: number; orders: { total: number | string } }

export const SIDEBAR_COUNTS_PATH = '/api/sidebar-counts'

/**
 * GET /api/sidebar-counts: refetched every 30 s, fresh for 5 s, and on each route change (see
 * use-navigation-invalidations). Only asked for while signed in.
 */
export const sidebarCountsQueryOptions = queryOptions<SidebarCounts>({
  queryKey: [SIDEBAR_COUNTS_PATH],
  refetchInterval: SIDEBAR_COUNTS_REFETCH_MS,
  staleTime: SIDEBAR_COUNTS_STALE_MS,
})

export function useSidebarCounts(options: { enabled: boolean }) {
  return useQuery({ ...sidebarCountsQueryOptions, enabled: options.enabled })
}
