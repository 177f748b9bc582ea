import { AdminOnly, PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { InvitationsSection } from '#web/features/accounts/components/invitations-section.tsx'
import { MembersSection } from '#web/features/accounts/components/members-section.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /user-management: the organization's members and invitations, for its admins. */
export default function UserManagementRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.userManagement')} lead={t('accounts.members.lead')} />
      <AdminOnly>
        <InvitationsSection />
        <MembersSection />
      </AdminOnly>
    </div>
  )
}
