import { useLocation, useSearchParams } from 'react-router'
import { isWithin } from '#common/routes.ts'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { TicketForm } from '#web/features/support/components/ticket-form.tsx'
import { VisitorWaysIn } from '#web/features/support/components/visitor-ways-in.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/**
 * /technical-support and /billing-support: the ticket form of that category for a signed-in
 * member (`?invoice=` or `?cluster=` picks what it is about), a way in for everyone else.
 */
export default function SupportRequestRoute() {
  const { t } = useTranslation()
  const billing = isWithin(useLocation().pathname, 'billingSupport')
  const [searchParams] = useSearchParams()
  const { user, isLoading } = useUser()
  const invoice = searchParams.get('invoice')
  const cluster = searchParams.get('cluster')
  const resource = invoice ? `invoice:${invoice}` : cluster ? `cluster:${cluster}` : ''
  const copy = billing ? 'billing' : 'technical'
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t(`support.form.${copy}Title`)}</h1>
        <p className="text-lg text-muted-foreground">{t(`support.form.${copy}Lead`)}</p>
      </header>
      {isLoading ? (
        <LoadingBlock label={t('support.hub.loading')} rows={3} />
      ) : user ? (
        <Card className="shadow-lg">
          <CardContent>
            <TicketForm key={`${copy}-${resource}`} category={copy} resource={resource} />
          </CardContent>
        </Card>
      ) : (
        <VisitorWaysIn lead={t('support.form.signInLead')} />
      )}
    </div>
  )
}
