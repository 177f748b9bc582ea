import type { z } from 'zod'
import type { clusterListQuerySchema } from '#common/schemas/clusters.ts'
import { CLUSTER_SORTS } from '#common/schemas/sorts.ts'
import { CLUSTER_STATUSES, type ClusterStatus } from '#common/schemas/statuses.ts'

/**
 * The /my-clusters filters: a search on the name, a state, a cluster type and the order. They live
 * in the page's query string (so a filtered list can be shared and survives a reload) and are sent
 * to GET /api/clusters as they are.
 */
export type ClusterSort = (typeof CLUSTER_SORTS)[number]

type ClusterListApiQuery = z.input<typeof clusterListQuerySchema>

export type ClusterListFilters = {
  search: string
  status: ClusterStatus | null
  type: string | null
  sort: ClusterSort
}

export const DEFAULT_CLUSTER_SORT: ClusterSort = 'created_desc'
export const NO_CLUSTER_FILTERS: ClusterListFilters = {
  search: '',
  status: null,
  type: null,
  sort: DEFAULT_CLUSTER_SORT,
}

/** How many clusters one page of the list asks for. */
export const CLUSTER_PAGE_SIZE = 20

const PARAMS = { search: 'q', status: 'status', type: 'type', sort: 'sort' } as const

export function clusterFiltersFromSearchParams(params: URLSearchParams): ClusterListFilters {
  const status = params.get(PARAMS.status)
  const sort = params.get(PARAMS.sort)
  const type = params.get(PARAMS.type)?.trim()
  return {
    search: params.get(PARAMS.search) ?? '',
    status: (CLUSTER_STATUSES as readonly string[]).includes(status ?? '') ? (status as ClusterStatus) : null,
    type: type ? type : null,
    sort: (CLUSTER_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ClusterSort)
      : DEFAULT_CLUSTER_SORT,
  }
}

/** The page's query string with the filters (defaults left out); other parameters are kept. */
export function searchParamsWithClusterFilters(
  current: URLSearchParams,
  filters: ClusterListFilters,
): URLSearchParams {
  const next = new URLSearchParams(current)
  setOrDelete(next, PARAMS.search, filters.search)
  setOrDelete(next, PARAMS.status, filters.status)
  setOrDelete(next, PARAMS.type, filters.type)
  setOrDelete(next, PARAMS.sort, filters.sort === DEFAULT_CLUSTER_SORT ? null : filters.sort)
  return next
}

/** The API's query for one page of the list (GET /api/clusters), blank filters left out. */
export function clusterListQuery(filters: ClusterListFilters, cursor?: string | null): ClusterListApiQuery {
  const search = filters.search.trim()
  return {
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    sort: filters.sort,
    limit: CLUSTER_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  }
}

export function hasActiveClusterFilters(filters: ClusterListFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== null || filters.type !== null
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null): void {
  if (value) params.set(name, value)
  else params.delete(name)
}
