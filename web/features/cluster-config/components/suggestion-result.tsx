import { AlertTriangle, ArrowRight, Lightbulb } from 'lucide-react'
import type { Ref } from 'react'
import { Link } from 'react-router'
import { hourlyMillicentsOf } from '#common/pricing.ts'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { Suggestion, SuggestionReason } from '#common/smart-suggestions/index.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import type { MessageKey } from '#web/lib/i18n-keys.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { encodeSuggestion } from '../prefill.ts'
import '#web/lib/strings/cluster-config.ts'
import '#web/lib/strings/suggestions.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** Where a suggestion opens in the wizard: its configuration in the address, opened on the review. */
export function suggestionHref(suggestion: Suggestion): string {
  return href('configureCluster', { suggestion: encodeSuggestion(suggestion.configuration) })
}

/** The proposed configuration, its price, why each choice was made, and the way into the wizard. */
export function SuggestionResult({
  suggestion,
  catalog,
  headingRef,
}: {
  suggestion: Suggestion
  catalog: Catalog
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const { configuration } = suggestion
  const type = catalog.clusterTypes.find((entry) => entry.id === configuration.clusterTypeId)
  const dataCenter = catalog.dataCenters.find((entry) => entry.code === configuration.dataCenterCode)
  const flavorName = (id: string) => catalog.nodeFlavors.find((flavor) => flavor.id === id)?.name ?? id
  const addOns = catalog.addOns.filter((addOn) => configuration.addOnIds.includes(addOn.id))
  const hourlyMillicents = hourlyMillicentsOf(suggestion.monthlyCents)

  const facts: [string, string][] = [
    [t('clusterConfig.steps.type'), clusterTypeName(t, type ?? { id: configuration.clusterTypeId })],
    [
      t('clusterConfig.steps.data-center'),
      dataCenter
        ? `${dataCenter.name} (${dataCenter.code}) · ${dataCenter.complianceTags.map((tag) => t(`common.complianceTags.${tag}`)).join(', ')}`
        : configuration.dataCenterCode,
    ],
    [t('clusterConfig.steps.version'), `Kubernetes ${configuration.kubernetesVersion}`],
    [
      t('clusterConfig.steps.node-pools'),
      configuration.nodePools
        .map((pool) => {
          const scaling = pool.autoscaling.enabled ? ` (${pool.autoscaling.min}–${pool.autoscaling.max})` : ''
          return `${pool.name}: ${pool.nodeCount} × ${flavorName(pool.flavorId)}${scaling}`
        })
        .join(' · '),
    ],
    [
      t('clusterConfig.steps.networking'),
      `${configuration.networking.cni === 'cilium' ? 'Cilium' : 'Calico'} · ${
        configuration.networking.privateNetwork
          ? t('clusterConfig.review.privateNetwork')
          : t('clusterConfig.review.publicNetwork')
      }`,
    ],
    [
      t('clusterConfig.steps.add-ons'),
      addOns.map((addOn) => addOn.name).join(', ') || t('clusterConfig.review.none'),
    ],
  ]

  return (
    <section
      aria-labelledby="suggestion-title"
      data-testid="suggestion"
      className="grid gap-6 rounded-xl border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2
            id="suggestion-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            {t('suggestions.result.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('suggestions.result.lead')}</p>
        </div>
        <div className="grid justify-items-end text-right">
          <span className="text-2xl font-bold tabular-nums" data-testid="suggestion-price">
            {money.cents(suggestion.monthlyCents)}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('suggestions.result.perMonth', { hourly: money.millicents(hourlyMillicents) })}
          </span>
        </div>
      </div>

      {suggestion.overBudget && (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription>{t('suggestions.result.overBudget')}</AlertDescription>
        </Alert>
      )}

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 rounded-lg bg-muted/40 p-3">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-3">
        <h3 className="flex items-center gap-2 font-semibold">
          <Lightbulb className="size-4 text-primary" aria-hidden="true" />
          {t('suggestions.result.why')}
        </h3>
        <ul className="grid gap-2 text-sm" data-testid="suggestion-reasons">
          {suggestion.reasons.map((reason, index) => (
            <ReasonItem key={`${reason.field}-${index}`} reason={reason} />
          ))}
        </ul>
      </div>

      <div>
        <Button asChild size="lg">
          <Link to={suggestionHref(suggestion)} data-testid="open-in-wizard">
            {t('suggestions.result.open')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  )
}

const FIELD_LABELS: Record<string, MessageKey> = {
  clusterTypeId: 'clusterConfig.steps.type',
  dataCenterCode: 'clusterConfig.steps.data-center',
  kubernetesVersion: 'clusterConfig.steps.version',
  nodePools: 'clusterConfig.steps.node-pools',
  networking: 'clusterConfig.steps.networking',
  addOnIds: 'clusterConfig.steps.add-ons',
  maintenanceWindow: 'suggestions.result.maintenance',
  budget: 'suggestions.result.budget',
}

function ReasonItem({ reason }: { reason: SuggestionReason }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  // Amounts in the visitor's currency, dates in their language.
  const params = Object.fromEntries(
    Object.entries(reason.params).map(([name, value]) => {
      if (name.endsWith('Cents') && typeof value === 'number') return [name, money.cents(value)]
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
        return [name, dates.calendarDate(value)]
      return [name, value]
    }),
  )
  const label = FIELD_LABELS[reason.field.split('.')[0] ?? '']
  return (
    <li
      className="grid gap-0.5 rounded-lg border-l-2 border-primary/60 bg-muted/30 px-3 py-2"
      data-field={reason.field}
    >
      <span className="text-xs font-semibold text-muted-foreground">{label ? t(label) : reason.field}</span>
      <span>{t(`suggestions.reasons.${reason.key}`, { ...params, defaultValue: reason.message })}</span>
    </li>
  )
}
