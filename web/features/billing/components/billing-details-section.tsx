import { useMemo } from 'react'
import { LANGUAGES } from '#common/language.ts'
import { CURRENCIES } from '#common/money.ts'
import { type BillingDetails, billingDetailsSchema } from '#common/schemas/billing.ts'
import { BILLING_COUNTRIES, isEuCountry } from '#common/vat.ts'
import {
  Form,
  FormAlert,
  FormInputField,
  FormSelectField,
  FormTextareaField,
} from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { useDrawnInSlices } from '#web/lib/drawn-in-slices.ts'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSaveBillingDetails } from '../api/billing-mutations.ts'
import { useBillingDetails } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'
import '#web/lib/strings/preferences.ts'

/** What every invoice carries: name, address, country, VAT number, PO number, billing email. */
export function BillingDetailsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation()
  const details = useBillingDetails()
  const drawn = useDrawnInSlices(details.isSuccess)
  return (
    <SectionCard
      id="billing-details"
      title={t('billing.details.title')}
      description={canEdit ? t('billing.details.description') : t('billing.details.readOnly')}
    >
      {details.isError ? (
        <LoadError title={t('billing.details.loadFailed')} query={details} />
      ) : drawn && details.isSuccess ? (
        <DetailsForm details={details.data} canEdit={canEdit} />
      ) : (
        <LoadingBlock label={t('billing.details.loading')} rows={3} />
      )}
    </SectionCard>
  )
}

function DetailsForm({ details, canEdit }: { details: BillingDetails; canEdit: boolean }) {
  const { t, i18n } = useTranslation()
  const save = useSaveBillingDetails()
  const form = useZodForm(billingDetailsSchema, {
    defaultValues: {
      ...details,
      vatNumber: details.vatNumber ?? '',
      purchaseOrderNumber: details.purchaseOrderNumber ?? '',
      billingEmail: details.billingEmail ?? '',
    },
  })
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  )
  const countries = useMemo(() => {
    // One collator for the sort: localeCompare with a language makes one per comparison.
    const collator = new Intl.Collator(i18n.language)
    return BILLING_COUNTRIES.map((code) => ({ value: code, label: countryNames.of(code) ?? code })).sort(
      (a, b) => collator.compare(a.label, b.label),
    )
  }, [countryNames, i18n.language])
  const country = form.watch('countryCode')
  return (
    <Form
      form={form}
      className="grid gap-4"
      onSubmit={(values) =>
        save.mutate(values, {
          onSuccess: (saved) =>
            form.reset({
              ...saved,
              vatNumber: saved.vatNumber ?? '',
              purchaseOrderNumber: saved.purchaseOrderNumber ?? '',
              billingEmail: saved.billingEmail ?? '',
            }),
          onError: (error) => applyServerErrors(form, error),
        })
      }
    >
      <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
        <FormAlert />
        <FormInputField
          control={form.control}
          name="companyName"
          label={t('billing.details.companyName')}
          autoComplete="organization"
        />
        <FormInputField
          control={form.control}
          name="billingEmail"
          type="email"
          label={t('billing.details.billingEmail')}
          description={t('billing.details.billingEmailHint')}
          autoComplete="email"
        />
        <FormTextareaField
          control={form.control}
          name="address"
          label={t('billing.details.address')}
          className="sm:col-span-2"
          autoComplete="street-address"
        />
        <FormSelectField
          control={form.control}
          name="countryCode"
          label={t('billing.details.country')}
          options={countries}
        />
        <FormInputField
          control={form.control}
          name="vatNumber"
          label={t('billing.details.vatNumber')}
          description={
            isEuCountry(country) ? t('billing.details.vatHintEu') : t('billing.details.vatHintOutside')
          }
          autoComplete="off"
          spellCheck={false}
        />
        <FormInputField
          control={form.control}
          name="purchaseOrderNumber"
          label={t('billing.details.purchaseOrder')}
          autoComplete="off"
        />
        <FormSelectField
          control={form.control}
          name="billingCurrency"
          label={t('billing.details.currency')}
          description={t('billing.details.currencyHint')}
          options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        />
        <FormSelectField
          control={form.control}
          name="language"
          label={t('billing.details.language')}
          description={t('billing.details.languageHint')}
          options={LANGUAGES.map((language) => ({
            value: language,
            label: t(`preferences.language.${language}`),
          }))}
        />
      </fieldset>
      {canEdit && (
        <SubmitButton
          className="sm:w-auto sm:justify-self-start"
          pending={save.isPending}
          label={t('billing.details.save')}
          pendingLabel={t('billing.details.saving')}
        />
      )}
    </Form>
  )
}
