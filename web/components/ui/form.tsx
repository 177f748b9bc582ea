import { AlertCircle } from 'lucide-react'
import {
  type ChangeEvent,
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useState,
} from 'react'
import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form'
import { cn } from '#web/lib/cn.ts'
import { useValidationMessage } from '#web/lib/form/validation-message.ts'
import { Alert, AlertDescription } from './alert.tsx'
import { Input } from './input.tsx'
import { Label } from './label.tsx'
import { NativeSelect } from './native-select.tsx'
import { Slot } from './slot.tsx'
import { Textarea } from './textarea.tsx'

/*
 * The app's one way to lay out a form (shadcn's form, over react-hook-form): `Form` holds the
 * form's state, each `FormField` ties one field to its label, hint and message, and `FormControl`
 * wires the control's id, `aria-invalid` and `aria-describedby`. Values and errors live in the
 * form (useZodForm), never in the component's own state.
 */

/**
 * The `<form>` with its state: `noValidate` (the shared schema checks, in the visitor's language),
 * `aria-busy` while it is sent, submission through the form's handler. Its submit stays its own: a
 * form in a dialog's portal does not also submit the form the dialog was opened from.
 */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<Values, unknown, Output>
  onSubmit: (values: Output) => unknown
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-busy={form.formState.isSubmitting || undefined}
        className={cn('grid gap-5', className)}
        onSubmit={(event) => {
          event.stopPropagation()
          return form.handleSubmit(onSubmit)(event)
        }}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  )
}

type FieldContextValue = { name: string }
const FieldContext = createContext<FieldContextValue | null>(null)

/** One field of the form: `render` receives react-hook-form's `field` (value, onChange, ref…). */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>(
  props: ControllerProps<Values, Name, Transformed>,
) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  )
}

type ItemContextValue = { id: string; hasDescription: boolean; setHasDescription: (shown: boolean) => void }
const ItemContext = createContext<ItemContextValue | null>(null)

/** The ids of the field around: its control, hint and message, and its error. */
export function useFormField() {
  const field = useContext(FieldContext)
  const item = useContext(ItemContext)
  if (!field || !item) throw new Error('useFormField is used inside a FormField and a FormItem')
  const { getFieldState } = useFormContext()
  const state = useFormState({ name: field.name })
  const fieldState = getFieldState(field.name, state)
  return {
    name: field.name,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    hasDescription: item.hasDescription,
    setHasDescription: item.setHasDescription,
    messageId: `${item.id}-message`,
    error: fieldState.error,
  }
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId()
  const [hasDescription, setHasDescription] = useState(false)
  return (
    <ItemContext.Provider value={{ id, hasDescription, setHasDescription }}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </ItemContext.Provider>
  )
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { controlId, error } = useFormField()
  return (
    <Label
      data-slot="form-label"
      data-error={Boolean(error) || undefined}
      htmlFor={controlId}
      className={className}
      {...props}
    />
  )
}

/** The control itself (an Input, a select…): receives the id and the ARIA wiring. */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { controlId, descriptionId, messageId, error, hasDescription } = useFormField()
  const describedBy = [error ? messageId : undefined, hasDescription ? descriptionId : undefined]
    .filter(Boolean)
    .join(' ')
  return (
    <Slot
      data-slot="form-control"
      id={controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...props}
    />
  )
}

/** A label row with something beside it, such as a "Forgot password?" link. */
export function FormLabelRow({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      {children}
      {action}
    </div>
  )
}

export function FormDescription({ className, ...props }: ComponentProps<'div'>) {
  const { descriptionId, setHasDescription } = useFormField()
  // The control is described by the hint only while the hint is there.
  useLayoutEffect(() => {
    setHasDescription(true)
    return () => setHasDescription(false)
  }, [setHasDescription])
  return (
    <div
      data-slot="form-description"
      id={descriptionId}
      className={cn('text-xs text-muted-foreground', className)}
      {...props}
    />
  )
}

/**
 * The problem of a field that is not one control (a group of radio cards, a list), in the visitor's
 * language, for the group to show and be described by.
 */
export function useFieldMessage(name: string): string | undefined {
  const { errors } = useFormState({ name })
  const translate = useValidationMessage()
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined
  const message = error?.message ?? error?.root?.message
  return message ? translate(message) : undefined
}

/** The field's problem, in the visitor's language (the schema and the API speak English). */
export function FormMessage({ className, ...props }: ComponentProps<'p'>) {
  const { messageId, error } = useFormField()
  const translate = useValidationMessage()
  if (!error?.message) return null
  return (
    <p
      data-slot="form-message"
      id={messageId}
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {translate(error.message)}
    </p>
  )
}

/**
 * What went wrong with the form as a whole (a refusal that is no field's, set by
 * `applyServerErrors`), above the fields.
 */
export function FormAlert() {
  const { errors } = useFormState()
  const translate = useValidationMessage()
  const message = errors.root?.server?.message
  if (!message) return null
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{translate(message)}</AlertDescription>
    </Alert>
  )
}

/**
 * The common case in one line: a labelled text input with its optional hint and its message;
 * `keepTyped` filters what is typed as it is typed (a code keeps its digits). A choice among
 * options is `FormSelectField`, a password `FormPasswordField`; anything else (a custom control)
 * composes FormField and FormItem itself.
 */
export function FormInputField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed = Values,
>({
  control,
  name,
  label,
  description,
  className,
  inputClassName,
  keepTyped,
  ...inputProps
}: Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: ReactNode
  description?: ReactNode
  /** The input's own classes (`className` is the field's, around its label and message). */
  inputClassName?: string
  keepTyped?: (typed: string) => string
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...inputProps}
              {...field}
              className={inputClassName}
              value={field.value ?? ''}
              {...(keepTyped && {
                onChange: (event: ChangeEvent<HTMLInputElement>) =>
                  field.onChange(keepTyped(event.target.value)),
              })}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A labelled choice among options (a native select), with its optional hint and its message. */
export function FormSelectField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed = Values,
>({
  control,
  name,
  label,
  description,
  className,
  options,
}: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: ReactNode
  description?: ReactNode
  className?: string
  options: readonly { value: string; label: string }[]
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A labelled multi-line text, with its message. */
export function FormTextareaField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed = Values,
>({
  control,
  name,
  label,
  className,
  rows = 3,
  ...textareaProps
}: Omit<ComponentProps<typeof Textarea>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...textareaProps} {...field} rows={rows} value={field.value ?? ''} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
