import { ArrowLeftRight } from 'lucide-react'
import { useId, useState } from 'react'
import { CURRENCIES, type Currency, type ExchangeRates, formatRate } from '#common/money.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { cn } from '#web/lib/cn.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { convertBetween, crossRate, parseAmount, SAMPLE_AMOUNTS } from '../currency-conversion.ts'
import '#web/lib/strings/preferences.ts'
import '#web/lib/strings/tools.ts'

const DEFAULT_AMOUNT = '100'

/**
 * An amount from one currency to another with the site's rates (2 decimals, $ € £), and a table
 * of sample amounts in the "from" currency. The target starts as the header's currency.
 */
export function CurrencyConverter({ rates, selected }: { rates: ExchangeRates; selected: Currency }) {
  const { t, i18n } = useTranslation()
  const money = useMoney()
  const ids = useId()
  const [amountText, setAmountText] = useState(DEFAULT_AMOUNT)
  const [from, setFrom] = useState<Currency>('USD')
  const [chosenTo, setChosenTo] = useState<Currency | null>(null)
  const to = chosenTo ?? (selected === from ? CURRENCIES.find((code) => code !== from)! : selected)
  const amount = parseAmount(amountText, i18n.language)
  const invalid = amountText.trim() !== '' && amount === undefined

  const swap = () => {
    setFrom(to)
    setChosenTo(from)
  }

  return (
    <div className="grid gap-8">
      <section
        aria-labelledby={`${ids}-title`}
        className="grid gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t('tools.currency.converter.title')}
        </h2>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto_auto_auto] md:items-end">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-amount`}>{t('tools.currency.converter.amount')}</Label>
            <Input
              id={`${ids}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={`${ids}-amount-hint`}
            />
          </div>
          <CurrencySelect
            id={`${ids}-from`}
            label={t('tools.currency.converter.from')}
            value={from}
            onChange={setFrom}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="justify-self-start"
            onClick={swap}
            aria-label={t('tools.currency.converter.swap')}
            title={t('tools.currency.converter.swap')}
          >
            <ArrowLeftRight aria-hidden="true" />
          </Button>
          <CurrencySelect
            id={`${ids}-to`}
            label={t('tools.currency.converter.to')}
            value={to}
            onChange={setChosenTo}
          />
        </div>
        <p
          id={`${ids}-amount-hint`}
          className={cn('-mt-2 text-sm', invalid ? 'text-destructive' : 'text-muted-foreground')}
        >
          {invalid ? t('tools.currency.converter.amountInvalid') : t('tools.currency.converter.amountHint')}
        </p>
        <div className="grid gap-1 rounded-lg bg-muted/50 px-4 py-3">
          <span className="text-sm text-muted-foreground" id={`${ids}-result-label`}>
            {t('tools.currency.converter.result')}
          </span>
          <output
            aria-labelledby={`${ids}-result-label`}
            aria-live="polite"
            data-testid="conversion-result"
            className="text-3xl font-semibold tabular-nums break-all"
          >
            {amount === undefined
              ? t('tools.currency.converter.amountEmpty')
              : money.formatUnits(convertBetween(amount, from, to, rates), to)}
          </output>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="cross-rate">
            {t('tools.currency.converter.crossRate', {
              from,
              to,
              rate: formatRate(crossRate(from, to, rates)),
            })}
          </span>
        </div>
      </section>

      <SampleConversions rates={rates} from={from} selected={selected} />
    </div>
  )
}

function CurrencySelect(props: {
  id: string
  label: string
  value: Currency
  onChange: (currency: Currency) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as Currency)}
        className="h-10 rounded-md border bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 md:text-sm"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {`${code} · ${t(`preferences.currency.${code}`)}`}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Sample amounts in `from`, in every currency; the header's currency column stands out. */
function SampleConversions({
  rates,
  from,
  selected,
}: {
  rates: ExchangeRates
  from: Currency
  selected: Currency
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const cell = (code: Currency) =>
    cn('px-4 py-2.5 text-right tabular-nums', code === selected && 'bg-primary/10')
  return (
    <section aria-labelledby="sample-conversions-title" className="grid gap-3">
      <h2 id="sample-conversions-title" className="text-lg font-semibold">
        {t('tools.currency.samples.title')}
      </h2>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[28rem] text-sm" data-testid="sample-conversions">
          <caption className="px-4 pt-3 text-left text-muted-foreground">
            {t('tools.currency.samples.caption', { currency: from })}
          </caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-4 py-2.5 text-left font-medium">
                {t('tools.currency.samples.amount')}
              </th>
              {CURRENCIES.map((code) => (
                <th
                  key={code}
                  scope="col"
                  className={cn(cell(code), 'font-medium', code === selected && 'text-primary')}
                >
                  {code === selected ? t('tools.currency.samples.selectedColumn', { currency: code }) : code}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SAMPLE_AMOUNTS.map((amount) => (
              <tr key={amount} className="border-b last:border-b-0">
                <th scope="row" className="px-4 py-2.5 text-left font-medium tabular-nums">
                  {money.formatUnits(amount, from)}
                </th>
                {CURRENCIES.map((code) => (
                  <td key={code} className={cell(code)}>
                    {money.formatUnits(convertBetween(amount, from, code, rates), code)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
