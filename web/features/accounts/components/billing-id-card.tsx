import type { User } from '#common/schemas/auth.ts'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/**
 * The organization's Billing ID, which the server made when the organization registered: admins
 * copy it for colleagues, who give it when they register to join.
 */
export function BillingIdCard({ user }: { user: User }) {
  const { t } = useTranslation()
  return (
    <SectionCard
      id="billing-id"
      title={t('accounts.billingId.title')}
      description={t('accounts.billingId.lead')}
      action={<CopyButton text={user.companyId} label={t('accounts.billingId.copy')} />}
    >
      <p className="font-mono text-lg font-semibold tracking-wide" data-testid="organization-billing-id">
        {user.companyId}
      </p>
    </SectionCard>
  )
}
