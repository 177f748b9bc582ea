import { AlertCircle } from 'lucide-react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { cn } from '#web/lib/cn.ts'
import { focusFirstInvalid } from '#web/lib/form/focus-first-invalid.ts'
import type { MessageKey } from '#web/lib/i18n-keys.ts'
import {
  type LeadFieldErrors,
  leadFormError,
  leadServerFieldErrors,
  validateLeadForm,
} from '../lead-field-errors.ts'

/** A one-line input. */
export type TextLeadField = {
  name: string
  kind: 'text' | 'email' | 'tel'
  labelKey?: string
  autoComplete?: string
  optional?: boolean
  hintKey?: string
  /** Half a row from the small breakpoint up, beside another half. */
  half?: boolean
}

/** What a custom field (the demo's slot picker) gets to read and change its value. */
export type CustomFieldControl = {
  name: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  /** Empties the field but keeps its error (a chosen demo slot someone else has just booked). */
  clear: () => void
}

/** One field of a lead form; its label is `leads.fields.<name>` unless `labelKey` says otherwise. */
export type LeadField =
  | TextLeadField
  | { name: string; kind: 'textarea'; labelKey?: string; optional?: boolean }
  | { name: string; kind: 'select'; options: readonly string[]; half?: boolean }
  | { name: string; kind: 'custom'; render: (control: CustomFieldControl) => ReactNode }

/**
 * A lead form: its fields, checked with the shared schema before anything is sent, problems shown
 * beside each field in the page's language, and nothing typed lost on a refusal. The visitor's
 * language goes with the request, so their confirmation mail is written in it.
 */
export function LeadForm<Schema extends z.ZodType>({
  schema,
  fields,
  pending,
  submitLabel,
  onSubmit,
}: {
  schema: Schema
  fields: readonly LeadField[]
  pending: boolean
  submitLabel: string
  onSubmit: (data: z.output<Schema>, onError: (error: Error) => void) => void
}) {
  const { t, i18n } = useTranslation()
  const formRef = useRef<HTMLFormElement>(null)
  const fieldNames = fields.map((field) => field.name)
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fieldNames.map((name) => [name, ''])),
  )
  const [errors, setErrors] = useState<LeadFieldErrors>({})
  const [formError, setFormError] = useState<string>()

  function setValue(name: string, value: string, keepError = false) {
    setValues((current) => ({ ...current, [name]: value }))
    if (!keepError && errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFormError(undefined)
    const language = i18n.language === 'fr' ? 'fr' : 'en'
    const checked = validateLeadForm(schema, { ...values, language }, t)
    if (!checked.success) {
      setErrors(checked.errors)
      focusFirstInvalid(formRef.current, checked.errors)
      return
    }
    setErrors({})
    onSubmit(checked.data, (error) => {
      const fieldErrors = leadServerFieldErrors(error, fieldNames, t)
      setErrors(fieldErrors)
      if (Object.keys(fieldErrors).length > 0) focusFirstInvalid(formRef.current, fieldErrors)
      else setFormError(leadFormError(error, t))
    })
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      {formError && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <LeadFormField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value, keepError) => setValue(field.name, value, keepError)}
          />
        ))}
      </div>
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={t('leads.sending')} />
      <p className="text-center text-xs text-muted-foreground">
        <Trans
          i18nKey="leads.privacy"
          components={{
            privacy: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words inside.
              <a
                href="/privacy-policy"
                className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
              />
            ),
          }}
        />
      </p>
    </form>
  )
}

function LeadFormField({
  field,
  value,
  error,
  onChange,
}: {
  field: LeadField
  value: string
  error: string | undefined
  onChange: (value: string, keepError?: boolean) => void
}) {
  const { t } = useTranslation()
  if (field.kind === 'custom') {
    return (
      <div className="sm:col-span-2">
        {field.render({
          name: field.name,
          value,
          error,
          onChange: (next) => onChange(next),
          clear: () => onChange('', true),
        })}
      </div>
    )
  }
  const labelText = t(
    ('labelKey' in field && field.labelKey ? field.labelKey : `leads.fields.${field.name}`) as MessageKey,
  )
  const optional = 'optional' in field && field.optional
  const label = optional ? (
    <>
      {labelText} <span className="font-normal text-muted-foreground">({t('leads.optional')})</span>
    </>
  ) : (
    labelText
  )
  const half = 'half' in field && field.half
  const hint =
    field.kind !== 'select' && 'hintKey' in field && field.hintKey
      ? t(field.hintKey as MessageKey)
      : undefined
  const common = {
    name: field.name,
    value,
    required: !optional,
  }
  return (
    <FormField label={label} error={error} hint={hint} className={cn(!half && 'sm:col-span-2')}>
      {(control) => {
        if (field.kind === 'textarea')
          return (
            <Textarea {...control} {...common} rows={5} onChange={(event) => onChange(event.target.value)} />
          )
        if (field.kind === 'select')
          return (
            <NativeSelect {...control} {...common} onChange={(event) => onChange(event.target.value)}>
              <option value="">{t('leads.choose')}</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {t(`leads.options.${field.name}.${option}` as MessageKey)}
                </option>
              ))}
            </NativeSelect>
          )
        return (
          <Input
            {...control}
            {...common}
            type={field.kind}
            inputMode={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : undefined}
            autoComplete={field.autoComplete}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }}
    </FormField>
  )
}
