import { ArrowUpCircle, KeyRound } from 'lucide-react'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useRotateCredentials } from '../../api/rotate-credentials.ts'
import { useUpgradeCluster } from '../../api/upgrade-cluster.ts'
import type { CatalogNames } from '../../catalog-names.ts'
import { canChange } from '../../cluster-status.ts'
import { KubeconfigDownloadButton } from '../kubeconfig-download-button.tsx'
import { DetailItem, SectionCard } from './section-card.tsx'
import '#web/lib/strings/clusters.ts'

/** Overview: the cluster's facts and cost, its Kubernetes version, access and add-ons. */
export function OverviewTab({ cluster, names }: { cluster: ClusterDetail; names: CatalogNames }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <FactsSection cluster={cluster} names={names} />
      <PriceSection cluster={cluster} />
      <VersionSection cluster={cluster} />
      <AccessSection cluster={cluster} />
      <AddOnsSection cluster={cluster} names={names} />
    </div>
  )
}

function FactsSection({ cluster, names }: { cluster: ClusterDetail; names: CatalogNames }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const money = useMoney()
  return (
    <SectionCard title={t('clusters.detail.overview.title')} testId="cluster-overview">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailItem label={t('clusters.detail.overview.status')} testId="overview-status">
          {t(`clusters.status.${cluster.status}`)}
        </DetailItem>
        <DetailItem label={t('clusters.detail.overview.type')}>
          {names.clusterType(cluster.clusterTypeId)}
        </DetailItem>
        <DetailItem label={t('clusters.detail.overview.dataCenter')}>
          {names.dataCenter(cluster.dataCenterCode)}
        </DetailItem>
        <DetailItem label={t('clusters.detail.overview.version')} testId="overview-version">
          {cluster.kubernetesPatch || cluster.kubernetesVersion}
        </DetailItem>
        <DetailItem label={t('clusters.detail.overview.nodes')}>{cluster.nodeCount}</DetailItem>
        <DetailItem label={t('clusters.detail.overview.created')}>
          <time dateTime={cluster.createdAt}>{dates.dateTime(cluster.createdAt)}</time>
        </DetailItem>
        <DetailItem label={t('clusters.detail.overview.costThisMonth')} testId="cost-this-month">
          {money.cents(cluster.costThisMonthCents)}
        </DetailItem>
      </dl>
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">{t('clusters.detail.overview.endpoint')}</p>
        {cluster.endpoint ? (
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 rounded bg-muted px-2 py-1 font-mono text-[13px] break-all"
              data-testid="cluster-endpoint"
            >
              {cluster.endpoint}
            </code>
            <CopyButton text={cluster.endpoint} label={t('clusters.copy')} />
          </div>
        ) : (
          <p className="text-sm">{t('clusters.detail.overview.noEndpoint')}</p>
        )}
      </div>
    </SectionCard>
  )
}

function PriceSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const money = useMoney()
  const monthly = cluster.price.monthly
  return (
    <SectionCard
      title={t('clusters.detail.price.title')}
      description={t('clusters.detail.price.hourly', {
        price: money.millicents(cluster.price.hourlyMillicents),
      })}
      testId="price-breakdown"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{t('clusters.detail.price.title')}</caption>
        <tbody className="divide-y">
          <tr>
            <th scope="row" className="py-2 text-left font-normal">
              {t('clusters.detail.price.controlPlane')}
            </th>
            <td className="py-2 text-right tabular-nums">{money.cents(monthly.clusterTypeCents)}</td>
          </tr>
          {monthly.nodePools.map((pool) => (
            <tr key={pool.name}>
              <th scope="row" className="py-2 text-left font-normal">
                {t('clusters.detail.price.pool', { name: pool.name })}
              </th>
              <td className="py-2 text-right tabular-nums">{money.cents(pool.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-2 text-left font-normal">
              {t('clusters.detail.price.addOns')}
            </th>
            <td className="py-2 text-right tabular-nums">{money.cents(monthly.addOnsCents)}</td>
          </tr>
          {cluster.price.promoCode && (
            <tr>
              <th scope="row" className="py-2 text-left font-normal">
                {t('clusters.detail.price.promotion', { code: cluster.price.promoCode })}
              </th>
              <td className="py-2 text-right tabular-nums">{money.cents(-cluster.price.discountCents)}</td>
            </tr>
          )}
          <tr className="font-semibold">
            <th scope="row" className="py-2 text-left">
              {t('clusters.detail.price.total')}
            </th>
            <td className="py-2 text-right tabular-nums" data-testid="monthly-total">
              {money.cents(cluster.price.totalCents)}
            </td>
          </tr>
        </tbody>
      </table>
      {cluster.status === 'hibernated' && (
        <p className="text-sm text-muted-foreground">{t('clusters.detail.price.paused')}</p>
      )}
    </SectionCard>
  )
}

function VersionSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const upgrade = useUpgradeCluster(cluster.id)
  const target = cluster.upgradeTo
  const locked = !canChange(cluster) || cluster.status !== 'running'
  return (
    <SectionCard
      title={t('clusters.detail.version.title')}
      description={t('clusters.detail.version.current', {
        version: cluster.kubernetesPatch || cluster.kubernetesVersion,
      })}
      testId="version-section"
    >
      {target ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">{t('clusters.detail.version.available', { version: target })}</p>
          <ConfirmDialog
            testId="upgrade-dialog"
            trigger={
              <Button size="sm" disabled={locked} data-testid="upgrade-button">
                <ArrowUpCircle aria-hidden="true" />
                {t('clusters.detail.version.upgrade', { version: target })}
              </Button>
            }
            title={t('clusters.detail.version.confirmTitle', { name: cluster.name, version: target })}
            description={<p>{t('clusters.detail.version.confirmText', { version: target })}</p>}
            confirmLabel={t('clusters.detail.version.confirm', { version: target })}
            pendingLabel={t('clusters.detail.version.pending')}
            cancelLabel={t('clusters.dialog.cancel')}
            closeLabel={t('clusters.dialog.close')}
            pending={upgrade.isPending}
            onConfirm={(done) => upgrade.mutate(target, { onSuccess: done })}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="version-up-to-date">
          {t('clusters.detail.version.upToDate')}
        </p>
      )}
    </SectionCard>
  )
}

function AccessSection({ cluster }: { cluster: ClusterDetail }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const rotate = useRotateCredentials(cluster.id)
  const available = Boolean(cluster.endpoint) && cluster.status !== 'deleted' && cluster.status !== 'deleting'
  return (
    <SectionCard
      title={t('clusters.kubeconfig.title')}
      description={t('clusters.kubeconfig.hint')}
      testId="access-section"
    >
      <div className="flex flex-wrap gap-2">
        {available ? (
          <KubeconfigDownloadButton
            clusterId={cluster.id}
            clusterName={cluster.name}
            variant="outline"
            testId="kubeconfig-link"
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t('clusters.kubeconfig.notYet')}</p>
        )}
        <ConfirmDialog
          testId="rotate-dialog"
          destructive
          trigger={
            <Button
              size="sm"
              variant="outline"
              disabled={!available || rotate.isPending}
              data-testid="rotate-credentials"
            >
              <KeyRound aria-hidden="true" />
              {t('clusters.kubeconfig.rotate')}
            </Button>
          }
          title={t('clusters.kubeconfig.rotateTitle', { name: cluster.name })}
          description={
            <>
              <p>{t('clusters.kubeconfig.rotateText')}</p>
              <p className="font-medium text-foreground">{t('clusters.kubeconfig.rotateWarning')}</p>
            </>
          }
          confirmLabel={t('clusters.kubeconfig.rotateConfirm')}
          pendingLabel={t('clusters.kubeconfig.rotatePending')}
          cancelLabel={t('clusters.dialog.cancel')}
          closeLabel={t('clusters.dialog.close')}
          pending={rotate.isPending}
          onConfirm={(done) => rotate.mutate(undefined, { onSuccess: done })}
        />
      </div>
      {cluster.credentialsRotatedAt && (
        <p className="text-sm text-muted-foreground" data-testid="credentials-rotated-at">
          {t('clusters.kubeconfig.rotatedAt', {
            date: dates.dateTime(cluster.credentialsRotatedAt),
          })}
        </p>
      )}
    </SectionCard>
  )
}

function AddOnsSection({ cluster, names }: { cluster: ClusterDetail; names: CatalogNames }) {
  const { t } = useTranslation()
  const addOnIds = cluster.configuration.addOnIds
  return (
    <SectionCard title={t('clusters.detail.addOns.title')} testId="add-ons-section">
      {addOnIds.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('clusters.detail.addOns.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {addOnIds.map((id) => (
            <li key={id} className="rounded-full border px-3 py-1 text-sm">
              {names.addOn(id)}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
