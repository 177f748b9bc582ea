import { PaymentConfirmation } from '#web/features/billing/components/payment-confirmation.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** /payment-success: where Stripe's Checkout sends the customer back. */
export default function PaymentSuccessRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.paymentSuccess')}</h1>
      <PaymentConfirmation />
    </div>
  )
}
