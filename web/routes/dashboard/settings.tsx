import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import {
  notificationPreferencesQuery,
  organizationSettingsQuery,
} from '#web/features/accounts/api/security.ts'
import { PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { detailsQueryOptions } from '#web/features/billing/api/billing-queries.ts'
import { useUser } from '#web/lib/current-user.ts'
import { lazyBesideReads, useLoadAfterPaint } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/**
 * Every section is a form: their code (the form library, the validators) loads beside the reads
 * the screen starts at once, from when its heading has painted, and the sections show together
 * when it has come.
 */
const settingsSections = () => import('#web/features/accounts/components/settings-sections.tsx')
const PreferencesSection = lazyBesideReads(() =>
  settingsSections().then((module) => module.PreferencesSection),
)
const NotificationPreferencesSection = lazyBesideReads(() =>
  settingsSections().then((module) => module.NotificationPreferencesSection),
)
const OrganizationRulesSection = lazyBesideReads(() =>
  settingsSections().then((module) => module.OrganizationRulesSection),
)
const BillingDetailsSection = lazyBesideReads(() =>
  import('#web/features/billing/components/billing-details-section.tsx').then(
    (module) => module.BillingDetailsSection,
  ),
)
const AuditLogSection = lazyBesideReads(() =>
  import('#web/features/accounts/components/audit-log.tsx').then((module) => module.AuditLogSection),
)

/** /settings: the person's preferences; for admins the organization's rules, billing details and audit log. */
export default function SettingsRoute() {
  const { t } = useTranslation()
  const { user } = useUser()
  const isAdmin = user?.role === 'admin' || user?.role === 'super_admin'
  const queryClient = useQueryClient()
  useLoadAfterPaint(
    PreferencesSection,
    NotificationPreferencesSection,
    ...(isAdmin ? [OrganizationRulesSection, BillingDetailsSection, AuditLogSection] : []),
  )
  useEffect(() => {
    if (!user) return
    void queryClient.prefetchQuery(notificationPreferencesQuery)
    if (!isAdmin) return
    void queryClient.prefetchQuery(organizationSettingsQuery)
    void queryClient.prefetchQuery(detailsQueryOptions)
  }, [queryClient, user, isAdmin])
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.settings')} lead={t('accounts.settings.lead')} />
      <Suspense fallback={<LoadingBlock label={t('accounts.settings.loading')} rows={4} />}>
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
      </Suspense>
    </div>
  )
}
