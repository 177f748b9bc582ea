import { UsageView } from '#web/features/billing/components/usage-view.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/billing.ts'

/** /usage: what the organization's clusters cost, day by day. */
export default function UsageRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.usage')}</h1>
        <p className="text-muted-foreground">{t('billing.usage.lead')}</p>
      </header>
      <UsageView />
    </div>
  )
}
