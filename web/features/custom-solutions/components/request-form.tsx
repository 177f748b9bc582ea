import { z } from 'zod'
import {
  COMPLIANCE_NEEDS,
  customSolutionRequestSchema,
  SLA_LEVELS,
} from '#common/schemas/custom-solutions.ts'
import { check } from '#common/validation-messages.ts'
import {
  Form,
  FormAlert,
  FormField,
  FormInputField,
  FormSelectField,
  FormTextareaField,
} from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSubmitCustomSolution } from '../api/custom-solutions.ts'
import '#web/lib/strings/custom-solutions.ts'

/** The budget typed as text (empty for none), sent as whole units; the rest as the API takes it. */
const formSchema = customSolutionRequestSchema.omit({ currency: true }).extend({
  budget: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,9}$/.test(value), check('wholeNumber'))
    .transform((value) => (value === '' ? null : Number(value))),
  deadline: z.string().transform((value) => value || null),
})

const EMPTY = {
  title: '',
  workload: '',
  components: '',
  compliance: [],
  sla: 'business' as const,
  budget: '',
  deadline: '',
}

/** What the catalog lacks, described for the solutions team: workload, parts, compliance, SLA, budget, deadline. */
export function CustomSolutionForm() {
  const { t } = useTranslation()
  const money = useMoney()
  const submit = useSubmitCustomSolution()
  const form = useZodForm(formSchema, { defaultValues: EMPTY })
  return (
    <Form
      form={form}
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:grid-cols-2"
      onSubmit={(values) =>
        submit.mutate(
          { ...values, currency: money.currency },
          {
            onSuccess: (created) => {
              toast({
                variant: 'success',
                title: t('customSolutions.sentTitle'),
                description: t('customSolutions.sentText', { reference: created.reference }),
              })
              form.reset(EMPTY)
            },
            onError: (error) => applyServerErrors(form, error),
          },
        )
      }
      data-testid="custom-solution-form"
    >
      <div className="sm:col-span-2">
        <FormAlert />
      </div>
      <FormInputField
        control={form.control}
        name="title"
        label={t('customSolutions.fields.title')}
        className="sm:col-span-2"
      />
      <FormTextareaField
        control={form.control}
        name="workload"
        rows={4}
        label={t('customSolutions.fields.workload')}
        className="sm:col-span-2"
      />
      <FormTextareaField
        control={form.control}
        name="components"
        label={t('customSolutions.fields.components')}
        className="sm:col-span-2"
      />
      <FormField
        control={form.control}
        name="compliance"
        render={({ field }) => {
          const chosen = field.value ?? []
          return (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">{t('customSolutions.fields.compliance')}</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {COMPLIANCE_NEEDS.map((need) => (
                  <label key={need} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--primary)]"
                      checked={chosen.includes(need)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...chosen, need] : chosen.filter((value) => value !== need),
                        )
                      }
                    />
                    {t(`customSolutions.compliance.${need}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )
        }}
      />
      <FormSelectField
        control={form.control}
        name="sla"
        label={t('customSolutions.fields.sla')}
        options={SLA_LEVELS.map((level) => ({ value: level, label: t(`customSolutions.sla.${level}`) }))}
      />
      <FormInputField
        control={form.control}
        name="budget"
        inputMode="numeric"
        label={t('customSolutions.fields.budget', { currency: money.currency })}
      />
      <FormInputField
        control={form.control}
        name="deadline"
        type="date"
        label={t('customSolutions.fields.deadline')}
      />
      <div className="sm:col-span-2">
        <SubmitButton
          pending={submit.isPending}
          label={t('customSolutions.submit')}
          pendingLabel={t('customSolutions.submitting')}
        />
      </div>
    </Form>
  )
}
