import { PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { AuditLogSection } from '#web/features/accounts/components/audit-log.tsx'
import {
  NotificationPreferencesSection,
  OrganizationRulesSection,
  PreferencesSection,
} from '#web/features/accounts/components/settings-sections.tsx'
import { BillingDetailsSection } from '#web/features/billing/components/billing-details-section.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /settings: the person's preferences; for admins the organization's rules, billing details and audit log. */
export default function SettingsRoute() {
  const { t } = useTranslation()
  const { user } = useUser()
  const isAdmin = user?.role === 'admin' || user?.role === 'super_admin'
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.settings')} lead={t('accounts.settings.lead')} />
      {user && <PreferencesSection user={user} />}
      {user && <NotificationPreferencesSection />}
      {isAdmin ? (
        <>
          <OrganizationRulesSection />
          <BillingDetailsSection canEdit />
          <AuditLogSection />
        </>
      ) : (
        user && <p className="text-muted-foreground">{t('accounts.settings.memberNote')}</p>
      )}
    </div>
  )
}
