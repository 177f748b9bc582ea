import { CHECK_PROVIDER_NAMES, type ProviderCheckResult } from '#common/schemas/providers.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { checkResultText } from '../check-result.ts'
import '#web/lib/strings/providers.ts'

/** The check at a glance: provider, driver, result, when it ran and how long it took. */
export function CheckSummary({ check }: { check: ProviderCheckResult }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const names = CHECK_PROVIDER_NAMES[check.provider]
  const checkedAt = new Date(check.checkedAt)
  return (
    <dl className="grid gap-4 rounded-xl border bg-card p-5 text-sm shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-1">
        <dt className="text-muted-foreground">{t('providers.provider')}</dt>
        <dd className="font-medium" data-testid="check-provider">
          {names.cloud} ({names.service})
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">{t('providers.driver')}</dt>
        <dd>
          <Badge variant={check.simulated ? 'warning' : 'outline'} data-testid="check-driver">
            {t(`providers.drivers.${check.driver}`)}
          </Badge>
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">{t('providers.summary.label')}</dt>
        <dd>
          <Badge
            variant={check.simulated ? 'secondary' : check.ok ? 'success' : 'destructive'}
            data-testid="check-result"
            className="whitespace-normal text-left"
          >
            {checkResultText(t, check)}
          </Badge>
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-muted-foreground">{t('providers.checkedAt')}</dt>
        <dd className="font-medium tabular-nums">
          <time dateTime={checkedAt.toISOString()}>{dates.time(checkedAt)}</time>
          <span className="text-muted-foreground">
            {' · '}
            <span className="sr-only">{t('providers.duration')} </span>
            {t('providers.durationValue', { ms: check.durationMs })}
          </span>
        </dd>
      </div>
    </dl>
  )
}
