import { CircleCheck } from 'lucide-react'
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency, type ExchangeRates, formatRate } from '#common/money.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/preferences.ts'
import '#web/lib/strings/tools.ts'

/** USD, EUR and GBP against the dollar, to 4 decimals; the header's currency stands out. */
export function RateCards({ rates, selected }: { rates: ExchangeRates; selected: Currency }) {
  const { t } = useTranslation()
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {CURRENCIES.map((code) => {
        const isSelected = code === selected
        return (
          <li
            key={code}
            data-testid={`rate-${code}`}
            data-selected={isSelected}
            aria-current={isSelected ? 'true' : undefined}
            className={cn(
              'flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
              isSelected && 'border-primary ring-2 ring-primary/40',
            )}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="flex items-center gap-3">
                <span
                  className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-lg font-semibold text-primary"
                  aria-hidden="true"
                >
                  {CURRENCY_SYMBOLS[code]}
                </span>
                <div className="grid">
                  <span className="font-semibold">{code}</span>
                  <span className="text-sm text-muted-foreground">{t(`preferences.currency.${code}`)}</span>
                </div>
              </div>
              {isSelected && (
                <Badge variant="default" className="gap-1" title={t('tools.currency.selectedHint')}>
                  <CircleCheck className="size-3.5" aria-hidden="true" />
                  {t('tools.currency.selected')}
                </Badge>
              )}
            </div>
            <p className="text-2xl font-semibold tabular-nums" data-testid="rate-value">
              {formatRate(rates[code])}
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">
              {t('tools.currency.ratePair', { rate: formatRate(rates[code]), currency: code })}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
