import { parseLanguage } from '#common/language.ts'
import { INITIAL_PROVIDER_RATES } from '#common/money.ts'
import { cyclePriceCents, yearlyDiscountPercent } from '#common/pricing.ts'
import { cn } from '#web/lib/cn.ts'
import { DEFAULT_BILLING_CYCLE, DEFAULT_CURRENCY } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type PriceKind, priceText } from './price-text.ts'

/**
 * A price as static HTML: drawn in the default currency and cycle at the provider's initial rates,
 * and carrying its USD amount so the pricing island redraws it in the visitor's currency, cycle
 * and today's rates.
 */
export function PriceTag({
  kind,
  amount,
  className,
}: {
  kind: PriceKind
  amount: number
  className?: string
}) {
  const { i18n } = useTranslation()
  const language = parseLanguage(i18n.language) ?? 'en'
  return (
    <span data-price={kind} data-amount={amount} className={className ?? 'tabular-nums'}>
      {priceText(kind, amount, DEFAULT_CURRENCY, DEFAULT_BILLING_CYCLE, INITIAL_PROVIDER_RATES, language)}
    </span>
  )
}

/** "/ month" (the default cycle) after a cycle price; the island switches it to "/ year". */
export function CycleSuffix({ monthly, yearly }: { monthly: string; yearly: string }) {
  return (
    <span
      data-cycle-label
      data-monthly={monthly}
      data-yearly={yearly}
      className="text-sm text-muted-foreground"
    >
      {monthly}
    </span>
  )
}

/**
 * A monthly price shown in the visitor's cycle with its "/ month" suffix, or a word (Free,
 * Included) when it costs nothing.
 */
export function CyclePrice({
  monthlyCents,
  zeroLabel,
  className,
}: {
  monthlyCents: number
  zeroLabel: string
  className?: string
}) {
  const { t } = useTranslation()
  if (monthlyCents === 0) return <span className={className}>{zeroLabel}</span>
  return (
    <>
      <PriceTag kind="cycle" amount={monthlyCents} className={cn(className, 'tabular-nums')} />{' '}
      <CycleSuffix monthly={t('marketing.pricing.perMonth')} yearly={t('marketing.pricing.perYear')} />
    </>
  )
}

/** "Save 17% with yearly billing" under a paid price (the rounded saving). */
export function YearlySaving({ monthlyCents }: { monthlyCents: number }) {
  const { t } = useTranslation()
  if (monthlyCents === 0) return null
  const percent = yearlyDiscountPercent(monthlyCents, cyclePriceCents(monthlyCents, 'yearly'))
  return (
    <p className="mt-2 text-xs font-medium text-success" data-yearly-saving>
      {t('marketing.pricing.yearlySaving', { percent })}
    </p>
  )
}
