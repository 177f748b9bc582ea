import type { ReactNode } from 'react'
import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import { href } from '#common/routes.ts'
import {
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { type ClusterTypeSlug, clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { cn } from '#web/lib/cn.ts'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useValidationMessage } from '#web/lib/form/validation-message.ts'
import type { TFunction } from '#web/lib/i18n.ts'
import type { MessageKey } from '#web/lib/i18n-keys.ts'
import { Trans, useTranslation } from '#web/lib/use-translation.tsx'
import type { Messages } from '#web/locales/en.ts'
import '#web/lib/strings/leads.ts'

type LeadMessages = Messages['leads']
/** A field labelled by `leads.fields.<name>`. */
type LabelledName = keyof LeadMessages['fields']
/** A closed choice whose options are worded under `leads.options.<name>`. */
type ChoiceName = keyof LeadMessages['options']

/** A one-line input. */
export type TextLeadField = {
  name: LabelledName
  kind: 'text' | 'email' | 'tel'
  labelKey?: MessageKey
  autoComplete?: string
  optional?: boolean
  hintKey?: MessageKey
  /** Half a row from the small breakpoint up, beside another half. */
  half?: boolean
}

/** A field's options: its own words (`leads.options`), and for the cluster type the types' names. */
type OptionOf<Name extends ChoiceName> =
  | keyof LeadMessages['options'][Name]
  | (Name extends 'clusterType' ? ClusterTypeSlug : never)

/** A choice among closed options, each worded in the locale files. */
type ChoiceLeadField = {
  [Name in ChoiceName]: {
    name: Name
    kind: 'select'
    options: readonly OptionOf<Name>[]
    half?: boolean
  }
}[ChoiceName]

/** What a custom field (the demo's slot picker) gets to read and change its value. */
export type CustomFieldControl = {
  name: string
  value: string
  /** The field's problem, in the page's language. */
  error: string | undefined
  onChange: (value: string) => void
  /** For the control the form focuses when the field is at fault. */
  ref: (element: HTMLElement | null) => void
  /** Empties the field but keeps its error (a chosen demo slot someone else has just booked). */
  clear: () => void
}

/** One field of a lead form; its label is `leads.fields.<name>` unless `labelKey` says otherwise. */
export type LeadField =
  | TextLeadField
  | ChoiceLeadField
  | { name: LabelledName; kind: 'textarea'; labelKey?: MessageKey; optional?: boolean }
  | { name: string; kind: 'custom'; render: (control: CustomFieldControl) => ReactNode }

/** Refusals that concern one field: the demo slot picked meanwhile by someone else, or not offered. */
const FIELD_OF_CODE = { SLOT_TAKEN: 'slotStart', SLOT_NOT_OFFERED: 'slotStart' }

/**
 * A lead form: its fields, checked with the shared schema before anything is sent, problems shown
 * beside each field in the page's language, and nothing typed lost on a refusal. The visitor's
 * language goes with the request, so their confirmation mail is written in it.
 */
export function LeadForm<Schema extends z.ZodType<unknown, FieldValues>>({
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
  const language = i18n.language === 'fr' ? 'fr' : 'en'
  const form = useZodForm(schema, {
    defaultValues: Object.fromEntries([
      ...fields.map((field) => [field.name, '']),
      ['language', language],
    ]) as DefaultValues<z.input<Schema>>,
  })

  const submit = (data: z.output<Schema>) => {
    if (pending) return
    onSubmit({ ...(data as object), language } as z.output<Schema>, (error) =>
      applyServerErrors(form, error, {
        fieldOfCode: FIELD_OF_CODE,
        formMessage: (failure) => leadFailureMessage(failure, t),
      }),
    )
  }

  return (
    <Form form={form} onSubmit={submit} aria-busy={pending || undefined}>
      <FormAlert />
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField
            key={field.name}
            control={form.control}
            name={field.name as never}
            render={({ field: control, fieldState }) =>
              field.kind === 'custom' ? (
                <CustomField
                  field={field}
                  value={String(control.value ?? '')}
                  error={fieldState.error?.message}
                  onChange={control.onChange}
                  focusRef={control.ref}
                  clear={() => form.setValue(field.name as never, '' as never)}
                />
              ) : (
                <LeadFormItem field={field} control={control} />
              )
            }
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
                href={href('privacyPolicy')}
                className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
              />
            ),
          }}
        />
      </p>
    </Form>
  )
}

/** The sentence for a failure that is no field's: too many attempts, or the service is away. */
export function leadFailureMessage(error: unknown, t: TFunction): string {
  return t(
    error instanceof ApiError && error.status === 429 ? 'leads.errors.rateLimited' : 'leads.errors.failed',
  )
}

function CustomField({
  field,
  value,
  error,
  onChange,
  focusRef,
  clear,
}: {
  field: Extract<LeadField, { kind: 'custom' }>
  value: string
  error: string | undefined
  onChange: (value: string) => void
  focusRef: (element: HTMLElement | null) => void
  clear: () => void
}) {
  const translate = useValidationMessage()
  return (
    <div className="sm:col-span-2">
      {field.render({
        name: field.name,
        value,
        error: error ? translate(error) : undefined,
        onChange,
        ref: focusRef,
        clear,
      })}
    </div>
  )
}

type FieldControl = {
  name: string
  value: unknown
  onChange: (value: unknown) => void
  onBlur: () => void
  ref: (element: HTMLElement | null) => void
}

/** An option's words: a cluster type by its name (`clusterTypeName`), any other from `leads.options`. */
function useOptionLabel(): (name: ChoiceName, option: string) => string {
  const { t } = useTranslation()
  return (name, option) =>
    name === 'clusterType' && option !== 'not_sure'
      ? clusterTypeName(t, { id: option })
      : // The option is one of this field's own (ChoiceLeadField), a pairing TypeScript cannot follow.
        t(`leads.options.${name}.${option}` as MessageKey)
}

function LeadFormItem({
  field,
  control,
}: {
  field: Exclude<LeadField, { kind: 'custom' }>
  control: FieldControl
}) {
  const { t } = useTranslation()
  const optionLabel = useOptionLabel()
  const labelText = t(
    field.kind !== 'select' && field.labelKey ? field.labelKey : `leads.fields.${field.name}`,
  )
  const optional = field.kind !== 'select' && field.optional
  const half = field.kind !== 'textarea' && field.half
  const hint =
    field.kind !== 'select' && field.kind !== 'textarea' && field.hintKey ? t(field.hintKey) : undefined
  const common = { ...control, value: String(control.value ?? ''), required: !optional }
  return (
    <FormItem className={cn(!half && 'sm:col-span-2')}>
      <FormLabel>
        {labelText}
        {optional && <span className="font-normal text-muted-foreground"> ({t('leads.optional')})</span>}
      </FormLabel>
      <FormControl>
        {field.kind === 'textarea' ? (
          <Textarea {...common} rows={5} />
        ) : field.kind === 'select' ? (
          <NativeSelect {...common}>
            <option value="">{t('leads.choose')}</option>
            {field.options.map((option) => (
              <option key={String(option)} value={String(option)}>
                {optionLabel(field.name, String(option))}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            {...common}
            type={field.kind}
            inputMode={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : undefined}
            autoComplete={field.autoComplete}
          />
        )}
      </FormControl>
      {hint && <FormDescription>{hint}</FormDescription>}
      <FormMessage />
    </FormItem>
  )
}
