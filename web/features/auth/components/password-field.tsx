import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { PasswordRules } from './password-rules.tsx'

/**
 * A password field of a form, with its show/hide toggle; a new password shows the rules it must
 * follow as the person types.
 */
export function PasswordField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>({
  control,
  name,
  label,
  autoComplete,
  showRules = false,
}: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: string
  autoComplete: 'current-password' | 'new-password'
  showRules?: boolean
}) {
  const { t } = useTranslation()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <PasswordInput
              {...field}
              autoComplete={autoComplete}
              required
              showLabel={t('auth.fields.showPassword')}
            />
          </FormControl>
          {showRules && (
            <FormDescription>
              <PasswordRules password={String(field.value ?? '')} />
            </FormDescription>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
