import { AdminOnly, PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { BillingIdCard } from '#web/features/accounts/components/billing-id-card.tsx'
import {
  OrganizationDirectory,
  OrganizationUsers,
} from '#web/features/accounts/components/organization-directory.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /admin/organization-users: an admin's organization users; for super_admin, every organization. */
export default function OrganizationUsersRoute() {
  const { t } = useTranslation()
  const { user } = useUser()
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.organizationUsers')} lead={t('accounts.directory.lead')} />
      <AdminOnly>
        {user && <BillingIdCard user={user} />}
        {user?.role === 'super_admin' && <OrganizationDirectory />}
        <OrganizationUsers />
      </AdminOnly>
    </div>
  )
}
