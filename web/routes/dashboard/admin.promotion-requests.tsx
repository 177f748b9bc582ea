import { AdminOnly, PageHeading } from '#web/features/accounts/components/admin-only.tsx'
import { PromotionRequests } from '#web/features/accounts/components/promotion-requests.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** /admin/promotion-requests: members asking to become admins. */
export default function PromotionRequestsRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading title={t('pages.promotionRequests')} lead={t('accounts.promotions.lead')} />
      <AdminOnly>
        <PromotionRequests />
      </AdminOnly>
    </div>
  )
}
