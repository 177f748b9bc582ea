import { ArrowUpCircle, PackageOpen } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { ProductKind } from '#common/schemas/products.ts'
import { INSTALLATION_SORTS } from '#common/schemas/sorts.ts'
import { INSTALLATION_STATUSES } from '#common/schemas/statuses.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallations } from '../api/installations.ts'
import { useInstallationLiveUpdates } from '../hooks/use-installation-live-updates.ts'
import {
  type InstallationFilters,
  installationFiltersFrom,
  searchParamsWithInstallationFilters,
} from '../installation-filters.ts'
import { InstallationStatusBadge } from './installation-status-badge.tsx'
import '#web/lib/strings/installations.ts'
import '#web/lib/strings/marketplace.ts'

/**
 * /orders/products and /orders/addons: the organization's installations of one kind, live, with
 * their state, cluster, plan, version and monthly price; filters and sort kept in the address.
 */
export function InstallationList({ kind }: { kind: ProductKind }) {
  const { t } = useTranslation()
  const id = useId()
  const money = useMoney()
  useInstallationLiveUpdates()
  const [filters, setFilters] = useSearchParamFilters<InstallationFilters>(
    installationFiltersFrom,
    searchParamsWithInstallationFilters,
  )
  const installations = useInstallations({
    kind,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.clusterId ? { clusterId: filters.clusterId } : {}),
  })
  // The cluster filter offers the clusters that have installations of this kind.
  const all = useInstallations({ kind, sort: 'newest' })
  const clusters = [...new Map((all.data ?? []).map((item) => [item.clusterId, item.clusterName])).entries()]
  const filtered = filters.status !== null || filters.clusterId !== null

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t('installations.list.status')}
          </label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilters({
                ...filters,
                status: (event.target.value || null) as InstallationFilters['status'],
              })
            }
          >
            <option value="">{t('installations.list.allStatuses')}</option>
            {INSTALLATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`installations.status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-cluster`} className="text-sm font-medium">
            {t('installations.list.clusterFilter')}
          </label>
          <NativeSelect
            id={`${id}-cluster`}
            value={filters.clusterId ?? ''}
            onChange={(event) => setFilters({ ...filters, clusterId: event.target.value || null })}
          >
            <option value="">{t('installations.list.allClusters')}</option>
            {clusters.map(([clusterId, name]) => (
              <option key={clusterId} value={clusterId}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            {t('installations.list.sort')}
          </label>
          <NativeSelect
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(event) =>
              setFilters({ ...filters, sort: event.target.value as InstallationFilters['sort'] })
            }
          >
            {INSTALLATION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`installations.list.sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {installations.isPending ? (
        <LoadingBlock label={t('installations.list.loading')} rows={3} />
      ) : installations.isError ? (
        <LoadError title={t('installations.list.failed')} query={installations} />
      ) : installations.data.length === 0 ? (
        <div
          className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6"
          data-testid="installations-empty"
        >
          <PackageOpen className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">
            {filtered ? t('installations.list.emptyFiltered') : t('installations.list.empty')}
          </p>
          {filtered ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setFilters({ status: null, clusterId: null, sort: filters.sort })}
            >
              {t('installations.list.clearFilters')}
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to={href(kind === 'add_on' ? 'addOns' : 'marketplace')}>
                {kind === 'add_on'
                  ? t('installations.list.browseAddOns')
                  : t('installations.list.browseMarketplace')}
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <ul
          className="grid gap-3"
          aria-label={t(kind === 'add_on' ? 'pages.addonOrders' : 'pages.productOrders')}
        >
          {installations.data.map((installation) => (
            <li key={installation.id}>
              <Link
                to={href('productOrder', { id: installation.id })}
                className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:grid-cols-[2fr_1.5fr_1fr_auto] sm:items-center"
                data-testid={`installation-${installation.id}`}
              >
                <span className="grid gap-0.5">
                  <span className="font-semibold">{installation.productName}</span>
                  <span className="text-sm text-muted-foreground">
                    {installation.clusterName} · {installation.namespace}
                  </span>
                </span>
                <span className="text-sm">
                  {[installation.planId?.toUpperCase(), `v${installation.version}`]
                    .filter(Boolean)
                    .join(' · ')}
                  {installation.upgradeAvailable && (
                    <span className="mt-0.5 flex items-center gap-1 text-xs text-primary">
                      <ArrowUpCircle className="size-3.5" aria-hidden="true" />
                      {t('installations.list.upgradeAvailable', { version: installation.upgradeAvailable })}
                    </span>
                  )}
                </span>
                <span className="text-sm tabular-nums">
                  {t('marketplace.perMonth', { amount: money.cents(installation.monthlyPriceCents) })}
                </span>
                <span className="grid justify-items-start gap-1 sm:justify-items-end">
                  <InstallationStatusBadge status={installation.status} />
                  {installation.activeOperation && (
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {t('installations.list.progress', {
                        operation: t(`installations.operation.${installation.activeOperation.kind}`),
                        percent: Math.round(installation.activeOperation.progress * 100),
                      })}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
