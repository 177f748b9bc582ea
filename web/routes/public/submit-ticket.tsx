import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { LeadConfirmation, LeadFormCard, LeadPage } from '#web/features/leads/components/lead-page.tsx'
import { useSubmitPublicTicket } from '#web/features/support/api/support.ts'
import { PublicTicketForm } from '#web/features/support/components/public-ticket-form.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** /submit-ticket: a visitor's ticket; its number and private tracking link go to the address given. */
export default function SubmitTicketRoute() {
  const { t } = useTranslation()
  const submission = useSubmitPublicTicket()
  return (
    <LeadPage
      eyebrow={t('support.submit.eyebrow')}
      title={t('support.submit.title')}
      lead={t('support.submit.lead')}
      steps={[t('support.submit.step1'), t('support.submit.step2'), t('support.submit.step3')]}
    >
      {submission.isSuccess ? (
        <LeadConfirmation
          title={t('support.submit.doneTitle')}
          actions={
            <Button variant="outline" onClick={() => submission.reset()}>
              {t('support.submit.again')}
            </Button>
          }
        >
          <p>{t('support.submit.doneText')}</p>
        </LeadConfirmation>
      ) : (
        <div className="grid gap-4">
          <LeadFormCard>
            <PublicTicketForm submission={submission} />
          </LeadFormCard>
          <p className="text-sm text-muted-foreground">
            <Link to={href('signIn')} className="text-primary underline-offset-4 hover:underline">
              {t('support.submit.customer')}
            </Link>
          </p>
        </div>
      )}
    </LeadPage>
  )
}
