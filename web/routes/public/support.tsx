import { LogIn, Search, Send } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SupportHub } from '#web/features/support/components/support-hub.tsx'
import { useUser } from '#web/lib/current-user.ts'

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
        <section className="grid gap-4 rounded-xl border p-6" aria-label={t('support.hub.submitTicket')}>
          <p>{t('support.hub.visitorLead')}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={href('submitTicket')}>
                <Send aria-hidden="true" className="size-4" />
                {t('support.hub.submitTicket')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={href('trackTicket')}>
                <Search aria-hidden="true" className="size-4" />
                {t('support.hub.trackTicket')}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={href('signIn')}>
                <LogIn aria-hidden="true" className="size-4" />
                {t('support.hub.signIn')}
              </Link>
            </Button>
          </div>
        </section>
      )}
    </div>
  )
}
