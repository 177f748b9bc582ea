import type { ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form.tsx'
import { PasswordInput } from './password-input.tsx'

/**
 * A password field of a form, with its show/hide toggle (`showLabel` names it for screen
 * readers); `describe` adds a line under the field from what is typed (a new password's rules).
 */
export function FormPasswordField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Transformed = Values,
>({
  control,
  name,
  label,
  autoComplete,
  showLabel,
  describe,
}: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: string
  autoComplete: 'current-password' | 'new-password'
  showLabel: string
  describe?: (typed: string) => ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <PasswordInput {...field} autoComplete={autoComplete} required showLabel={showLabel} />
          </FormControl>
          {describe && <FormDescription>{describe(String(field.value ?? ''))}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
