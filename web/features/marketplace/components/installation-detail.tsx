import { ArrowLeft, CheckCircle2, Circle, Loader2, RotateCcw, Undo2, XCircle } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { Installation, InstallationOperation } from '#common/schemas/installations.ts'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallation, useInstallationChange } from '../api/installations.ts'
import { useProduct } from '../api/products.ts'
import { useInstallationLiveUpdates } from '../hooks/use-installation-live-updates.ts'
import { ConnectionDetails } from './connection-details.tsx'
import { InstallationSettings } from './installation-settings.tsx'
import { InstallationStatusBadge } from './installation-status-badge.tsx'
import { UninstallDialog } from './uninstall-dialog.tsx'
import { UpgradeDialog } from './upgrade-dialog.tsx'
import '#web/lib/strings/installations.ts'

/**
 * /orders/products/{id}: one installation, live — its status and the operation under way step by
 * step, version and upgrade, settings, connection details, monthly cost, history, and removal.
 */
export function InstallationDetail({ id }: { id: string }) {
  const { t } = useTranslation()
  useInstallationLiveUpdates()
  const installation = useInstallation(id)
  const product = useProduct(installation.data?.productId ?? null)
  if (installation.isPending) return <LoadingBlock label={t('installations.detail.loading')} rows={5} />
  if (installation.isError) return <LoadError title={t('installations.detail.failed')} query={installation} />
  if (product.isPending) return <LoadingBlock label={t('installations.detail.loading')} rows={5} />
  if (product.isError) return <LoadError title={t('installations.detail.failed')} query={product} />
  return <InstallationView installation={installation.data} product={product.data} />
}

