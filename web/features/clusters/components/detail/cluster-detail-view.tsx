import { useQueryClient } from '@tanstack/react-query'
import { Copy as CopyIcon, Network } from 'lucide-react'
import { lazy, Suspense, useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { BackLink } from '#web/components/layout/back-link.tsx'
import { usePageTitle } from '#web/components/layout/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadingBlock, Skeleton } from '#web/components/ui/skeleton.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import { useDrawnInSlices } from '#web/lib/drawn-in-slices.ts'
import { importWhenPageIsIdle, onDemand, startLoading } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCluster } from '../../api/get-cluster.ts'
import { type CatalogForClusters, type CatalogNames, useCatalogNames } from '../../catalog-names.ts'
import { isOperationActive } from '../../cluster-status.ts'
import { ClusterStatusBadge } from '../cluster-status-badge.tsx'
import { KubeconfigDownloadButton } from '../kubeconfig-download-button.tsx'
import { OverviewTab } from './overview-tab.tsx'

/**
 * The tabs after the overview load with their forms and dialogs (and the form library and the
 * validators they bring) once the screen has shown, or when one is opened first: the overview is
 * what the screen opens on.
 */
const LATER_TABS = {
  pools: () => import('./node-pools-tab.tsx'),
  settings: () => import('./settings-tab.tsx'),
  events: () => import('./events-tab.tsx'),
  yaml: () => import('./manifests-tab.tsx'),
}
const NodePoolsTab = lazy(() => LATER_TABS.pools().then((module) => ({ default: module.NodePoolsTab })))
const SettingsTab = lazy(() => LATER_TABS.settings().then((module) => ({ default: module.SettingsTab })))
const EventsTab = lazy(() => LATER_TABS.events().then((module) => ({ default: module.EventsTab })))
/**
 * The live progress of an operation and a failed cluster's retry load when the cluster is in one of
 * those states (the placeholder stays until they have come, so nothing moves), and otherwise once
 * the page is idle, ready for the change someone is about to make.
 */
const operationParts = onDemand(() => import('./operation-parts.tsx'))
type OperationParts = typeof import('./operation-parts.tsx')

/** A cluster that could not be loaded is rare: what says so loads when one is. */
const ClusterLoadError = lazy(() =>
  import('../cluster-load-error.tsx').then((module) => ({ default: module.ClusterLoadError })),
)

const ManifestsTab = lazy(() => LATER_TABS.yaml().then((module) => ({ default: module.ManifestsTab })))

import '#web/lib/strings/clusters.ts'

export const DETAIL_TABS = ['overview', 'pools', 'settings', 'events', 'yaml'] as const
type DetailTab = (typeof DETAIL_TABS)[number]

/**
 * /clusters/{id}: one cluster to operate. A running operation shows its live progress on top and
 * locks the other changes; a failed cluster shows why, with a retry. The tab is kept in the URL.
 * While the catalog is on its way (`catalogPending`) the placeholder stays: the names it gives the
 * cluster's type and data center would otherwise rewrap the header and move everything under it.
 */
export function ClusterDetailView({
  clusterId,
  catalog,
  catalogPending = false,
}: {
  clusterId: string
  catalog: CatalogForClusters | undefined
  catalogPending?: boolean
}) {
  const { t } = useTranslation()
  const cluster = useCluster(clusterId)
  const names = useCatalogNames(catalog)
  const parts = operationParts.useModule()
  const needsParts =
    cluster.isSuccess && (isOperationActive(cluster.data.operation) || cluster.data.status === 'failed')
  useEffect(() => {
    if (needsParts) startLoading(operationParts)
  }, [needsParts])

  const drawn = useDrawnInSlices(cluster.isSuccess && !catalogPending && (parts !== null || !needsParts))
  if (drawn && cluster.isSuccess)
    return <Loaded cluster={cluster.data} receivedAt={cluster.dataUpdatedAt} names={names} parts={parts} />
  return (
    <>
      {cluster.isPending || cluster.isSuccess ? (
        <DetailSkeleton label={t('clusters.loadingCluster')} />
      ) : (
        <Suspense fallback={<DetailSkeleton label={t('clusters.loadingCluster')} />}>
          <ClusterLoadError cluster={cluster} />
        </Suspense>
      )}
    </>
  )
}

