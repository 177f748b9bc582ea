import { z } from 'zod'
import { CURRENCIES } from '#common/money.ts'
import { centsOfUnits } from '#common/pricing.ts'
import { creditGrantRequestSchema } from '#common/schemas/billing.ts'
import { check } from '#common/validation-messages.ts'
import { Form, FormAlert, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useGrantCredits } from '../api/officer-billing.ts'
import '#web/lib/strings/officers.ts'

/**
 * Units of the organization's billing currency typed, cents of it sent, with the currency named:
 * the server refuses an amount in another currency than the organization's.
 */
const creditGrantFormSchema = z
  .object({
    billingId: creditGrantRequestSchema.shape.billingId,
    currency: creditGrantRequestSchema.shape.currency,
    amount: z.coerce
      .number()
      .min(1, check('atLeast', { minimum: 1 }))
      .max(100_000, check('atMost', { maximum: 100_000 })),
    expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, check('required')),
    note: creditGrantRequestSchema.shape.note,
  })
  .transform(({ amount, ...grant }) => ({ ...grant, amountCents: centsOfUnits(amount) }))

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }))

const inThreeMonths = () => new Date(Date.now() + 90 * 24 * 3_600_000).toISOString().slice(0, 10)

/** Credits for an organization, found by its billing ID, with the day they expire. */
export function CreditGrantForm() {
  const { t } = useTranslation()
  const money = useMoney()
  const grant = useGrantCredits()
  const form = useZodForm(creditGrantFormSchema, {
    defaultValues: { billingId: '', currency: 'EUR', amount: 100, expiresOn: inThreeMonths(), note: '' },
  })
  const currency = form.watch('currency')
  return (
    <Form
      form={form}
      className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2"
      onSubmit={(values) =>
        grant.mutate(values, {
          onSuccess: (granted) => {
            toast({
              title: t('officers.credits.granted', {
                amount: money.amount(granted.amountCents, granted.currency),
                organization: granted.organizationName,
              }),
              variant: 'success',
            })
            form.reset({
              billingId: '',
              currency: granted.currency,
              amount: 100,
              expiresOn: inThreeMonths(),
              note: '',
            })
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    >
      <div className="sm:col-span-2">
        <FormAlert />
      </div>
      <FormInputField
        control={form.control}
        name="billingId"
        label={t('officers.credits.billingId')}
        autoComplete="off"
        spellCheck={false}
      />
      <FormInputField
        control={form.control}
        name="amount"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        label={t('officers.credits.amount', { currency })}
      />
      <FormSelectField
        control={form.control}
        name="currency"
        label={t('officers.credits.currency')}
        description={t('officers.credits.currencyHint')}
        options={CURRENCY_OPTIONS}
      />
      <FormInputField
        control={form.control}
        name="expiresOn"
        type="date"
        label={t('officers.credits.expiresOn')}
      />
      <FormInputField
        control={form.control}
        name="note"
        label={t('officers.credits.note')}
        description={t('officers.credits.noteHint')}
      />
      <SubmitButton
        className="sm:col-span-2 sm:w-auto sm:justify-self-start"
        pending={grant.isPending}
        label={t('officers.credits.grant')}
        pendingLabel={t('officers.credits.granting')}
      />
    </Form>
  )
}
