import { useId } from 'react'
import type { BillingCycle } from '#common/pricing.ts'
import type { InvoicePreview as Preview } from '#common/schemas/billing.ts'
import { cn } from '#web/lib/cn.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/billing.ts'

/**
 * What the invoice of an order will charge, as the server's quote says it (the invoices' own
 * computation): the amount in the billing currency, the credits used first, the VAT line or the
 * mention that replaces it, the total, and how the rest will be paid, in the invoice's words.
 * The cluster wizard's review and the marketplace's order form both show it above their order
 * button.
 */
export function InvoicePreview({
  preview,
  billingCycle,
  className,
}: {
  preview: Preview
  billingCycle: BillingCycle
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const money = useMoney()
  const id = useId()
  const amount = (cents: number) => money.amount(cents, preview.currency)
  const { payment } = preview
  const reference = t('billing.orderInvoice.invoiceNumber')
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="invoice-preview"
      className={cn('grid gap-2 text-sm', className)}
    >
      <h4 id={`${id}-title`} className="font-semibold">
        {t('billing.orderInvoice.title')}
      </h4>
      <p className="text-xs text-muted-foreground">
        {t(`billing.orderInvoice.lead.${billingCycle}`, { currency: preview.currency })}
      </p>
      <dl className="grid gap-1.5">
        <Row label={t('billing.orderInvoice.amount')} value={amount(preview.amountCents)} />
        {preview.creditsAppliedCents > 0 && (
          <Row
            label={t('billing.orderInvoice.creditsApplied')}
            value={`−${amount(preview.creditsAppliedCents)}`}
          />
        )}
        <div className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5" data-testid="invoice-vat">
          <dt className="text-muted-foreground">
            {t('billing.orderInvoice.vatRate', {
              percent: preview.vatRatePercent.toLocaleString(i18n.language),
            })}
          </dt>
          <dd className="tabular-nums">{amount(preview.vatCents)}</dd>
          {preview.vatTreatment !== 'domestic' && (
            <dd className="col-span-2 text-xs text-muted-foreground" data-testid="invoice-vat-mention">
              {t(`billing.orderInvoice.vatMention.${preview.vatTreatment}`)}
            </dd>
          )}
        </div>
        <div className="flex justify-between gap-3 border-t pt-1.5 font-medium">
          <dt>{t('billing.orderInvoice.total')}</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {amount(preview.totalCents)}
          </dd>
        </div>
      </dl>
      <h4 className="mt-1 font-semibold">{t('billing.orderInvoice.paidWith')}</h4>
      <ol className="grid list-decimal gap-1 ps-5 break-words" data-testid="payment-means">
        <li data-testid="payment-credits">
          {preview.creditsAppliedCents > 0
            ? t('billing.orderInvoice.credits', {
                balance: amount(preview.creditsBalanceCents),
                applied: amount(preview.creditsAppliedCents),
              })
            : t('billing.orderInvoice.noCredits', { balance: amount(preview.creditsBalanceCents) })}
        </li>
        {payment.card && <li data-testid="payment-card">{t('billing.orderInvoice.card')}</li>}
        {payment.bankTransfer && (
          <li data-testid="payment-bank-transfer">
            {t('billing.orderInvoice.bankTransfer', { ...payment.bankTransfer, reference })}
          </li>
        )}
        {!payment.card && !payment.bankTransfer && (
          <li>{t('billing.orderInvoice.writeTo', { billingEmail: payment.billingEmail, reference })}</li>
        )}
      </ol>
    </section>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
