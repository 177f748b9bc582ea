import { INITIAL_PROVIDER_RATES } from '#common/money.ts'
import { DEFAULT_BILLING_CYCLE, DEFAULT_CURRENCY } from '#web/lib/constants.ts'
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
  return (
    <span data-price={kind} data-amount={amount} className={className ?? 'tabular-nums'}>
      {priceText(kind, amount, DEFAULT_CURRENCY, DEFAULT_BILLING_CYCLE, INITIAL_PROVIDER_RATES)}
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
