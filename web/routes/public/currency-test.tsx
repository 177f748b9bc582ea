import { useEffect, useState } from 'react'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { CurrencyConverter } from '#web/features/tools/components/currency-converter.tsx'
import { RateCards } from '#web/features/tools/components/rate-cards.tsx'
import { ToolPage } from '#web/features/tools/components/tool-page.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useExchangeRates } from '#web/lib/preferences/api/get-exchange-rates.ts'
import { useCurrency } from '#web/lib/preferences/preferences-provider.tsx'
import { type RatesProvenance, ratesProvenance } from '#web/lib/preferences/rate-source.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/tools.ts'

/** How often the rates' age is worked out again while the page stays open. */
const AGE_REFRESH_MS = 30_000

/**
 * /currency-test: the exchange rates the site prices with (the currency context's), where they
 * come from and how old they are, a converter and sample conversions.
 */
export default function CurrencyTestRoute() {
  const { t } = useTranslation()
  const { currency, rates, lastUpdated, isLoading } = useCurrency()
  const { rates: loaded } = useExchangeRates()

  return (
    <ToolPage title={t('pages.currencyTest')} lead={t('tools.currency.lead')}>
      <section aria-labelledby="rates-title" aria-busy={isLoading} className="grid gap-4">
        <h2 id="rates-title" className="text-lg font-semibold">
          {t('tools.currency.ratesTitle')}
        </h2>
        {isLoading || !loaded ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner className="size-4" />
            {t('tools.currency.loading')}
          </p>
        ) : (
          <>
            <RateCards rates={rates} selected={currency} />
            <RatesFacts provenance={ratesProvenance(loaded)} lastUpdated={lastUpdated} />
          </>
        )}
      </section>
      {!isLoading && loaded && <CurrencyConverter rates={rates} selected={currency} />}
    </ToolPage>
  )
}

function RatesFacts({ provenance, lastUpdated }: { provenance: RatesProvenance; lastUpdated: Date | null }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const now = useNow(AGE_REFRESH_MS)
  return (
    <dl className="grid gap-4 rounded-xl border bg-card p-5 text-sm sm:grid-cols-3">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{t('tools.currency.source')}</dt>
        <dd className="font-medium" data-testid="rates-source" data-source={provenance.source}>
          {t(`tools.currency.sources.${provenance.source}`)}
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{t('tools.currency.age')}</dt>
        <dd className="font-medium" data-testid="rates-age">
          {lastUpdated ? (
            <time dateTime={lastUpdated.toISOString()} title={dates.dateTime(lastUpdated)}>
              {dates.relative(lastUpdated, now)}
            </time>
          ) : (
            t('tools.currency.ageUnknown')
          )}
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{t('tools.currency.servedFrom')}</dt>
        <dd className="font-medium">
          {provenance.fromBrowserCache
            ? t('tools.currency.servedFromBrowser')
            : t('tools.currency.servedFromServer')}
        </dd>
      </div>
    </dl>
  )
}

/** The current time, renewed every `intervalMs` so relative times move on. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
