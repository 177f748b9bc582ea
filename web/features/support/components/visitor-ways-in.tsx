import { LogIn, Search, Send } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** What a signed-out person can do for support: send a ticket, track one, or sign in. */
export function VisitorWaysIn({ lead }: { lead: string }) {
  const { t } = useTranslation()
  return (
    <section className="grid gap-4 rounded-xl border p-6" aria-label={t('support.hub.submitTicket')}>
      <p>{lead}</p>
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
  )
}
