import { ArrowRight, CircleCheck, Network, RotateCcw, TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCluster } from '../api/get-cluster.ts'
import { useRetryCluster } from '../api/retry-cluster.ts'
import { isOperationActive } from '../cluster-status.ts'
import { ClusterLoadError } from './cluster-load-error.tsx'
import { ClusterStatusBadge } from './cluster-status-badge.tsx'
import { KubeconfigDownloadButton } from './kubeconfig-download-button.tsx'
import { OperationProgress } from './operation-progress.tsx'
import '#web/lib/strings/clusters.ts'

/**
 * A cluster's live state for the status pages: its current (or last) operation with progress and
 * steps, then what comes next — the links of a running cluster, or the reason and a retry for a
 * failed one.
 */
export function ClusterLiveStatus({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation()
  const cluster = useCluster(clusterId)

  if (cluster.isPending) return <LoadingBlock label={t('clusters.loadingCluster')} rows={4} />
  if (cluster.isError) return <ClusterLoadError cluster={cluster} />
  return <LiveStatusCard cluster={cluster.data} receivedAt={cluster.dataUpdatedAt} />
}

function LiveStatusCard({ cluster, receivedAt }: { cluster: ClusterDetail; receivedAt: number }) {
  const { t } = useTranslation()
  const active = isOperationActive(cluster.operation)
  return (
    <article
      aria-labelledby="live-cluster-name"
      className="grid gap-6 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      data-testid="cluster-live-status"
      data-cluster-id={cluster.id}
      data-status={cluster.status}
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{t('clusters.clusterLabel')}</p>
          <h2 id="live-cluster-name" className="text-xl font-semibold break-all">
            <Link to={href('clusterDetail', { id: cluster.id })} className="hover:underline">
              {cluster.name}
            </Link>
          </h2>
        </div>
        <ClusterStatusBadge status={cluster.status} className="text-sm" />
      </header>

      {cluster.operation && <OperationProgress operation={cluster.operation} receivedAt={receivedAt} />}

      {cluster.status === 'failed' && <FailedCluster cluster={cluster} />}
      {!active && cluster.status === 'running' && <RunningCluster cluster={cluster} />}
      {cluster.status === 'hibernated' && (
        <p className="text-sm text-muted-foreground">{t('clusters.live.hibernated')}</p>
      )}
      {cluster.status === 'deleted' && (
        <p className="text-sm text-muted-foreground">
          {t('clusters.live.deleted')}{' '}
          <Link to={href('myClusters')} className="font-medium text-primary hover:underline">
            {t('clusters.live.backToList')}
          </Link>
        </p>
      )}
    </article>
  )
}

function RunningCluster({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  return (
    <Alert variant="success" data-testid="cluster-ready">
      <CircleCheck aria-hidden="true" />
      <AlertTitle>{t('clusters.live.readyTitle', { name: cluster.name })}</AlertTitle>
      <AlertDescription className="gap-3">
        <span>{t('clusters.live.readyHint')}</span>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={href('clusterDetail', { id: cluster.id })}>
              {t('clusters.live.openCluster')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <KubeconfigDownloadButton clusterId={cluster.id} clusterName={cluster.name} variant="outline" />
          <Button asChild size="sm" variant="outline">
            <Link to={href('clusterTopology', { id: cluster.id })}>
              <Network aria-hidden="true" />
              {t('clusters.live.viewTopology')}
            </Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}

/** A failed cluster: the reason and a retry that resumes from the failed step. */
export function FailedCluster({
  cluster,
}: {
  cluster: Pick<ClusterDetail, 'id' | 'statusReason' | 'operation'>
}) {
  const { t } = useTranslation()
  const retry = useRetryCluster(cluster.id)
  const reason = cluster.statusReason ?? cluster.operation?.error ?? t('clusters.live.failedNoReason')
  return (
    <Alert variant="destructive" role="alert" data-testid="cluster-failed">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{t('clusters.live.failedTitle')}</AlertTitle>
      <AlertDescription className="gap-3">
        <span data-testid="cluster-failed-reason">{reason}</span>
        <div>
          <Button size="sm" onClick={() => retry.mutate(undefined)} disabled={retry.isPending}>
            <RotateCcw aria-hidden="true" />
            {retry.isPending ? t('clusters.live.retrying') : t('clusters.live.retry')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}
