import type { ClusterDetail, Operation } from '#common/schemas/clusters.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterOperations } from '../../api/get-cluster-operations.ts'
import type { CatalogNames } from '../../catalog-names.ts'
import { canChange } from '../../cluster-status.ts'
import { formatDuration } from '../../durations.ts'
import { ScaleNodePoolDialog } from './scale-node-pool-dialog.tsx'
import { SectionCard } from './section-card.tsx'
import '#web/lib/strings/cluster-operations.ts'

const SCALE_KINDS: readonly Operation['kind'][] = ['scale', 'hibernate', 'wake']
const RECENT_SCALE_EVENTS = 8

const NODE_STATUS_VARIANTS = {
  ready: 'success',
  provisioning: 'outline',
  draining: 'warning',
  deleting: 'secondary',
} as const

/** Node pools (count, autoscaling, edit), the recent scale events, and every node. */
export function NodePoolsTab({ cluster, names }: { cluster: ClusterDetail; names: CatalogNames }) {
  const { t } = useTranslation()
  const locked = !canChange(cluster) || cluster.status !== 'running'
  return (
    <div className="grid grid-cols-1 gap-6">
      <SectionCard
        title={t('clusterOperations.pools.title')}
        description={locked ? t('clusterOperations.pools.lockedHint') : undefined}
        testId="node-pools"
      >
        <ul className="grid gap-3 md:grid-cols-2">
          {cluster.configuration.nodePools.map((pool) => {
            const nodes = cluster.nodes.filter((node) => node.poolName === pool.name)
            return (
              <li
                key={pool.name}
                className="grid content-start gap-3 rounded-lg border p-4"
                data-testid="node-pool"
                data-pool={pool.name}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid gap-0.5">
                    <h3 className="font-semibold break-all">{pool.name}</h3>
                    <p className="text-sm text-muted-foreground">{names.flavor(pool.flavorId)}</p>
                  </div>
                  <ScaleNodePoolDialog clusterId={cluster.id} pool={pool} disabled={locked} />
                </div>
                <dl className="grid grid-cols-3 gap-3 text-sm">
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t('clusterOperations.pools.nodeCount')}</dt>
                    <dd className="font-medium tabular-nums" data-testid="pool-node-count">
                      {pool.nodeCount}
                    </dd>
                  </div>
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t('clusterOperations.pools.running')}</dt>
                    <dd className="font-medium tabular-nums" data-testid="pool-ready-count">
                      {nodes.filter((node) => node.status === 'ready').length}
                    </dd>
                  </div>
                  <div className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t('clusterOperations.pools.autoscaling')}</dt>
                    <dd className="font-medium tabular-nums" data-testid="pool-autoscaling">
                      {pool.autoscaling.enabled
                        ? t('clusterOperations.pools.autoscalingRange', {
                            min: pool.autoscaling.min,
                            max: pool.autoscaling.max,
                          })
                        : t('clusterOperations.pools.autoscalingOff')}
                    </dd>
                  </div>
                </dl>
                {(Object.keys(pool.labels).length > 0 || pool.taints.length > 0) && (
                  <ul
                    aria-label={t('clusterOperations.pools.labelsAndTaints')}
                    className="flex flex-wrap gap-1.5"
                  >
                    {Object.entries(pool.labels).map(([key, value]) => (
                      <li key={`label-${key}`}>
                        <Badge variant="outline" className="font-mono font-normal">
                          {key}={value}
                        </Badge>
                      </li>
                    ))}
                    {pool.taints.map((taint) => (
                      <li key={`taint-${taint.key}-${taint.effect}`}>
                        <Badge variant="warning" className="font-mono font-normal">
                          {taint.key}={taint.value}:{taint.effect}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ul>
      </SectionCard>

      <ScaleEvents clusterId={cluster.id} />

      <SectionCard title={t('clusterOperations.nodes.title')} testId="nodes">
        {cluster.nodes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('clusterOperations.nodes.none')}</p>
        ) : (
          <div className="-mx-5 overflow-x-auto px-5">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">{t('clusterOperations.nodes.title')}</caption>
              <thead className="text-left text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('clusterOperations.nodes.name')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('clusterOperations.nodes.pool')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('clusterOperations.nodes.ip')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('clusterOperations.nodes.version')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('clusterOperations.nodes.status')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {cluster.nodes.map((node) => (
                  <tr key={node.name} data-testid="node-row" data-status={node.status}>
                    <td className="py-2 pr-3 font-mono text-[13px] break-all">{node.name}</td>
                    <td className="py-2 pr-3">{node.poolName}</td>
                    <td className="py-2 pr-3 font-mono text-[13px]">{node.internalIp}</td>
                    <td className="py-2 pr-3">{node.kubeletVersion}</td>
                    <td className="py-2">
                      <Badge variant={NODE_STATUS_VARIANTS[node.status]}>
                        {t(`clusterOperations.nodes.states.${node.status}`)}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SectionCard>
    </div>
  )
}

function ScaleEvents({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const operations = useClusterOperations(clusterId)
  let content: React.ReactNode
  if (operations.isPending) content = <Skeleton className="h-16" />
  else if (operations.isError)
    content = <LoadError title={t('clusterOperations.pools.eventsFailed')} query={operations} />
  else {
    const scaling = operations.data
      .filter((operation) => SCALE_KINDS.includes(operation.kind))
      .slice(0, RECENT_SCALE_EVENTS)
    content =
      scaling.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('clusterOperations.pools.noScaleEvents')}</p>
      ) : (
        <ol className="grid gap-2">
          {scaling.map((operation) => (
            <li
              key={operation.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border px-3 py-2 text-sm"
              data-testid="scale-event"
              data-status={operation.status}
            >
              <span className="font-medium">
                {t(`clusterOperations.operation.kinds.${operation.kind}`)}
                {operation.steps[0]?.message && (
                  <span className="font-normal text-muted-foreground"> — {operation.steps[0].message}</span>
                )}
              </span>
              <span className="text-muted-foreground">
                {t(`clusterOperations.operation.short.${operation.status}`)} ·{' '}
                <time dateTime={operation.createdAt}>{dates.dateTime(operation.createdAt)}</time>
                {operation.finishedAt && ` · ${formatDuration(operation.elapsedSeconds)}`}
              </span>
            </li>
          ))}
        </ol>
      )
  }
  return (
    <SectionCard title={t('clusterOperations.pools.scaleEvents')} testId="scale-events">
      {content}
    </SectionCard>
  )
}
