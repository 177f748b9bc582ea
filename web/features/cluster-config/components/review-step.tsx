import { useMemo } from 'react'
import { BILLING_CYCLES } from '#common/pricing.ts'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import type { OrderRequest } from '#common/schemas/orders.ts'
import { SegmentedChoice } from '#web/components/layout/segmented-choice.tsx'
import { FormInputField } from '#web/components/ui/form.tsx'
import { useBillingCycle } from '#web/lib/preferences/preferences-provider.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { configurationInputOf } from '../draft.ts'
import { livePrice } from '../live-price.ts'
import { MaintenanceWindowFieldset } from './maintenance-window-fieldset.tsx'
import { OrderActions } from './order-actions.tsx'
import { OrderQuote } from './order-quote.tsx'
import { ReviewSummary } from './review-summary.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/**
 * Step 7: everything chosen with a link back to each step, the name, maintenance window, billing
 * cycle and promo code, the server's quote (with what the invoice will charge, VAT included, and
 * how it will be paid), and the order.
 */
export function ReviewStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const { billingCycle, setBillingCycle } = useBillingCycle()
  const { currency } = useMoney()

  const request = useMemo((): OrderRequest | null => {
    if (Object.keys(wizard.issues).length > 0) return null
    const parsed = clusterConfigurationSchema.safeParse(configurationInputOf(draft))
    if (!parsed.success) return null
    const price = livePrice(draft, catalog, billingCycle)
    return {
      configuration: parsed.data,
      billingCycle,
      currency,
      promoCode: draft.promoCode.trim() || null,
      clientTotalCents: price?.breakdown.subtotalCents,
    }
  }, [wizard.issues, draft, catalog, billingCycle, currency])

  return (
    <div className="grid gap-8">
      <ReviewSummary wizard={wizard} catalog={catalog} />

      <section aria-labelledby="review-settings" className="grid gap-5">
        <h3 id="review-settings" className="font-semibold">
          {t('clusterConfig.review.settings')}
        </h3>
        <FormInputField
          control={wizard.form.control}
          name="name"
          label={t('clusterConfig.review.name')}
          description={t('clusterConfig.review.nameHint')}
          autoComplete="off"
          spellCheck={false}
          className="sm:max-w-sm"
        />
        <MaintenanceWindowFieldset wizard={wizard} />
        <div className="grid gap-2">
          <span className="text-sm font-medium">{t('clusterConfig.review.billingCycle')}</span>
          <SegmentedChoice
            label={t('clusterConfig.review.billingCycle')}
            className="max-w-xs"
            value={billingCycle}
            options={BILLING_CYCLES.map((cycle) => ({
              value: cycle,
              label: t(`clusterConfig.review.cycles.${cycle}`),
            }))}
            onChange={setBillingCycle}
          />
        </div>
        <FormInputField
          control={wizard.form.control}
          name="promoCode"
          label={t('clusterConfig.review.promoCode')}
          description={t('clusterConfig.review.promoHint')}
          autoComplete="off"
          spellCheck={false}
          className="uppercase sm:max-w-xs"
        />
      </section>

      <OrderQuote request={request} wizard={wizard} />
      <OrderActions request={request} wizard={wizard} />
    </div>
  )
}
