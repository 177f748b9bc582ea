import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { useClusters } from '#web/features/clusters/api/get-clusters.ts'
import { NO_CLUSTER_FILTERS } from '#web/features/clusters/cluster-list-params.ts'
import { ConfigureClusterButton } from '#web/features/clusters/components/configure-cluster-button.tsx'
import { TopologyView } from '#web/features/clusters/components/topology-view.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useTheme } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

const CLUSTER_PARAM = 'cluster'

/** /cluster-topology: pick one of the organization's clusters, then explore its live graph. */
export default function ClusterTopologyPickerRoute() {
  const { t } = useTranslation()
  const id = useId()
  useClusterLiveUpdates()
  const [searchParams, setSearchParams] = useSearchParams()
  const clusters = useClusters(NO_CLUSTER_FILTERS)
  const catalog = useCatalog()
  const { resolvedTheme } = useTheme()
  const items = clusters.data?.pages.flatMap((page) => page.items) ?? []
  const chosen = searchParams.get(CLUSTER_PARAM) ?? ''
  const choose = (clusterId: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (clusterId) next.set(CLUSTER_PARAM, clusterId)
        else next.delete(CLUSTER_PARAM)
        return next
      },
      { replace: true, preventScrollReset: true },
    )

  let content: React.ReactNode
  if (clusters.isPending) content = <LoadingBlock label={t('clusters.list.loading')} rows={2} />
  else if (clusters.isError) content = <LoadError title={t('clusters.list.loadFailed')} query={clusters} />
  else if (items.length === 0)
    content = (
      <EmptyState
        testId="clusters-empty"
        title={t('clusters.list.emptyTitle')}
        hint={t('clusterOperations.topology.emptyHint')}
        action={<ConfigureClusterButton />}
      />
    )
  else
    content = (
      <div className="grid gap-6">
        <div className="grid max-w-sm gap-1.5">
          <label htmlFor={`${id}-cluster`} className="text-sm font-medium">
            {t('clusterOperations.topology.pick')}
          </label>
          <NativeSelect id={`${id}-cluster`} value={chosen} onChange={(event) => choose(event.target.value)}>
            <option value="">{t('clusterOperations.topology.pickPlaceholder')}</option>
            {items.map((cluster) => (
              <option key={cluster.id} value={cluster.id}>
                {cluster.name} · {t(`clusters.status.${cluster.status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {chosen ? (
          <TopologyView clusterId={chosen} catalog={catalog.data} colorMode={resolvedTheme} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('clusterOperations.topology.pickFirst')}</p>
        )}
      </div>
    )

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.clusterTopology')}</h1>
        <p className="text-muted-foreground">{t('clusterOperations.topology.lead')}</p>
      </header>
      {content}
    </div>
  )
}
