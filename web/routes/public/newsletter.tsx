import { Link2Off, MailCheck, TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { newsletterSubscribeRequestSchema } from '#common/schemas/leads.ts'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useConfirmNewsletter } from '#web/features/leads/api/confirm-newsletter.ts'
import { useSubscribeNewsletter } from '#web/features/leads/api/subscribe-newsletter.ts'
import { type LeadField, LeadForm, leadFailureMessage } from '#web/features/leads/components/lead-form.tsx'
import { LeadConfirmation, LeadFormCard, LeadPage } from '#web/features/leads/components/lead-page.tsx'
import { EMAIL_FIELD } from '#web/features/leads/lead-fields.ts'
import { isInvalidLink } from '#web/lib/invalid-link.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/leads.ts'

const FIELDS: LeadField[] = [{ ...EMAIL_FIELD, labelKey: 'leads.newsletter.email', half: false }]

/**
 * /newsletter: subscribing mails a confirmation link (double opt-in); /newsletter?token= is that
 * link, which this page confirms with a POST once it has loaded, never by the GET itself.
 */
export default function NewsletterRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const token = hydrated ? searchParams.get('token') : null
  return (
    <LeadPage
      eyebrow={t('leads.newsletter.eyebrow')}
      title={t('leads.newsletter.title')}
      lead={t('leads.newsletter.lead')}
    >
      {token ? <ConfirmSubscription key={token} token={token} /> : <Subscribe />}
    </LeadPage>
  )
}

function Subscribe() {
  const { t } = useTranslation()
  const subscription = useSubscribeNewsletter()
  if (subscription.isSuccess) {
    return (
      <LeadConfirmation icon={MailCheck} title={t('leads.newsletter.doneTitle')}>
        <p>{t('leads.newsletter.doneText', { email: subscription.variables.email })}</p>
      </LeadConfirmation>
    )
  }
  return (
    <LeadFormCard>
      <LeadForm
        schema={newsletterSubscribeRequestSchema}
        fields={FIELDS}
        pending={subscription.isPending}
        submitLabel={t('leads.newsletter.submit')}
        onSubmit={(request, onError) => subscription.mutate(request, { onError })}
      />
    </LeadFormCard>
  )
}

function ConfirmSubscription({ token }: { token: string }) {
  const { t } = useTranslation()
  const confirmation = useConfirmNewsletter()
  const { mutate } = confirmation
  // Once per token, though development mode runs effects twice.
  const confirmedToken = useRef<string>(undefined)
  useEffect(() => {
    if (confirmedToken.current === token) return
    confirmedToken.current = token
    mutate(token)
  }, [token, mutate])

  const subscribeAgain = (
    <Link to={href('newsletter')} className={buttonVariants({ variant: 'outline' })}>
      {t('leads.newsletter.subscribeAgain')}
    </Link>
  )
  const backHome = (
    <Link to={href('home')} className={buttonVariants({ variant: 'outline' })}>
      {t('leads.newsletter.backHome')}
    </Link>
  )

  if (confirmation.isSuccess) {
    const already = confirmation.data.status === 'already_confirmed'
    return (
      <LeadConfirmation
        title={t(already ? 'leads.newsletter.alreadyTitle' : 'leads.newsletter.confirmedTitle')}
        actions={backHome}
      >
        <p>{t(already ? 'leads.newsletter.alreadyText' : 'leads.newsletter.confirmedText')}</p>
      </LeadConfirmation>
    )
  }
  if (confirmation.isError) {
    if (isInvalidLink(confirmation.error)) {
      return (
        <LeadConfirmation
          icon={Link2Off}
          tone="destructive"
          title={t('leads.newsletter.invalidTitle')}
          actions={subscribeAgain}
        >
          <p>{t('leads.newsletter.invalidText')}</p>
        </LeadConfirmation>
      )
    }
    return (
      <LeadConfirmation
        icon={TriangleAlert}
        tone="destructive"
        title={t('leads.newsletter.failedTitle')}
        actions={
          <Button variant="outline" onClick={() => mutate(token)}>
            {t('leads.retry')}
          </Button>
        }
      >
        <p>{leadFailureMessage(confirmation.error, t)}</p>
      </LeadConfirmation>
    )
  }
  return (
    <Card className="shadow-lg">
      <CardContent>
        <p role="status" className="flex items-center gap-3 text-lg font-medium">
          <Spinner />
          {t('leads.newsletter.confirmingTitle')}
        </p>
      </CardContent>
    </Card>
  )
}
