import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import type { PriceBreakdown } from '#common/schemas/clusters.ts'
import type { OrderRequest } from '#common/schemas/orders.ts'
import { InvoicePreview } from '#web/components/invoice-preview.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import type { TFunction } from '#web/lib/i18n.ts'
import { useDebounced } from '#web/lib/use-debounced.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { orderQuoteQueryOptions } from '../api/quote-order.ts'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

const QUOTE_DEBOUNCE_MS = 400

/**
 * The server's price of the order: subtotal, the PARIS line, why a code was refused, the total;
 * then what its invoice will charge (VAT, credits) and how it will be paid.
 */
export function OrderQuote({
  request,
  wizard,
}: {
  request: OrderRequest | null
  wizard: StepProps['wizard']
}) {
  const { t } = useTranslation()
  const debounced = useDebounced(request, QUOTE_DEBOUNCE_MS)
  const settled = JSON.stringify(debounced) === JSON.stringify(request)
  const quote = useQuery(orderQuoteQueryOptions(settled ? debounced : null))
  const { showServerProblems } = wizard

  // Only a new answer says something new about the fields (not each edit of the draft).
  useEffect(() => {
    if (quote.error instanceof ApiError && quote.error.status === 400)
      showServerProblems(quote.error, { moveToStep: false })
  }, [quote.error, showServerProblems])

  let body: ReactNode
  if (!request) body = <p className="text-sm text-muted-foreground">{t('clusterConfig.quote.incomplete')}</p>
  else if (!settled || quote.isPending)
    body = (
      <div role="status" className="grid gap-2">
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('clusterConfig.quote.loading')}
        </span>
        <Skeleton className="h-6 w-40 rounded" />
      </div>
    )
  else if (quote.isError)
    body = (
      <RetryAlert
        message={t('clusterConfig.quote.error', { message: quote.error.message })}
        onRetry={() => void quote.refetch()}
      />
    )
  else
    body = (
      <>
        <QuoteLines quote={quote.data} />
        <InvoicePreview
          preview={quote.data.invoice}
          billingCycle={quote.data.billingCycle}
          className="border-t pt-3"
        />
      </>
    )

  return (
    <section
      aria-labelledby="quote-title"
      data-testid="quote"
      aria-busy={Boolean(request) && (!settled || quote.isFetching)}
      className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5"
    >
      <h3 id="quote-title" className="font-semibold">
        {t('clusterConfig.quote.title')}
      </h3>
      {body}
    </section>
  )
}

function QuoteLines({ quote }: { quote: PriceBreakdown }) {
  const { t } = useTranslation()
  const money = useMoney()
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid gap-2">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t(`clusterConfig.quote.subtotal.${quote.billingCycle}`)}</dt>
          <dd className="tabular-nums" data-testid="quote-subtotal">
            {money.cents(quote.subtotalCents)}
          </dd>
        </div>
        {quote.discountCents > 0 && (
          <div className="flex justify-between gap-3 text-success">
            <dt>{t('clusterConfig.quote.discount', { code: quote.promoCode ?? '' })}</dt>
            <dd className="tabular-nums font-medium" data-testid="promo-discount">
              −{money.cents(quote.discountCents)}
            </dd>
          </div>
        )}
      </dl>
      {quote.promoMessage && (
        <div className="text-sm font-medium text-destructive" data-testid="promo-message" role="alert">
          {promoMessage(quote.promoMessage, t)}
        </div>
      )}
      <dl>
        <div className="flex items-baseline justify-between gap-3 border-t pt-2 text-base">
          <dt className="font-semibold">{t(`clusterConfig.quote.total.${quote.billingCycle}`)}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="review-total">
            {money.cents(quote.totalCents)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('clusterConfig.quote.hourly', { price: money.millicents(quote.hourlyMillicents) })}
      </p>
    </div>
  )
}

/** The server's reason for refusing a code, in the page's language when it is a known one. */
function promoMessage(message: string, t: TFunction): string {
  const keys: Record<string, string> = {
    'This promo code does not exist.': 'unknown_code',
    'The code PARIS is valid for your organization’s first purchase only.': 'not_first_paid_order',
    'There is nothing to discount on this order.': 'nothing_to_pay',
  }
  const key = keys[message]
  return key ? t(`clusterConfig.quote.promoMessages.${key}`, { defaultValue: message }) : message
}
