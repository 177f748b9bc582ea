import { Download, Server, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { ClusterSummary } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDebounced } from '#web/lib/use-debounced.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDownloadMergedKubeconfig } from '../api/download-merged-kubeconfig.ts'
import { useClusters } from '../api/get-clusters.ts'
import { type CatalogForClusters, type CatalogNames, useCatalogNames } from '../catalog-names.ts'
import {
  clusterFiltersFromSearchParams,
  hasActiveClusterFilters,
  NO_CLUSTER_FILTERS,
  searchParamsWithClusterFilters,
} from '../cluster-list-params.ts'
import { ClusterFilterBar } from './cluster-filter-bar.tsx'
import { ClusterStatusBadge } from './cluster-status-badge.tsx'
import { ConfigureClusterButton } from './configure-cluster-button.tsx'
import { KubeconfigDialog } from './kubeconfig-dialog.tsx'
import '#web/lib/strings/clusters.ts'

/** Typing in the search box asks the server once the person pauses this long. */
const SEARCH_DEBOUNCE_MS = 300
/** The merged kubeconfig takes at most this many clusters (the API's limit). */
const MAX_MERGED = 50

/**
 * /my-clusters: the organization's clusters with search, state and type filters and a sort, all
 * kept in the URL; status, node count and monthly price; a selection for one merged kubeconfig;
 * more pages on demand.
 */
export function ClusterList({ catalog }: { catalog: CatalogForClusters | undefined }) {
  const { t } = useTranslation()
  const [filters, setFilters] = useSearchParamFilters(
    clusterFiltersFromSearchParams,
    searchParamsWithClusterFilters,
  )
  const searched = useDebounced(filters.search, SEARCH_DEBOUNCE_MS)
  const queryFilters = useMemo(() => ({ ...filters, search: searched.trim() }), [filters, searched])
  const clusters = useClusters(queryFilters)
  const names = useCatalogNames(catalog)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const merged = useDownloadMergedKubeconfig()

  const items = clusters.data?.pages.flatMap((page) => page.items) ?? []
  const shownIds = new Set(items.map((cluster) => cluster.id))
  const selectedShown = [...selected].filter((id) => shownIds.has(id))
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  let content: React.ReactNode
  if (clusters.isPending) content = <ListSkeleton label={t('clusters.list.loading')} />
  else if (clusters.isError) content = <LoadError title={t('clusters.list.loadFailed')} query={clusters} />
  else if (items.length === 0)
    content = hasActiveClusterFilters(queryFilters) ? (
      <div
        className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6"
        data-testid="clusters-no-match"
      >
        <p>{t('clusters.list.noMatch')}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setFilters({ ...NO_CLUSTER_FILTERS, sort: filters.sort })}
        >
          <X aria-hidden="true" />
          {t('clusters.list.clearFilters')}
        </Button>
      </div>
    ) : (
      <EmptyClusters />
    )
  else
    content = (
      <div className="grid gap-4">
        <ul aria-label={t('clusters.list.label')} className="grid gap-3" aria-busy={clusters.isFetching}>
          {items.map((cluster) => (
            <ClusterRow
              key={cluster.id}
              cluster={cluster}
              names={names}
              selected={selected.has(cluster.id)}
              onSelect={(on) => toggle(cluster.id, on)}
            />
          ))}
        </ul>
        {clusters.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="outline"
              onClick={() => void clusters.fetchNextPage()}
              disabled={clusters.isFetchingNextPage}
            >
              {clusters.isFetchingNextPage ? t('clusters.list.loadingMore') : t('clusters.list.loadMore')}
            </Button>
          </div>
        )}
      </div>
    )

  return (
    <div className="grid grid-cols-1 gap-6">
      <ClusterFilterBar filters={filters} onChange={setFilters} catalog={catalog} />
      {selectedShown.length > 0 && (
        <div
          className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card/95 p-3 shadow-sm backdrop-blur"
          data-testid="cluster-selection"
        >
          <p className="text-sm font-medium" role="status">
            {t('clusters.list.selected', { count: selectedShown.length })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
              {t('clusters.list.clearSelection')}
            </Button>
            <KubeconfigDialog
              trigger={
                <Button size="sm" disabled={merged.isPending} data-testid="merged-kubeconfig">
                  <Download aria-hidden="true" />
                  {merged.isPending
                    ? t('clusters.list.preparingKubeconfig')
                    : t('clusters.list.mergedKubeconfig')}
                </Button>
              }
              title={t('clusters.kubeconfig.mergedTitle', {
                count: Math.min(selectedShown.length, MAX_MERGED),
              })}
              pending={merged.isPending}
              testId="merged-kubeconfig"
              onDownload={(lifetime, { done, failed }) =>
                merged.mutate(
                  { clusterIds: selectedShown.slice(0, MAX_MERGED), lifetime },
                  { onSuccess: done, onError: failed },
                )
              }
            />
          </div>
        </div>
      )}
      {content}
    </div>
  )
}

function ClusterRow({
  cluster,
  names,
  selected,
  onSelect,
}: {
  cluster: ClusterSummary
  names: CatalogNames
  selected: boolean
  onSelect: (selected: boolean) => void
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const titleId = `cluster-${cluster.id}`
  const selectable = cluster.status !== 'deleted' && cluster.status !== 'pending'
  return (
    <li
      aria-labelledby={titleId}
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
      data-testid="cluster-row"
      data-cluster-id={cluster.id}
      data-name={cluster.name}
      data-status={cluster.status}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 accent-primary"
        checked={selected}
        disabled={!selectable}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('clusters.list.select', { name: cluster.name })}
      />
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="min-w-0 font-semibold break-all">
            <Link to={href('clusterDetail', { id: cluster.id })} className="hover:underline">
              {cluster.name}
            </Link>
          </h2>
          <ClusterStatusBadge status={cluster.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {names.clusterType(cluster.clusterTypeId)} · {names.dataCenter(cluster.dataCenterCode)} · Kubernetes{' '}
          {cluster.kubernetesVersion}
        </p>
        {cluster.status === 'failed' && cluster.statusReason && (
          <p className="text-sm text-destructive">{cluster.statusReason}</p>
        )}
      </div>
      <dl className="col-start-2 flex gap-6 text-sm sm:col-start-3 sm:row-start-1 sm:text-right">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('clusters.list.nodes')}</dt>
          <dd className="font-medium tabular-nums" data-testid="cluster-node-count">
            {cluster.nodeCount}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('clusters.list.monthly')}</dt>
          <dd className="font-medium tabular-nums" data-testid="cluster-monthly-price">
            {money.cents(cluster.monthlyPriceCents)}
          </dd>
        </div>
      </dl>
    </li>
  )
}

function EmptyClusters() {
  const { t } = useTranslation()
  return (
    <div
      className="grid justify-items-center gap-3 rounded-xl border border-dashed p-10 text-center"
      data-testid="clusters-empty"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Server className="size-6" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{t('clusters.list.emptyTitle')}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t('clusters.list.emptyHint')}</p>
      <ConfigureClusterButton />
    </div>
  )
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3" data-testid="loading">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="size-4" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
    </div>
  )
}
