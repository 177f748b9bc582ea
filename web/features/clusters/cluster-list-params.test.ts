import { describe, expect, it } from 'vitest'
import {
  CLUSTER_PAGE_SIZE,
  clusterFiltersFromSearchParams,
  clusterListQuery,
  hasActiveClusterFilters,
  NO_CLUSTER_FILTERS,
  searchParamsWithClusterFilters,
} from './cluster-list-params.ts'

describe('cluster list filters in the URL', () => {
  it('reads the filters, ignoring values the API does not know', () => {
    expect(
      clusterFiltersFromSearchParams(new URLSearchParams('q=prod&status=running&type=blue&sort=name_asc')),
    ).toEqual({
      search: 'prod',
      status: 'running',
      type: 'blue',
      sort: 'name_asc',
    })
    expect(clusterFiltersFromSearchParams(new URLSearchParams('status=sleeping&sort=random'))).toEqual(
      NO_CLUSTER_FILTERS,
    )
  })

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = searchParamsWithClusterFilters(new URLSearchParams('tab=x&q=old'), {
      search: 'api',
      status: null,
      type: 'orange',
      sort: 'created_desc',
    })
    expect(params.toString()).toBe('tab=x&q=api&type=orange')
    const back = searchParamsWithClusterFilters(params, NO_CLUSTER_FILTERS)
    expect(back.toString()).toBe('tab=x')
  })

  it('builds the API query of one page, with the cursor of the next', () => {
    const filters = { search: ' web ', status: 'failed' as const, type: null, sort: 'cost_desc' as const }
    expect(clusterListQuery(filters)).toEqual({
      search: 'web',
      status: 'failed',
      sort: 'cost_desc',
      limit: CLUSTER_PAGE_SIZE,
    })
    expect(clusterListQuery(NO_CLUSTER_FILTERS, 'abc')).toEqual({
      sort: 'created_desc',
      limit: CLUSTER_PAGE_SIZE,
      cursor: 'abc',
    })
  })

  it('says whether anything narrows the list (the sort does not)', () => {
    expect(hasActiveClusterFilters({ ...NO_CLUSTER_FILTERS, sort: 'name_desc' })).toBe(false)
    expect(hasActiveClusterFilters({ ...NO_CLUSTER_FILTERS, search: '  ' })).toBe(false)
    expect(hasActiveClusterFilters({ ...NO_CLUSTER_FILTERS, type: 'red' })).toBe(true)
  })
})
