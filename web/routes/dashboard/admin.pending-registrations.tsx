import { AdminOnly, PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { PendingRegistrations } from '#web/features/accounts/components/registrations-section.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /admin/pending-registrations: people who registered with the organization's billing ID. */
export default function PendingRegistrationsRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.pendingRegistrations')} lead={t('accounts.registrations.lead')} />
      <AdminOnly>
        <PendingRegistrations />
      </AdminOnly>
    </div>
  )
}
