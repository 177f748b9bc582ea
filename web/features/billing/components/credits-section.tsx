import { z } from 'zod'
import { CREDIT_PURCHASE_MAX, CREDIT_PURCHASE_MIN, creditPurchaseSchema } from '#common/schemas/billing.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useBuyCredits } from '../api/billing-mutations.ts'
import { useBillingSummary, useCredits } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/** The prepaid balance, what expires soon, its ledger and, for admins, "buy credits". */
export function CreditsSection({ canPay, cardPayments }: { canPay: boolean; cardPayments: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const { language } = useLanguage()
  const credits = useCredits()
  return (
    <SectionCard
      id="credits"
      title={t('billing.credits.title')}
      description={t('billing.credits.description')}
    >
      {credits.isPending ? (
        <LoadingBlock label={t('billing.credits.loading')} rows={2} />
      ) : credits.isError ? (
        <LoadError title={t('billing.credits.loadFailed')} query={credits} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="grid content-start gap-3">
            <div>
              <p className="text-sm text-muted-foreground">{t('billing.credits.balance')}</p>
              <p className="text-3xl font-semibold tabular-nums" data-testid="credits-balance">
                {money.cents(credits.data.balanceCents)}
              </p>
              {credits.data.expiringSoonCents > 0 && (
                <p className="text-sm text-muted-foreground">
                  {t('billing.credits.expiringSoon', { amount: money.cents(credits.data.expiringSoonCents) })}
                </p>
              )}
            </div>
            {canPay && cardPayments && <BuyCreditsForm />}
            {canPay && !cardPayments && (
              <p className="text-sm text-muted-foreground">{t('billing.credits.cardsOff')}</p>
            )}
          </div>
          {credits.data.entries.length === 0 ? (
            <p
              className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground"
              data-testid="credits-empty"
            >
              {t('billing.credits.empty')}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="credit-history">
                <caption className="sr-only">{t('billing.credits.history')}</caption>
                <thead className="text-left text-xs text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('billing.credits.date')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('billing.credits.entry')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('billing.credits.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {credits.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="py-2 pr-3 whitespace-nowrap">{dates.date(entry.createdAt)}</td>
                      <td className="py-2 pr-3">
                        {t(`billing.credits.kinds.${entry.kind}`)}
                        {entry.invoiceNumber && (
                          <span className="text-muted-foreground"> · {entry.invoiceNumber}</span>
                        )}
                        {entry.expiresAt && (
                          <span className="text-muted-foreground">
                            {' '}
                            · {t('billing.credits.expires', { date: dates.date(entry.expiresAt) })}
                          </span>
                        )}
                        {entry.note && (
                          <span className="block text-muted-foreground">
                            {language === 'fr' && entry.noteFrench ? entry.noteFrench : entry.note}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {/* A grant shows what the officer typed, in the organization's currency. */}
                        {entry.entered
                          ? money.amount(entry.entered.amountCents, entry.entered.currency)
                          : money.cents(entry.amountCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </SectionCard>
  )
}

/** The input gives text: it is read as a number, then checked as the server checks it. */
const creditPurchaseFormSchema = z.object({
  amount: z.coerce.number().pipe(creditPurchaseSchema.shape.amount),
})

function BuyCreditsForm() {
  const { t } = useTranslation()
  const buy = useBuyCredits()
  const currency = useBillingSummary().data?.billingCurrency ?? 'EUR'
  const form = useZodForm(creditPurchaseFormSchema, { defaultValues: { amount: 100 } })
  return (
    <Form
      form={form}
      className="grid gap-3"
      onSubmit={({ amount }) => buy.mutate(amount, { onError: (error) => applyServerErrors(form, error) })}
    >
      <FormAlert />
      <FormInputField
        control={form.control}
        name="amount"
        type="number"
        inputMode="numeric"
        min={CREDIT_PURCHASE_MIN}
        max={CREDIT_PURCHASE_MAX}
        step={1}
        label={t('billing.credits.buyAmount', { currency })}
        description={t('billing.credits.buyHint', { minimum: CREDIT_PURCHASE_MIN, currency })}
        data-testid="buy-credits-amount"
      />
      <SubmitButton
        pending={buy.isPending || buy.isSuccess}
        label={t('billing.credits.buy')}
        pendingLabel={t('billing.credits.redirecting')}
      />
    </Form>
  )
}
