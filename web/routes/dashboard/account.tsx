import {
  ProfileSection,
  PromotionSection,
  SessionsSection,
} from '#web/features/accounts/components/account-sections.tsx'
import { PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { ApiTokensSection } from '#web/features/accounts/components/api-tokens-section.tsx'
import { ClusterCredentialsSection } from '#web/features/accounts/components/cluster-credentials-section.tsx'
import { CredentialsSection } from '#web/features/accounts/components/credentials-section.tsx'
import { DataSection } from '#web/features/accounts/components/data-section.tsx'
import { PasskeysSection } from '#web/features/accounts/components/passkeys-section.tsx'
import { TwoFactorSection } from '#web/features/accounts/components/two-factor-section.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /profile and /account: the person's own account. */
export default function AccountRoute() {
  const { t } = useTranslation()
  const { user } = useUser()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.account')} lead={t('accounts.profile.lead')} />
      {user && (
        <>
          <ProfileSection key={user.name} user={user} />
          <CredentialsSection user={user} />
          <TwoFactorSection user={user} />
          <PasskeysSection />
          <SessionsSection />
          <ApiTokensSection user={user} />
          {user.membershipStatus === 'active' && <ClusterCredentialsSection />}
          {user.role === 'user' && user.membershipStatus === 'active' && <PromotionSection />}
          <DataSection />
        </>
      )}
    </div>
  )
}
