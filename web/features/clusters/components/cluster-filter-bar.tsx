import { X } from 'lucide-react'
import { useId } from 'react'
import { CLUSTER_SORTS } from '#common/schemas/sorts.ts'
import { CLUSTER_STATUSES } from '#common/schemas/statuses.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { CatalogForClusters } from '../catalog-names.ts'
import {
  type ClusterListFilters,
  hasActiveClusterFilters,
  NO_CLUSTER_FILTERS,
} from '../cluster-list-params.ts'
import '#web/lib/strings/clusters.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** Search, state, type and sort of the cluster list, with a way to clear them. */
export function ClusterFilterBar({
  filters,
  onChange,
  catalog,
}: {
  filters: ClusterListFilters
  onChange: (filters: ClusterListFilters) => void
  catalog: CatalogForClusters | undefined
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <search aria-label={t('clusters.list.filters')} className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_12rem_13rem]">
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            {t('clusters.list.search')}
          </label>
          <SearchInput
            id={`${id}-search`}
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            placeholder={t('clusters.list.searchPlaceholder')}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t('clusters.list.state')}
          </label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(event) =>
              onChange({ ...filters, status: (event.target.value || null) as ClusterListFilters['status'] })
            }
          >
            <option value="">{t('clusters.list.anyState')}</option>
            {CLUSTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`clusters.status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            {t('clusters.list.type')}
          </label>
          <NativeSelect
            id={`${id}-type`}
            value={filters.type ?? ''}
            onChange={(event) => onChange({ ...filters, type: event.target.value || null })}
          >
            <option value="">{t('clusters.list.anyType')}</option>
            {catalog?.clusterTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {clusterTypeName(t, type)}
              </option>
            ))}
            {filters.type && !catalog?.clusterTypes.some((type) => type.id === filters.type) && (
              <option value={filters.type}>{filters.type}</option>
            )}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            {t('clusters.list.sort')}
          </label>
          <NativeSelect
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(event) =>
              onChange({ ...filters, sort: event.target.value as ClusterListFilters['sort'] })
            }
          >
            {CLUSTER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`clusters.list.sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {hasActiveClusterFilters(filters) && (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...NO_CLUSTER_FILTERS, sort: filters.sort })}
          >
            <X aria-hidden="true" />
            {t('clusters.list.clearFilters')}
          </Button>
        </div>
      )}
    </search>
  )
}
