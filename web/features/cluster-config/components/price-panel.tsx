import { ChevronUp, Receipt } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import type { BillingCycle } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { cn } from '#web/lib/cn.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { WizardDraft } from '../draft.ts'
import { type LivePrice, livePrice } from '../live-price.ts'
import '#web/lib/strings/cluster-config.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

type PriceProps = { draft: WizardDraft; catalog: Catalog; billingCycle: BillingCycle }

/**
 * The live price of the draft: a panel beside the steps on large screens, a bar stuck to the
 * bottom of the wizard on small ones (opening to the same breakdown).
 */
export function PricePanel({ draft, catalog, billingCycle }: PriceProps) {
  const { t } = useTranslation()
  const price = useMemo(() => livePrice(draft, catalog, billingCycle), [draft, catalog, billingCycle])
  return (
    <aside
      aria-labelledby="price-panel-title"
      data-testid="price-panel"
      className="sticky top-24 hidden self-start rounded-xl border bg-card p-5 shadow-sm lg:block"
    >
      <h2 id="price-panel-title" className="flex items-center gap-2 font-semibold">
        <Receipt className="size-4 text-primary" aria-hidden="true" />
        {t('clusterConfig.price.title')}
      </h2>
      <div className="mt-4">
        <PriceBreakdownList
          price={price}
          draft={draft}
          catalog={catalog}
          billingCycle={billingCycle}
          testIdPrefix="price"
        />
      </div>
    </aside>
  )
}

export function PriceBar({ draft, catalog, billingCycle }: PriceProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const price = useMemo(() => livePrice(draft, catalog, billingCycle), [draft, catalog, billingCycle])
  return (
    <section
      aria-label={t('clusterConfig.price.title')}
      data-testid="price-bar"
      className="sticky bottom-0 z-20 -mx-4 border-t bg-card/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      {open && (
        <div id={detailsId} className="mb-3 max-h-[50vh] overflow-y-auto">
          <PriceBreakdownList
            price={price}
            draft={draft}
            catalog={catalog}
            billingCycle={billingCycle}
            testIdPrefix="price-bar"
          />
        </div>
      )}
      {/* Room on the right for the floating menu button of small screens. */}
      <div className="flex items-center justify-between gap-3 pr-[4.75rem]">
        <div className="grid">
          <span className="text-xs text-muted-foreground">
            {t(`clusterConfig.price.totalLabel.${billingCycle}`)}
          </span>
          <span className="text-lg font-semibold tabular-nums" data-testid="price-bar-total">
            {price ? money.cents(price.breakdown.subtotalCents) : '—'}
          </span>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium hover:bg-accent"
        >
          {t('clusterConfig.price.details')}
          <ChevronUp
            className={cn('size-4 transition-transform', !open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </div>
    </section>
  )
}

function PriceBreakdownList({
  price,
  draft,
  catalog,
  billingCycle,
  testIdPrefix,
}: PriceProps & { price: LivePrice | null; testIdPrefix: string }) {
  const { t } = useTranslation()
  const money = useMoney()
  if (!price) return <p className="text-sm text-muted-foreground">{t('clusterConfig.price.chooseType')}</p>
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  const { breakdown } = price
  const line = 'flex items-baseline justify-between gap-3'
  return (
    <div className="grid gap-3 text-sm" aria-live="polite">
      <dl className="grid gap-2">
        <div className={line}>
          <dt className="text-muted-foreground">
            {t('clusterConfig.price.controlPlane')}{' '}
            <span className="text-foreground">· {type && clusterTypeName(t, type)}</span>
          </dt>
          <dd className="tabular-nums" data-testid={`${testIdPrefix}-control-plane`}>
            {money.cents(breakdown.monthly.clusterTypeCents)}
          </dd>
        </div>
        {draft.nodePools.map((pool, index) => {
          const flavor = catalog.nodeFlavors.find((entry) => entry.id === pool.flavorId)
          const cents = price.poolCents[index]
          return (
            <div key={pool.id} className={line}>
              <dt className="min-w-0 text-muted-foreground">
                {t('clusterConfig.price.pool', { name: pool.name || `#${index + 1}` })}
                {flavor && Number.isFinite(pool.nodeCount) && (
                  <span className="block text-xs">
                    {pool.nodeCount} × {flavor.name}
                  </span>
                )}
              </dt>
              <dd className="tabular-nums" data-testid={`${testIdPrefix}-pool-${index}`}>
                {cents === null || cents === undefined ? '—' : money.cents(cents)}
              </dd>
            </div>
          )
        })}
        <div className={line}>
          <dt className="text-muted-foreground">
            {t('clusterConfig.price.addOns', { count: price.addOns.length })}
          </dt>
          <dd className="tabular-nums" data-testid={`${testIdPrefix}-add-ons`}>
            {money.cents(breakdown.monthly.addOnsCents)}
          </dd>
        </div>
      </dl>
      <dl className="grid gap-2 border-t pt-3">
        <div className={line}>
          <dt className="text-muted-foreground">{t('clusterConfig.price.monthly')}</dt>
          <dd className="font-medium tabular-nums" data-testid={`${testIdPrefix}-monthly`}>
            {money.cents(breakdown.monthly.totalCents)}
          </dd>
        </div>
        <div className={line}>
          <dt className="text-muted-foreground">{t('clusterConfig.price.hourly')}</dt>
          <dd className="tabular-nums" data-testid={`${testIdPrefix}-hourly`}>
            {money.millicents(breakdown.hourlyMillicents)}
          </dd>
        </div>
        <div className={cn(line, 'border-t pt-3 text-base')}>
          <dt className="font-semibold">{t(`clusterConfig.price.totalLabel.${billingCycle}`)}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`${testIdPrefix}-total`}>
            {money.cents(breakdown.subtotalCents)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t('clusterConfig.price.note')}</p>
    </div>
  )
}
