import { ChevronDown } from 'lucide-react'
import { CURRENCY_SYMBOLS } from '#common/money.ts'
import { menuSeparatorClass } from '#web/components/layout/menu-styles.ts'
import { RadioMenu } from '#web/components/layout/radio-menu.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useCurrency } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/preferences.ts'

/**
 * The header's currency switcher: USD, GBP, EUR, remembered under `currency`. The menu also shows
 * today's rate of each currency against the dollar (4 decimals).
 */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { currency, setCurrency, currencies } = useCurrency()
  return (
    <RadioMenu
      triggerLabel={t('preferences.currency.change', { currency })}
      testId="currency-switcher"
      triggerClassName={cn('gap-1 tabular-nums', className)}
      trigger={
        <>
          <span aria-hidden="true">{CURRENCY_SYMBOLS[currency]}</span>
          <span>{currency}</span>
          <ChevronDown className="opacity-60" aria-hidden="true" />
        </>
      }
      label={t('preferences.currency.label')}
      contentClassName="w-60"
      value={currency}
      onChange={setCurrency}
      options={currencies.map((code) => ({
        value: code,
        content: (
          <>
            <span className="w-4 text-center font-semibold" aria-hidden="true">
              {CURRENCY_SYMBOLS[code]}
            </span>
            <span className="font-medium">{code}</span>
            <span className="truncate text-muted-foreground">{t(`preferences.currency.${code}`)}</span>
          </>
        ),
      }))}
    >
      <hr className={cn(menuSeparatorClass, 'border-0')} />
      <CurrencyRates />
    </RadioMenu>
  )
}

/**
 * Today's rates and when they were read, drawn only in the open menu: formatting a time makes the
 * page's first date formatter, which costs a phone some 15 ms that a closed menu need not pay.
 */
function CurrencyRates() {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { rates, formatRate, lastUpdated, isLoading } = useCurrency()
  return (
    <div className="px-2.5 py-1.5 text-xs text-muted-foreground" data-testid="currency-rates">
      {isLoading ? (
        t('preferences.currency.ratesLoading')
      ) : (
        <>
          <p className="tabular-nums">1 USD = {formatRate(rates.EUR)} EUR</p>
          <p className="tabular-nums">1 USD = {formatRate(rates.GBP)} GBP</p>
          {lastUpdated && (
            <p className="mt-0.5">
              {t('preferences.currency.ratesUpdated', {
                time: dates.dateTime(lastUpdated),
              })}
            </p>
          )}
        </>
      )}
    </div>
  )
}
