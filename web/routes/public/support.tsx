import { Suspense } from 'react'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { VisitorWaysIn } from '#web/features/support/components/visitor-ways-in.tsx'
import { holdsSessionHint, useUser } from '#web/lib/current-user.ts'
import { lazyBesideReads, useLoadAfterPaint } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/**
 * A visitor never loads the member's hub. A browser that holds the session hint starts loading it
 * once the screen's heading has painted, beside the read that says who is signed in.
 */
const SupportHub = lazyBesideReads(
  () => import('#web/features/support/components/support-hub.tsx').then((module) => module.SupportHub),
  holdsSessionHint,
)

/** /support: the hub of a member's support, or the ways in for a visitor. */
export default function SupportRoute() {
  const { t } = useTranslation()
  const { user, isLoading } = useUser()
  useLoadAfterPaint(SupportHub)
  const loading = <LoadingBlock label={t('support.hub.loading')} rows={3} />
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('pages.support')}</h1>
        <p className="text-lg text-muted-foreground">{t('support.hub.lead')}</p>
      </header>
      {isLoading ? (
        loading
      ) : user ? (
        <Suspense fallback={loading}>
          <SupportHub />
        </Suspense>
      ) : (
        <VisitorWaysIn lead={t('support.hub.visitorLead')} />
      )}
    </div>
  )
}
