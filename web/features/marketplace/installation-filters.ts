import { INSTALLATION_SORTS } from '#common/schemas/sorts.ts'
import { INSTALLATION_STATUSES, type InstallationStatus } from '#common/schemas/statuses.ts'

/** The installation lists' filters in the address: `?status=`, `?cluster=` and `?sort=`. */
export type InstallationFilters = {
  status: InstallationStatus | null
  clusterId: string | null
  sort: (typeof INSTALLATION_SORTS)[number]
}

export function installationFiltersFrom(searchParams: URLSearchParams): InstallationFilters {
  const status = searchParams.get('status')
  const sort = searchParams.get('sort')
  return {
    status: (INSTALLATION_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as InstallationStatus)
      : null,
    clusterId: searchParams.get('cluster') || null,
    sort: (INSTALLATION_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as InstallationFilters['sort'])
      : 'newest',
  }
}

export function searchParamsWithInstallationFilters(
  current: URLSearchParams,
  filters: InstallationFilters,
): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  set('status', filters.status)
  set('cluster', filters.clusterId)
  set('sort', filters.sort === 'newest' ? null : filters.sort)
  return next
}
