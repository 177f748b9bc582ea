import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormPasswordField } from '#web/components/ui/form-password-field.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { PasswordRules } from './password-rules.tsx'
import '#web/lib/strings/auth.ts'

/** A password field of the sign-in forms; a new password shows the rules it must follow as the person types. */
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
    <FormPasswordField
      control={control}
      name={name}
      label={label}
      autoComplete={autoComplete}
      showLabel={t('auth.fields.showPassword')}
      {...(showRules ? { describe: (typed: string) => <PasswordRules password={typed} /> } : {})}
    />
  )
}
