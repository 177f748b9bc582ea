import { Check, ChevronDown } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { CURRENCY_SYMBOLS, type Currency } from '#common/money.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useCurrency } from '#web/lib/preferences/preferences-provider.tsx'
import {
  headerIconButtonClass,
  menuContentClass,
  menuItemClass,
  menuLabelClass,
  menuSeparatorClass,
} from './menu-styles.ts'
import { SegmentedChoice } from './segmented-choice.tsx'

/**
 * The header's currency switcher (spec §2): USD, GBP, EUR, remembered under `currency`. The menu
 * also shows today's rate of each currency against the dollar (4 decimals).
 */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { currency, setCurrency, currencies, rates, formatRate, lastUpdated, isLoading } = useCurrency()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t('preferences.currency.change', { currency })}
          data-testid="currency-switcher"
          className={cn('gap-1 px-2 font-semibold tabular-nums', headerIconButtonClass, className)}
        >
          <span aria-hidden="true">{CURRENCY_SYMBOLS[currency]}</span>
          <span>{currency}</span>
          <ChevronDown className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'w-60')}>
          <DropdownMenu.Label className={menuLabelClass}>
            {t('preferences.currency.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={currency} onValueChange={(value) => setCurrency(value as Currency)}>
            {currencies.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className={cn(menuItemClass, 'pr-8')}>
                <span className="w-4 text-center font-semibold" aria-hidden="true">
                  {CURRENCY_SYMBOLS[code]}
                </span>
                <span className="font-medium">{code}</span>
                <span className="truncate text-muted-foreground">{t(`preferences.currency.${code}`)}</span>
                <DropdownMenu.ItemIndicator className="absolute right-2.5">
                  <Check aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={menuSeparatorClass} />
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** USD, GBP, EUR as a segmented control (mobile menu). */
export function CurrencyChoice({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { currency, setCurrency, currencies } = useCurrency()
  return (
    <SegmentedChoice
      label={t('preferences.currency.label')}
      className={className}
      options={currencies.map((code) => ({ value: code, label: `${CURRENCY_SYMBOLS[code]} ${code}` }))}
      value={currency}
      onChange={setCurrency}
    />
  )
}
