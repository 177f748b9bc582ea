import { List, Network, X } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { ClusterStatus, NodeStatus } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useMediaQuery } from '#web/lib/use-media-query.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCluster } from '../api/get-cluster.ts'
import { type CatalogForClusters, useCatalogNames } from '../catalog-names.ts'
import { buildTopology, type TopologyFactKey, type TopologyItem } from '../topology.ts'
import { ClusterLoadError } from './cluster-load-error.tsx'
import { ClusterStatusBadge } from './cluster-status-badge.tsx'
import { STATE_STYLES, TopologyLegend } from './topology-legend.tsx'
import { TopologyList } from './topology-list.tsx'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

// React Flow is only downloaded by the topology screens, when the graph is first drawn.
const TopologyGraph = lazy(() => import('./topology-graph.tsx'))

/**
 * A cluster's topology: the live graph (control plane → node pools → nodes, and add-ons) with its
 * legend and a details panel for the selected element. Colours follow the live states.
 */
export function TopologyView({
  clusterId,
  catalog,
  colorMode,
}: {
  clusterId: string
  catalog: CatalogForClusters | undefined
  colorMode: 'light' | 'dark'
}) {
  const { t } = useTranslation()
  const cluster = useCluster(clusterId)
  const names = useCatalogNames(catalog)
  const topology = useMemo(
    () => (cluster.data ? buildTopology(cluster.data, names) : null),
    [cluster.data, names],
  )
  const [selectedId, setSelectedId] = useState<string | null>(null)
  // A phone reads the list; a wider screen the graph. Either can be chosen.
  const narrow = useMediaQuery(NARROW_SCREEN)
  const [chosenView, setChosenView] = useState<TopologyViewKind | null>(null)
  const view = chosenView ?? (narrow ? 'list' : 'graph')

  if (cluster.isPending) return <GraphSkeleton label={t('clusterOperations.topology.loading')} />
  if (cluster.isError) return <ClusterLoadError cluster={cluster} />
  if (!topology) return null
  const selected = topology.items.find((item) => item.id === selectedId) ?? null
  const counts = {
    pools: topology.items.filter((item) => item.kind === 'pool').length,
    nodes: topology.items.filter((item) => item.kind === 'node').length,
    addOns: topology.items.filter((item) => item.kind === 'addOn').length,
  }

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="topology" data-cluster-id={cluster.data.id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold break-all">
            <Link to={href('clusterDetail', { id: cluster.data.id })} className="hover:underline">
              {cluster.data.name}
            </Link>
          </h2>
          <ClusterStatusBadge status={cluster.data.status} />
        </div>
        <p className="text-sm text-muted-foreground" data-testid="topology-summary">
          {t('clusterOperations.topology.summary', counts)}
        </p>
      </div>
      <TopologyLegend />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {view === 'graph' && (
          <p className="text-sm text-muted-foreground">{t('clusterOperations.topology.help')}</p>
        )}
        <ViewSwitch view={view} onChange={setChosenView} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {view === 'list' ? (
          <TopologyList
            topology={topology}
            name={cluster.data.name}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        ) : (
          <section
            className="h-[26rem] overflow-hidden rounded-xl border bg-card sm:h-[34rem]"
            aria-label={t('clusterOperations.topology.graphLabel', { name: cluster.data.name })}
          >
            <Suspense fallback={<GraphSkeleton label={t('clusterOperations.topology.loading')} bare />}>
              <TopologyGraph
                topology={topology}
                colorMode={colorMode}
                selectedId={selectedId}
                onSelect={setSelectedId}
              />
            </Suspense>
          </section>
        )}
        <DetailsPanel item={selected} onClose={() => setSelectedId(null)} />
      </div>
    </div>
  )
}

type TopologyViewKind = 'graph' | 'list'

/** Graph or list: two buttons, the shown one pressed. */
function ViewSwitch({
  view,
  onChange,
}: {
  view: TopologyViewKind
  onChange: (view: TopologyViewKind) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="inline-flex rounded-lg border p-0.5">
      <legend className="sr-only">{t('clusterOperations.topology.view')}</legend>
      {(['graph', 'list'] as const).map((kind) => (
        <Button
          key={kind}
          type="button"
          variant={view === kind ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={view === kind}
          onClick={() => onChange(kind)}
        >
          {kind === 'graph' ? <Network aria-hidden="true" /> : <List aria-hidden="true" />}
          {t(`clusterOperations.topology.views.${kind}`)}
        </Button>
      ))}
    </fieldset>
  )
}

/** A phone's width: below Tailwind's `sm`. */
const NARROW_SCREEN = '(max-width: 639px)'

function DetailsPanel({ item, onClose }: { item: TopologyItem | null; onClose: () => void }) {
  const { t } = useTranslation()
  if (!item)
    return (
      <aside
        className="grid content-start gap-2 rounded-xl border border-dashed p-4 text-sm text-muted-foreground"
        aria-label={t('clusterOperations.topology.details')}
      >
        {t('clusterOperations.topology.pickHint')}
      </aside>
    )
  const value = (key: TopologyFactKey, raw: string) => {
    if (key === 'status')
      return item.kind === 'node'
        ? t(`clusterOperations.nodes.states.${raw as NodeStatus}`)
        : t(`clusters.status.${raw as ClusterStatus}`)
    if (key === 'autoscaling' && raw === 'off') return t('clusterOperations.pools.autoscalingOff')
    return raw
  }
  return (
    <aside
      className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-label={t('clusterOperations.topology.details')}
      aria-live="polite"
      data-testid="topology-details"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-xs text-muted-foreground uppercase">
            {t(`clusterOperations.topology.kinds.${item.kind}`)}
          </p>
          <h3 className="font-semibold break-all">{item.label}</h3>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onClose}
          aria-label={t('clusterOperations.topology.closeDetails')}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <p className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${STATE_STYLES[item.state].dot}`} />
        {t(`clusterOperations.topology.states.${item.state}`)}
      </p>
      <dl className="grid gap-2 text-sm">
        {item.facts.map(([key, raw]) => (
          <div key={key} className="grid gap-0.5">
            <dt className="text-muted-foreground">{t(`clusterOperations.topology.facts.${key}`)}</dt>
            <dd className="font-medium break-all">{value(key, raw)}</dd>
          </div>
        ))}
      </dl>
    </aside>
  )
}

function GraphSkeleton({ label, bare = false }: { label: string; bare?: boolean }) {
  return (
    <div role="status" aria-label={label} className="grid h-full gap-4" data-testid="loading">
      <span className="sr-only">{label}</span>
      {!bare && <Skeleton className="h-6 w-48" />}
      <Skeleton className={bare ? 'h-full rounded-none' : 'h-[26rem] sm:h-[34rem]'} />
    </div>
  )
}
