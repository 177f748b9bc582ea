import { Sparkles } from 'lucide-react'
import { type ReactNode, useEffect, useId } from 'react'
import { CURRENCY_SYMBOLS } from '#common/money.ts'
import {
  answersOf,
  COMPLIANCE_NEEDS,
  GPU_NEEDS,
  WORKLOAD_ENVIRONMENTS,
  type WorkloadAnswers,
  type WorkloadQuestionnaire,
  workloadQuestionnaireSchema,
} from '#common/smart-suggestions/index.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/suggestions.ts'

/**
 * The questionnaire of smart suggestions: the workload in a few answers, checked with the shared
 * schema; the budget typed in the visitor's currency becomes USD cents at today's rate.
 */
export function SuggestionForm({
  defaultValues,
  onChange,
  onAnswers,
}: {
  defaultValues: WorkloadQuestionnaire
  /** Every change, so the page can keep the answers across a visit to the wizard. */
  onChange: (values: WorkloadQuestionnaire) => void
  /** The checked answers, with the questionnaire as typed. */
  onAnswers: (answers: WorkloadAnswers, typed: WorkloadQuestionnaire) => void
}) {
  const { t } = useTranslation()
  const { currency, rates } = useMoney()
  const form = useZodForm(workloadQuestionnaireSchema, { defaultValues })
  useEffect(() => {
    const subscription = form.watch((values) => onChange({ ...defaultValues, ...values }))
    return () => subscription.unsubscribe()
  }, [form, onChange, defaultValues])

  const numberField = (name: 'services' | 'peakRequestsPerSecond' | 'dataVolumeGb', hint?: string) => (
    <FormInputField
      control={form.control}
      name={name}
      label={t(`suggestions.fields.${name}`)}
      description={hint}
      type="number"
      inputMode="numeric"
      min={name === 'services' ? 1 : 0}
    />
  )
  return (
    <Form
      form={form}
      onSubmit={(questionnaire) => onAnswers(answersOf(questionnaire, currency, rates), form.getValues())}
      className="gap-6 rounded-xl border bg-card p-5 sm:p-6"
      data-testid="suggestion-form"
    >
      <div className="grid gap-5 sm:grid-cols-3">
        {numberField('services')}
        {numberField('peakRequestsPerSecond', t('suggestions.hints.peakRequestsPerSecond'))}
        {numberField('dataVolumeGb')}
      </div>
      <FormField
        control={form.control}
        name="stateful"
        render={({ field }) => (
          <CheckboxField
            name={field.name}
            label={t('suggestions.fields.stateful')}
            hint={t('suggestions.hints.stateful')}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <FormField
        control={form.control}
        name="gpu"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={t('suggestions.fields.gpu')}
            value={field.value}
            options={GPU_NEEDS.map((value) => ({ value, label: t(`suggestions.gpu.${value}`) }))}
            onChange={field.onChange}
          />
        )}
      />
      <FormField
        control={form.control}
        name="compliance"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={t('suggestions.fields.compliance')}
            value={field.value}
            options={COMPLIANCE_NEEDS.map((value) => ({
              value,
              label: t(`suggestions.compliance.${value}`),
              hint: t(`suggestions.complianceHints.${value}`),
            }))}
            onChange={field.onChange}
          />
        )}
      />
      <FormField
        control={form.control}
        name="environment"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={t('suggestions.fields.environment')}
            value={field.value}
            options={WORKLOAD_ENVIRONMENTS.map((value) => ({
              value,
              label: t(`suggestions.environments.${value}`),
            }))}
            onChange={field.onChange}
          />
        )}
      />
      <FormField
        control={form.control}
        name="monthlyBudget"
        render={({ field }) => (
          <FormItem className="sm:max-w-xs">
            <FormLabel>{t('suggestions.fields.monthlyBudget', { currency })}</FormLabel>
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                aria-hidden="true"
              >
                {CURRENCY_SYMBOLS[currency]}
              </span>
              <FormControl>
                <Input {...field} type="number" inputMode="decimal" min={1} className="pl-8" />
              </FormControl>
            </div>
            <FormDescription>{t('suggestions.hints.monthlyBudget')}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <div>
        <Button type="submit" size="lg">
          <Sparkles aria-hidden="true" />
          {t('suggestions.submit')}
        </Button>
      </div>
    </Form>
  )
}

function RadioGroup<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string
  legend: ReactNode
  value: T
  options: { value: T; label: string; hint?: string }[]
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-describedby={option.hint ? `${id}-${option.value}` : undefined}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              {option.hint && (
                <span id={`${id}-${option.value}`} className="text-xs text-muted-foreground">
                  {option.hint}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
