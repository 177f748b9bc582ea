import { CircleCheck, CircleX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { usePaymentStatus } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

const PAYMENT_ID = /^[0-9a-f-]{36}$/

/**
 * Checkout's return page. What was paid shows only once the server has Stripe's signed webhook
 * (the payment's status is asked until then): the URL's word is never enough.
 */
export function PaymentConfirmation() {
  const { t } = useTranslation()
  const money = useMoney()
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('payment')
  const paymentId = requested && PAYMENT_ID.test(requested) ? requested : null
  const payment = usePaymentStatus(paymentId)
  const back = (
    <Button asChild variant="outline">
      <Link to={href('billing')}>{t('billing.payment.backToBilling')}</Link>
    </Button>
  )

  if (!paymentId)
    return (
      <div className="grid justify-items-start gap-3" data-testid="payment-unknown">
        <p>{t('billing.payment.unknown')}</p>
        {back}
      </div>
    )
  if (payment.isError) return <LoadError title={t('billing.payment.loadFailed')} query={payment} />
  if (payment.isPending || payment.data.status === 'pending')
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border bg-card p-6"
        data-testid="payment-confirming"
      >
        <Spinner className="size-5" />
        <div className="grid gap-1">
          <p className="font-medium">{t('billing.payment.confirming')}</p>
          <p className="text-sm text-muted-foreground">{t('billing.payment.confirmingHint')}</p>
        </div>
      </div>
    )
  const paid = payment.data
  if (paid.status === 'failed')
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-xl border border-destructive/50 p-6"
        data-testid="payment-failed"
      >
        <p className="flex items-center gap-2 font-medium">
          <CircleX className="size-5 text-destructive" aria-hidden="true" />
          {t('billing.payment.failed')}
        </p>
        {back}
      </div>
    )
  return (
    <div
      role="status"
      className="grid justify-items-start gap-3 rounded-xl border bg-card p-6"
      data-testid="payment-succeeded"
    >
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="size-6 text-success" aria-hidden="true" />
        {t('billing.payment.received', { amount: money.amount(paid.amountCents, paid.currency) })}
      </p>
      <p className="text-muted-foreground">
        {paid.purpose === 'credits'
          ? t('billing.payment.creditsAdded')
          : t('billing.payment.invoicePaid', { number: paid.invoiceNumber ?? '' })}
      </p>
      <Button asChild>
        <Link to={href('billing')}>{t('billing.payment.backToBilling')}</Link>
      </Button>
    </div>
  )
}
