import { ArrowUpCircle } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallations } from '../api/installations.ts'
import { useInstallationLiveUpdates } from '../hooks/use-installation-live-updates.ts'
import { InstallationStatusBadge } from './installation-status-badge.tsx'
import '#web/lib/strings/installations.ts'

/** The products installed on one cluster, for its detail page. */
export function ClusterInstallations({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation()
  const money = useMoney()
  useInstallationLiveUpdates()
  const installations = useInstallations({ clusterId, sort: 'product' })
  const live = installations.data?.filter((installation) => installation.status !== 'uninstalled') ?? []
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      aria-labelledby="cluster-installations"
      data-testid="cluster-installations"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="cluster-installations" className="font-semibold">
          {t('installations.onCluster.title')}
        </h2>
        <Link
          to={href('marketplace')}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('installations.onCluster.browse')}
        </Link>
      </div>
      {installations.isPending ? (
        <LoadingBlock label={t('installations.list.loading')} rows={2} />
      ) : installations.isError ? (
        <LoadError title={t('installations.list.failed')} query={installations} />
      ) : live.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('installations.onCluster.empty')}</p>
      ) : (
        <ul className="divide-y">
          {live.map((installation) => (
            <li
              key={installation.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <Link
                to={href('productOrder', { id: installation.id })}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {installation.productName}
              </Link>
              <span className="text-muted-foreground">
                {installation.namespace} · v{installation.version}
                {installation.upgradeAvailable && (
                  <ArrowUpCircle
                    className="ml-1 inline size-3.5 text-primary"
                    aria-label={t('installations.list.upgradeAvailable', {
                      version: installation.upgradeAvailable,
                    })}
                  />
                )}
              </span>
              <span className="tabular-nums">{money.cents(installation.monthlyPriceCents)}</span>
              <InstallationStatusBadge status={installation.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
