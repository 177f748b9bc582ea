import { CreditCard, Landmark } from 'lucide-react'
import type { PaymentMethod, PaymentMethods } from '#common/schemas/billing.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  useAddPaymentMethod,
  useMakeDefaultPaymentMethod,
  useRemovePaymentMethod,
} from '../api/billing-mutations.ts'
import { usePaymentMethods } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/**
 * Saved cards and SEPA mandates (through Stripe, when it is configured), and the bank transfer
 * details when the operator gave its account: only the ways that are offered are named.
 */
export function PaymentMethodsSection({ canPay }: { canPay: boolean }) {
  const { t } = useTranslation()
  const methods = usePaymentMethods()
  const add = useAddPaymentMethod()
  const configured = methods.data?.cardPaymentsConfigured ?? false
  const transfer = methods.data?.bankTransfer ?? null
  return (
    <SectionCard
      id="payment-methods"
      title={t('billing.methods.title')}
      description={t('billing.methods.description')}
      action={
        canPay &&
        configured && (
          <Button size="sm" onClick={() => add.mutate()} disabled={add.isPending || add.isSuccess}>
            <CreditCard aria-hidden="true" />
            {t('billing.methods.add')}
          </Button>
        )
      }
    >
      {methods.isPending ? (
        <LoadingBlock label={t('billing.methods.loading')} rows={2} />
      ) : methods.isError ? (
        <LoadError title={t('billing.methods.loadFailed')} query={methods} />
      ) : (
        <div className="grid gap-4">
          {!configured && (
            <p className="rounded-lg bg-muted/60 p-3 text-sm" data-testid="cards-not-configured">
              {transfer
                ? t('billing.methods.notConfigured')
                : t('billing.methods.nothingConfigured', { email: methods.data.billingEmail })}
            </p>
          )}
          {configured && methods.data.items.length === 0 && (
            <p className="text-sm text-muted-foreground" data-testid="methods-empty">
              {transfer ? t('billing.methods.empty') : t('billing.methods.emptyCardsOnly')}
            </p>
          )}
          {methods.data.items.length > 0 && (
            <ul className="divide-y rounded-lg border" aria-label={t('billing.methods.title')}>
              {methods.data.items.map((method) => (
                <MethodRow key={method.id} method={method} canPay={canPay} />
              ))}
            </ul>
          )}
          {transfer && <BankTransfer bankTransfer={transfer} />}
        </div>
      )}
    </SectionCard>
  )
}

function MethodRow({ method, canPay }: { method: PaymentMethod; canPay: boolean }) {
  const { t } = useTranslation()
  const makeDefault = useMakeDefaultPaymentMethod()
  const remove = useRemovePaymentMethod()
  const name =
    method.type === 'card'
      ? t('billing.methods.card', { brand: method.brand ?? '', last4: method.last4 })
      : t('billing.methods.sepa', { last4: method.last4 })
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="grid gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {method.isDefault && <Badge variant="success">{t('billing.methods.default')}</Badge>}
        </p>
        {method.expMonth && method.expYear && (
          <p className="text-sm text-muted-foreground">
            {t('billing.methods.expires', {
              month: String(method.expMonth).padStart(2, '0'),
              year: method.expYear,
            })}
          </p>
        )}
      </div>
      {canPay && (
        <div className="flex flex-wrap gap-2">
          {!method.isDefault && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => makeDefault.mutate(method.id)}
              disabled={makeDefault.isPending}
            >
              {t('billing.methods.makeDefault')}
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={remove.isPending}>
                {t('billing.methods.remove')}
              </Button>
            }
            title={t('billing.methods.removeTitle', { name })}
            description={t('billing.methods.removeDescription')}
            confirmLabel={t('billing.methods.remove')}
            pendingLabel={t('billing.methods.removing')}
            cancelLabel={t('billing.cancel')}
            closeLabel={t('billing.close')}
            destructive
            pending={remove.isPending}
            onConfirm={(done) => remove.mutate(method.id, { onSuccess: done })}
          />
        </div>
      )}
    </li>
  )
}

function BankTransfer({ bankTransfer }: { bankTransfer: NonNullable<PaymentMethods['bankTransfer']> }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-2 rounded-lg border p-3" data-testid="bank-transfer">
      <p className="flex items-center gap-2 font-medium">
        <Landmark className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('billing.methods.bankTransfer')}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('billing.methods.beneficiary')}</dt>
        <dd>{bankTransfer.beneficiary}</dd>
        <dt className="text-muted-foreground">IBAN</dt>
        <dd className="font-mono break-all">{bankTransfer.iban}</dd>
        <dt className="text-muted-foreground">BIC</dt>
        <dd className="font-mono">{bankTransfer.bic}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{t('billing.methods.bankTransferHint')}</p>
    </div>
  )
}