function Loaded({
  cluster,
  receivedAt,
  names,
  parts,
}: {
  cluster: ClusterDetail
  receivedAt: number
  names: CatalogNames
  parts: OperationParts | null
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  useEffect(() => importWhenPageIsIdle(Object.values(LATER_TABS), queryClient), [queryClient])
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: DetailTab = (DETAIL_TABS as readonly string[]).includes(requested ?? '')
    ? (requested as DetailTab)
    : 'overview'
  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        if (next === 'overview') params.delete('tab')
        else params.set('tab', next)
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  usePageTitle(`${cluster.name} · ${t('pages.clusterDetail')}`)
  const active = isOperationActive(cluster.operation)
  const hasKubeconfig =
    Boolean(cluster.endpoint) && cluster.status !== 'deleted' && cluster.status !== 'deleting'

  return (
    <div
      className="grid grid-cols-1 gap-6"
      data-testid="cluster-detail"
      data-cluster-id={cluster.id}
      data-status={cluster.status}
    >
      <header className="grid gap-4">
        <BackLink to={href('myClusters')}>{t('clusters.detail.back')}</BackLink>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-all sm:text-3xl">
                {cluster.name}
              </h1>
              <ClusterStatusBadge status={cluster.status} className="text-sm" />
            </div>
            <p className="text-sm text-muted-foreground">
              {names.clusterType(cluster.clusterTypeId)} · {names.dataCenter(cluster.dataCenterCode)} ·
              Kubernetes {cluster.kubernetesPatch || cluster.kubernetesVersion}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {hasKubeconfig && <KubeconfigDownloadButton clusterId={cluster.id} clusterName={cluster.name} />}
            <Button asChild size="sm" variant="outline">
              <Link to={href('clusterTopology', { id: cluster.id })}>
                <Network aria-hidden="true" />
                {t('clusters.detail.topology')}
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={href('configureCluster', { from: cluster.id })} data-testid="duplicate-cluster">
                <CopyIcon aria-hidden="true" />
                {t('clusters.detail.duplicate')}
              </Link>
            </Button>
          </div>
        </div>
      </header>

      {active && cluster.operation && parts && (
        <section
          aria-label={t('clusters.detail.inProgress')}
          className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5"
          data-testid="active-operation"
        >
          <parts.OperationProgress operation={cluster.operation} receivedAt={receivedAt} compact />
          <p className="text-sm text-muted-foreground">{t('clusters.detail.lockedHint')}</p>
        </section>
      )}
      {cluster.status === 'failed' && parts && <parts.FailedCluster cluster={cluster} />}
      {cluster.status === 'deleted' && (
        <p
          className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground"
          data-testid="cluster-deleted"
        >
          {t('clusters.live.deleted')}{' '}
          <Link to={href('myClusters')} className="font-medium text-primary hover:underline">
            {t('clusters.live.backToList')}
          </Link>
        </p>
      )}

      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="h-auto justify-start overflow-x-auto sm:h-10">
          {DETAIL_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-none py-1.5 sm:flex-1">
              {t(`clusters.detail.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab cluster={cluster} names={names} />
        </TabsContent>
        <Suspense fallback={<LoadingBlock label={t('common.loading')} rows={4} className="mt-2" />}>
          <TabsContent value="pools">
            <NodePoolsTab cluster={cluster} names={names} />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab cluster={cluster} />
          </TabsContent>
          <TabsContent value="events">
            <EventsTab clusterId={cluster.id} />
          </TabsContent>
          <TabsContent value="yaml">
            <ManifestsTab clusterId={cluster.id} />
          </TabsContent>
        </Suspense>
      </Tabs>
    </div>
  )
}

function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6" data-testid="loading">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-4 w-32" />
      <div className="grid gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-10" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  )
}
