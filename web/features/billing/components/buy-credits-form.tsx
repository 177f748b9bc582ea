import { z } from 'zod'
import { CREDIT_PURCHASE_MAX, CREDIT_PURCHASE_MIN, creditPurchaseSchema } from '#common/schemas/billing.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useBuyCredits } from '../api/billing-mutations.ts'
import { useBillingSummary } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/** The input gives text: it is read as a number, then checked as the server checks it. */
const creditPurchaseFormSchema = z.object({
  amount: z.coerce.number().pipe(creditPurchaseSchema.shape.amount),
})

/** Buy prepaid credits: an amount, then Checkout. */
export default function BuyCreditsForm() {
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
