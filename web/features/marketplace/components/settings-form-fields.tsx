import Form, { type IChangeEvent } from '@rjsf/core'
import type {
  ErrorSchema,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RegistryWidgetsType,
  RJSFSchema,
  RJSFValidationError,
  ValidatorType,
  WidgetProps,
} from '@rjsf/utils'
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { catalog } from '#common/contract/catalog.ts'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { urlOf } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { settingsUiSchema } from '../product-language.ts'
import '#web/lib/strings/installations.ts'

/**
 * A product's settings as a form generated from its JSON Schema (@rjsf/core), styled like the rest
 * of the app. It validates as the person types with ajv validators the server compiled ahead of
 * time (the content security policy forbids compiling them here); the server checks again and
 * its refusals come back on their fields (`serverErrors`).
 */

type Settings = Record<string, unknown>

export type SettingsFormProps = {
  productId: string
  schema: Record<string, unknown>
  value: Settings
  onChange: (settings: Settings, valid: boolean) => void
  /** The server's 400 issues, by setting name. */
  serverErrors?: Record<string, string>
  /** The product sheet's words in the reader's language (`sheetText`); the schema's own otherwise. */
  say?: (text: string) => string
  disabled?: boolean
}

declare global {
  var __settingsValidatorRuntime: Record<string, unknown> | undefined
}

/** ajv's runtime helpers the generated code may `require`, registered before it loads. */
async function registerValidatorRuntime() {
  if (globalThis.__settingsValidatorRuntime) return
  const [equal, ucs2length] = await Promise.all([
    import('ajv/dist/runtime/equal.js'),
    import('ajv/dist/runtime/ucs2length.js'),
  ])
  globalThis.__settingsValidatorRuntime = {
    'ajv/dist/runtime/equal': equal.default,
    'ajv/dist/runtime/ucs2length': ucs2length.default,
  }
}

