import { lazy, type ReactNode, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { WhenNearScreen } from '#web/components/layout/when-page-is-idle.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { usePaymentMethods } from '#web/features/billing/api/billing-queries.ts'
import { CreditsSection } from '#web/features/billing/components/credits-section.tsx'
import { InvoiceSection } from '#web/features/billing/components/invoice-section.tsx'
import { PaymentMethodsSection } from '#web/features/billing/components/payment-methods-section.tsx'
import { PlansSection } from '#web/features/billing/components/plans-section.tsx'
import { SpendSummary } from '#web/features/billing/components/spend-summary.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/billing.ts'

/**
 * The two forms at the foot of the page load once its reads have come and a person scrolls near
 * them: what the screen opens on (spend, credits, invoices) does not wait for them, nor for the
 * validator they bring, and a visit that stays on top never runs them.
 */
const BillingDetailsSection = lazy(() =>
  import('#web/features/billing/components/billing-details-section.tsx').then((module) => ({
    default: module.BillingDetailsSection,
  })),
)
const BudgetAlertsSection = lazy(() =>
  import('#web/features/billing/components/budget-alerts-section.tsx').then((module) => ({
    default: module.BudgetAlertsSection,
  })),
)

/** /billing: spend so far and forecast, credits, invoices, payment methods, plans, details, alerts. */
export default function BillingRoute() {
  const { t } = useTranslation()
  const { user } = useUser()
  const isAdmin = user?.role === 'admin' || user?.role === 'super_admin'
  const cardPayments = usePaymentMethods().data?.cardPaymentsConfigured ?? false
  useMethodAddedToast()
  const later = (section: ReactNode) => (
    <WhenNearScreen fallback={<LoadingBlock label={t('common.loading')} rows={4} />}>
      {section}
    </WhenNearScreen>
  )

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.billing')}</h1>
        <p className="text-muted-foreground">{isAdmin ? t('billing.lead') : t('billing.leadMember')}</p>
      </header>
      <SpendSummary />
      <CreditsSection canPay={isAdmin} cardPayments={cardPayments} />
      <InvoiceSection canPay={isAdmin} cardPayments={cardPayments} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentMethodsSection canPay={isAdmin} />
        <PlansSection />
      </div>
      {later(<BillingDetailsSection canEdit={isAdmin} />)}
      {later(<BudgetAlertsSection canEdit={isAdmin} />)}
    </div>
  )
}

/** Back from Checkout's setup mode (?method=added): say so once, then drop the parameter. */
function useMethodAddedToast() {
  const { t } = useTranslation()
  const [searchParams, setSearchParams] = useSearchParams()
  const added = searchParams.get('method') === 'added'
  useEffect(() => {
    if (!added) return
    toast({ title: t('billing.methods.added'), variant: 'success' })
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('method')
        return next
      },
      { replace: true },
    )
  }, [added, setSearchParams, t])
}
