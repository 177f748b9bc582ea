import { ShieldAlert } from 'lucide-react'
import { lazy, type ReactNode } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { WhenNearScreen } from '#web/components/layout/when-page-is-idle.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { useOfficerAccessCheck } from '#web/features/officers/api/check-access.ts'
import { ApprovalQueue } from '#web/features/officers/components/approval-queue.tsx'
import { OfficerTickets } from '#web/features/support/components/officer-tickets.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/officers.ts'

/**
 * The queues under the first two load once the panel has shown and its first reads have come: the
 * approvals and the tickets are what an officer comes for, and the forms below them bring their
 * own libraries and reads.
 */
const LATER_SECTIONS = {
  customSolutions: () => import('#web/features/custom-solutions/components/officer-quotes.tsx'),
  invoices: () => import('#web/features/officers/components/officer-invoices.tsx'),
  credits: () => import('#web/features/officers/components/credit-grant-form.tsx'),
  gdpr: () => import('#web/features/accounts/components/officer-gdpr.tsx'),
}
const OfficerCustomSolutions = lazy(() =>
  LATER_SECTIONS.customSolutions().then((module) => ({ default: module.OfficerCustomSolutions })),
)
const OfficerInvoices = lazy(() =>
  LATER_SECTIONS.invoices().then((module) => ({ default: module.OfficerInvoices })),
)
const CreditGrantForm = lazy(() =>
  LATER_SECTIONS.credits().then((module) => ({ default: module.CreditGrantForm })),
)
const OfficerGdprQueue = lazy(() =>
  LATER_SECTIONS.gdpr().then((module) => ({ default: module.OfficerGdprQueue })),
)

/** The officers panel: orders waiting for approval, support tickets to answer, custom solution requests to quote, invoices and their credit notes, credit grants. */
export default function OfficersPanel() {
  const { t } = useTranslation()
  const { user } = useUser()
  const access = useOfficerAccessCheck(user?.id)
  const catalog = useCatalog()
  const later = (section: ReactNode) => (
    <WhenNearScreen fallback={<LoadingBlock label={t('common.loading')} />}>{section}</WhenNearScreen>
  )

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.officersPanel')}</h1>
        <p className="text-muted-foreground">{t('officers.subtitle')}</p>
      </header>
      {access === 'checking' ? (
        <LoadingBlock label={t('officers.checkingAccess')} rows={6} />
      ) : access === 'allowed' ? (
        <>
          <PanelSection id="approvals" title={t('officers.approvals.title')}>
            <ApprovalQueue />
          </PanelSection>
          <PanelSection id="support-tickets" title={t('officers.sections.tickets')}>
            <OfficerTickets plans={catalog.data?.supportPlans ?? []} />
          </PanelSection>
          <PanelSection id="custom-solutions" title={t('officers.sections.customSolutions')}>
            {later(<OfficerCustomSolutions />)}
          </PanelSection>
          <PanelSection id="invoices" title={t('officers.invoices.title')}>
            {later(<OfficerInvoices />)}
          </PanelSection>
          <PanelSection id="credits" title={t('officers.credits.title')}>
            {later(<CreditGrantForm />)}
          </PanelSection>
          <PanelSection id="gdpr" title={t('officers.sections.gdpr')}>
            {later(<OfficerGdprQueue />)}
          </PanelSection>
        </>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl border p-6">
          <ShieldAlert aria-hidden="true" className="size-6 text-muted-foreground" />
          <p>{t('officers.noAccess')}</p>
          <Button asChild variant="outline">
            <Link to={href('dashboard')}>{t('officers.backToDashboard')}</Link>
          </Button>
        </div>
      )}
    </div>
  )
}

function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