function useSettingsValidator(productId: string, schema: RJSFSchema) {
  const input = { params: { id: productId } }
  return useQuery({
    queryKey: apiKey(catalog.settingsValidator, input, JSON.stringify(schema)),
    queryFn: async (): Promise<ValidatorType> => {
      await registerValidatorRuntime()
      const url = urlOf(catalog.settingsValidator, input)
      const module = (await import(/* @vite-ignore */ url)) as { default: Record<string, never> }
      return createPrecompiledValidator(module.default, schema)
    },
    meta: readsOf(catalog.settingsValidator),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export default function SettingsFormFields({
  productId,
  schema,
  value,
  onChange,
  serverErrors,
  disabled,
  say,
}: SettingsFormProps) {
  const { t } = useTranslation()
  const rootSchema = schema as RJSFSchema
  const validator = useSettingsValidator(productId, rootSchema)
  // Kept between renders: a new UI schema on every keystroke would have the form redraw every field.
  const uiSchema = useMemo(() => (say ? settingsUiSchema(schema, say) : undefined), [schema, say])
  if (validator.isPending) return <LoadingBlock label={t('installations.settings.loading')} rows={3} />
  if (validator.isError) return <LoadError title={t('installations.settings.failed')} query={validator} />

  const extraErrors = serverErrors
    ? (Object.fromEntries(
        Object.entries(serverErrors).map(([name, message]) => [name, { __errors: [message] }]),
      ) as ErrorSchema)
    : undefined

  const translate = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const key = `installations.settings.errors.${error.name}`
      const translated = t(key, { ...error.params, defaultValue: '' })
      return translated ? { ...error, message: translated } : error
    })

  return (
    <Form
      schema={rootSchema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator.data}
      disabled={disabled}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      transformErrors={translate}
      extraErrors={extraErrors}
      widgets={WIDGETS}
      templates={{
        FieldTemplate,
        ObjectFieldTemplate,
        ButtonTemplates: { SubmitButton: () => null },
      }}
      onChange={(event: IChangeEvent<Settings>) =>
        onChange(event.formData ?? {}, (event.errors ?? []).length === 0)
      }
      className="grid gap-4"
      idPrefix="settings"
    />
  )
}

function FieldTemplate({
  id,
  label,
  required,
  rawErrors,
  rawDescription,
  children,
  displayLabel,
  schema,
  hidden,
}: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>
  // The root object has no label of its own; a checkbox labels itself.
  const showLabel = displayLabel && schema.type !== 'object' && schema.type !== 'boolean'
  return (
    <div className="grid gap-1.5" data-testid={`setting-${id}`}>
      {showLabel && (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {children}
      {rawDescription && schema.type !== 'object' && (
        <p id={`${id}__description`} className="text-xs text-muted-foreground">
          {rawDescription}
        </p>
      )}
      {rawErrors && rawErrors.length > 0 && (
        <p id={`${id}__error`} role="alert" className="text-sm font-medium text-destructive">
          {rawErrors.join(' ')}
        </p>
      )}
    </div>
  )
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {properties.map((property) => property.content)}
    </div>
  )
}

function describedBy(props: WidgetProps) {
  return (
    [
      props.rawErrors?.length ? `${props.id}__error` : null,
      props.schema.description ? `${props.id}__description` : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  )
}

function TextWidget(props: WidgetProps) {
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number'
  return (
    <Input
      id={props.id}
      name={props.name}
      type={numeric ? 'number' : 'text'}
      inputMode={props.schema.type === 'integer' ? 'numeric' : undefined}
      value={props.value ?? ''}
      required={props.required}
      disabled={props.disabled || props.readonly}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => {
        const text = event.target.value
        if (text === '') return props.onChange(undefined)
        props.onChange(numeric && !Number.isNaN(Number(text)) ? Number(text) : text)
      }}
      onBlur={(event) => props.onBlur(props.id, event.target.value)}
      onFocus={(event) => props.onFocus(props.id, event.target.value)}
    />
  )
}

/**
 * A choice's options with the words a person reads: the schema's `enumTitles` (in the order of its
 * `enum`) where it has them, else the values themselves (technical values: "allkeys-lru").
 */
function labelled(props: WidgetProps): { label: string; value: unknown }[] {
  const options = (props.options.enumOptions ?? []) as { label: string; value: unknown }[]
  const values = props.schema.enum
  // The words in the reader's language (the UI schema's), else the schema's own.
  const titles = props.options.enumTitles ?? (props.schema as { enumTitles?: unknown }).enumTitles
  if (!Array.isArray(values) || !Array.isArray(titles)) return options
  return options.map((option) => {
    const title = titles[values.indexOf(option.value as never)]
    return typeof title === 'string' ? { ...option, label: title } : option
  })
}

function SelectWidget(props: WidgetProps) {
  // An array of choices comes here as a multiple select: one checkbox each reads better.
  if (props.multiple) return <CheckboxesWidget {...props} />
  const options = labelled(props)
  return (
    <NativeSelect
      id={props.id}
      name={props.name}
      value={String(props.value ?? '')}
      disabled={props.disabled || props.readonly}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) =>
        props.onChange(options.find((option) => String(option.value) === event.target.value)?.value)
      }
    >
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  )
}

function CheckboxWidget(props: WidgetProps) {
  return (
    <div className="flex items-center gap-3">
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        checked={props.value === true}
        disabled={props.disabled || props.readonly}
        aria-describedby={describedBy(props)}
        onChange={(event) => props.onChange(event.target.checked)}
        className="size-4 shrink-0 accent-[var(--primary)]"
      />
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
    </div>
  )
}

/** An array of choices (extensions, plugins): one checkbox each. */
function CheckboxesWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []) as { label: string; value: unknown }[]
  const chosen = Array.isArray(props.value) ? (props.value as unknown[]) : []
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy(props)}>
      <legend className="sr-only">{props.label}</legend>
      {options.map((option, index) => {
        const id = `${props.id}-${index}`
        return (
          <div key={String(option.value)} className="flex items-center gap-3">
            <input
              id={id}
              type="checkbox"
              checked={chosen.includes(option.value)}
              disabled={props.disabled || props.readonly}
              onChange={(event) =>
                props.onChange(
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value),
                )
              }
              className="size-4 shrink-0 accent-[var(--primary)]"
            />
            <label htmlFor={id} className="text-sm">
              {option.label}
            </label>
          </div>
        )
      })}
    </fieldset>
  )
}

const WIDGETS: RegistryWidgetsType = {
  TextWidget,
  UpDownWidget: TextWidget,
  SelectWidget,
  CheckboxWidget,
  CheckboxesWidget,
}