function InstallationView({
  installation,
  product,
}: {
  installation: Installation
  product: NonNullable<ReturnType<typeof useProduct>['data']>
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const change = useInstallationChange(installation.id)
  const busy = installation.activeOperation !== null || change.isPending
  const active = installation.operations.find(
    (operation) => operation.id === installation.activeOperation?.id,
  )
  const gone = installation.status === 'uninstalled'
  const listRoute = installation.productKind === 'add_on' ? 'addOnOrders' : 'productOrders'

  return (
    <div className="grid gap-6">
      <Link
        to={href(listRoute)}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('installations.detail.backToList')}
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight sm:text-3xl">
            {installation.productName}
            <InstallationStatusBadge status={installation.status} />
          </h1>
          <p className="text-muted-foreground">
            {t('installations.detail.onCluster', {
              cluster: installation.clusterName,
              namespace: installation.namespace,
            })}
            {installation.orderReference &&
              ` · ${t('installations.detail.order', { reference: installation.orderReference })}`}
          </p>
        </div>
        {!gone && (
          <div className="flex flex-wrap gap-2">
            <UpgradeDialog
              installation={installation}
              product={product}
              disabled={busy || installation.status !== 'installed'}
            />
            {installation.previousVersion && installation.status === 'installed' && (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm" disabled={busy}>
                    <Undo2 aria-hidden="true" />
                    {t('installations.detail.rollback', { version: installation.previousVersion })}
                  </Button>
                }
                title={t('installations.detail.rollback', { version: installation.previousVersion })}
                description={<p>{installation.productName}</p>}
                confirmLabel={t('installations.detail.rollback', { version: installation.previousVersion })}
                pendingLabel={t('installations.detail.rollback', { version: installation.previousVersion })}
                cancelLabel={t('installations.cancel')}
                closeLabel={t('installations.close')}
                pending={change.isPending}
                onConfirm={(done) => change.mutate({ action: 'rollback' }, { onSuccess: done })}
              />
            )}
            <UninstallDialog installation={installation} disabled={busy} />
          </div>
        )}
      </header>

      {installation.status === 'failed' && (
        <Alert variant="destructive" data-testid="installation-failure">
          <XCircle aria-hidden="true" />
          <AlertTitle>
            {t('installations.detail.failedReason', { reason: installation.statusReason ?? '' })}
          </AlertTitle>
          <AlertDescription>
            <Button
              size="sm"
              variant="outline"
              className="justify-self-start"
              disabled={busy}
              onClick={() => change.mutate({ action: 'retry' })}
            >
              <RotateCcw aria-hidden="true" />
              {t('installations.detail.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {active && (
        <OperationProgress operation={active} progress={installation.activeOperation?.progress ?? 0} />
      )}

      <section
        className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
        aria-labelledby="installation-overview"
      >
        <h2 id="installation-overview" className="font-semibold">
          {t('installations.detail.overview')}
        </h2>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('installations.detail.version')}</dt>
            <dd data-testid="installation-version">
              {installation.version}
              {installation.upgradeAvailable && (
                <span className="block text-xs text-primary">
                  {t('installations.upgrade.available', { version: installation.upgradeAvailable })}
                </span>
              )}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('installations.detail.plan')}</dt>
            <dd>
              {product.plans.find((plan) => plan.id === installation.planId)?.name ??
                t('installations.detail.noPlan')}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('installations.detail.monthlyCost')}</dt>
            <dd className="tabular-nums">{money.cents(installation.monthlyPriceCents)}</dd>
          </div>
        </dl>
      </section>

      {!gone && installation.productKind === 'middleware' && (
        <ConnectionDetails installation={installation} busy={busy} />
      )}
      {!gone && <InstallationSettings installation={installation} product={product} busy={busy} />}

      <section
        className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
        aria-labelledby="installation-history"
      >
        <h2 id="installation-history" className="font-semibold">
          {t('installations.detail.history')}
        </h2>
        <ol className="grid gap-3" data-testid="installation-history">
          {installation.operations.map((operation) => (
            <li key={operation.id} className="grid gap-0.5 border-l-2 pl-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t(`installations.operation.${operation.kind}`)}</span>
                <span className="text-muted-foreground">
                  {t(
                    `installations.stepStatus.${operation.status === 'queued' ? 'pending' : operation.status}`,
                  )}
                </span>
                <span className="text-muted-foreground">{dates.dateTime(operation.createdAt)}</span>
                {operation.requestedByName && (
                  <span className="text-muted-foreground">
                    {t('installations.detail.requestedBy', { name: operation.requestedByName })}
                  </span>
                )}
              </p>
              {operation.fromVersion &&
                operation.toVersion &&
                operation.fromVersion !== operation.toVersion && (
                  <p>
                    {t('installations.detail.versionChange', {
                      from: operation.fromVersion,
                      to: operation.toVersion,
                    })}
                  </p>
                )}
              {operation.changedSettings.length > 0 && (
                <p className="text-muted-foreground">
                  {t('installations.detail.changedSettings', {
                    settings: operation.changedSettings.join(', '),
                  })}
                </p>
              )}
              {operation.error && <p className="text-destructive">{operation.error}</p>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function OperationProgress({ operation, progress }: { operation: InstallationOperation; progress: number }) {
  const { t } = useTranslation()
  const percent = Math.round(progress * 100)
  const title = t('installations.detail.progressTitle', {
    operation: t(`installations.operation.${operation.kind}`),
  })
  return (
    <section
      className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-5"
      aria-labelledby="installation-progress"
      data-testid="installation-progress"
    >
      <h2 id="installation-progress" className="font-semibold">
        {title}
      </h2>
      <div
        role="progressbar"
        aria-labelledby="installation-progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ol className="grid gap-2 text-sm">
        {operation.steps.map((step) => (
          <li
            key={step.id}
            className="flex items-start gap-2"
            data-testid={`step-${step.name}`}
            data-status={step.status}
          >
            {step.status === 'succeeded' ? (
              <CheckCircle2 className="mt-0.5 size-4 text-success" aria-hidden="true" />
            ) : step.status === 'running' ? (
              <Loader2 className="mt-0.5 size-4 animate-spin text-primary" aria-hidden="true" />
            ) : step.status === 'failed' ? (
              <XCircle className="mt-0.5 size-4 text-destructive" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="grid">
              <span>
                {t(`installations.steps.${step.name}`)}
                <span className="sr-only"> — {t(`installations.stepStatus.${step.status}`)}</span>
              </span>
              {step.message && <span className="text-xs text-muted-foreground">{step.message}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
