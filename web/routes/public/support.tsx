import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SupportHub } from '#web/features/support/components/support-hub.tsx'
import { VisitorWaysIn } from '#web/features/support/components/visitor-ways-in.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** /support: the hub of a member's support, or the ways in for a visitor. */
export default function SupportRoute() {
  const { t } = useTranslation()
  const { user, isLoading } = useUser()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('pages.support')}</h1>
        <p className="text-lg text-muted-foreground">{t('support.hub.lead')}</p>
      </header>
      {isLoading ? (
        <LoadingBlock label={t('support.hub.loading')} rows={3} />
      ) : user ? (
        <SupportHub />
      ) : (
        <VisitorWaysIn lead={t('support.hub.visitorLead')} />
      )}
    </div>
  )
}
