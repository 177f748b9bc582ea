import { Sparkles } from 'lucide-react'
import { type FormEvent, type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCY_SYMBOLS } from '#common/money.ts'
import { COMPLIANCE_NEEDS, GPU_NEEDS, WORKLOAD_ENVIRONMENTS } from '#common/smart-suggestions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import type { AnswerErrors, AnswerFields } from '../suggestion-answers.ts'
import { CheckboxField } from './controls.tsx'

/** The questionnaire of smart suggestions: the workload in a few answers. */
export function SuggestionForm({
  fields,
  errors,
  onChange,
  onSubmit,
}: {
  fields: AnswerFields
  errors: AnswerErrors
  onChange: (change: Partial<AnswerFields>) => void
  onSubmit: () => void
}) {
  const { t } = useTranslation()
  const { currency } = useMoney()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  const numberField = (name: 'services' | 'peakRequestsPerSecond' | 'dataVolumeGb', hint?: string) => (
    <FormField label={t(`suggestions.fields.${name}`)} error={errors[name]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={name === 'services' ? 1 : 0}
          value={fields[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      )}
    </FormField>
  )
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-6 rounded-xl border bg-card p-5 sm:p-6"
      data-testid="suggestion-form"
    >
      <div className="grid gap-5 sm:grid-cols-3">
        {numberField('services')}
        {numberField('peakRequestsPerSecond', t('suggestions.hints.peakRequestsPerSecond'))}
        {numberField('dataVolumeGb')}
      </div>
      <CheckboxField
        name="stateful"
        label={t('suggestions.fields.stateful')}
        hint={t('suggestions.hints.stateful')}
        checked={fields.stateful}
        onCheckedChange={(stateful) => onChange({ stateful })}
      />
      <RadioGroup
        name="gpu"
        legend={t('suggestions.fields.gpu')}
        value={fields.gpu}
        options={GPU_NEEDS.map((value) => ({ value, label: t(`suggestions.gpu.${value}`) }))}
        onChange={(gpu) => onChange({ gpu })}
      />
      <RadioGroup
        name="compliance"
        legend={t('suggestions.fields.compliance')}
        value={fields.compliance}
        options={COMPLIANCE_NEEDS.map((value) => ({
          value,
          label: t(`suggestions.compliance.${value}`),
          hint: t(`suggestions.complianceHints.${value}`),
        }))}
        onChange={(compliance) => onChange({ compliance })}
      />
      <RadioGroup
        name="environment"
        legend={t('suggestions.fields.environment')}
        value={fields.environment}
        options={WORKLOAD_ENVIRONMENTS.map((value) => ({
          value,
          label: t(`suggestions.environments.${value}`),
        }))}
        onChange={(environment) => onChange({ environment })}
      />
      <FormField
        label={t('suggestions.fields.monthlyBudget', { currency })}
        hint={t('suggestions.hints.monthlyBudget')}
        error={errors.monthlyBudget}
        className="sm:max-w-xs"
      >
        {(control) => (
          <div className="relative">
            <span
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
              aria-hidden="true"
            >
              {CURRENCY_SYMBOLS[currency]}
            </span>
            <Input
              {...control}
              name="monthlyBudget"
              type="number"
              inputMode="decimal"
              min={1}
              className="pl-8"
              value={fields.monthlyBudget}
              onChange={(event) => onChange({ monthlyBudget: event.target.value })}
            />
          </div>
        )}
      </FormField>
      <div>
        <Button type="submit" size="lg">
          <Sparkles aria-hidden="true" />
          {t('suggestions.submit')}
        </Button>
      </div>
    </form>
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
