import { useSearchParams } from 'react-router'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LeadConfirmation, LeadFormCard, LeadPage } from '#web/features/leads/components/lead-page.tsx'
import { useTrackTicket } from '#web/features/support/api/support.ts'
import { TrackTicketForm } from '#web/features/support/components/track-ticket-form.tsx'
import { TrackedTicket } from '#web/features/support/components/tracked-ticket.tsx'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/**
 * /track-ticket: a number and an address mail the private link again (the page never shows a
 * ticket to someone who knows only its number); /track-ticket?token= is that link's thread.
 */
export default function TrackTicketRoute() {
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const token = hydrated ? searchParams.get('token') : null
  if (token)
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10">
        <TrackedTicket token={token} refused={(reason) => <TrackRequest refusedLink={reason} />} />
      </div>
    )
  return <TrackRequest />
}

/** The form that mails a new link, with why the link opened was refused (unknown or expired). */
function TrackRequest({ refusedLink }: { refusedLink?: 'invalid' | 'expired' }) {
  const { t } = useTranslation()
  const submission = useTrackTicket()
  return (
    <LeadPage
      eyebrow={t('support.track.eyebrow')}
      title={t('support.track.title')}
      lead={t('support.track.lead')}
    >
      {submission.isSuccess ? (
        <LeadConfirmation
          title={t('support.track.doneTitle')}
          actions={
            <Button variant="outline" onClick={() => submission.reset()}>
              {t('support.track.again')}
            </Button>
          }
        >
          <p data-testid="track-receipt">{t('support.track.doneText')}</p>
        </LeadConfirmation>
      ) : (
        <div className="grid gap-4">
          {refusedLink && (
            <Alert variant="destructive" role="alert" data-testid={`tracking-link-${refusedLink}`}>
              <AlertDescription>
                {t(refusedLink === 'expired' ? 'support.track.expiredLink' : 'support.track.invalidLink')}
              </AlertDescription>
            </Alert>
          )}
          <LeadFormCard>
            <TrackTicketForm submission={submission} />
          </LeadFormCard>
        </div>
      )}
    </LeadPage>
  )
}
