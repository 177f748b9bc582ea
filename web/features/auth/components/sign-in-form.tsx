import { AlertCircle } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { loginRequestSchema } from '#common/schemas/auth.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { focusFirstInvalid } from '#web/lib/form/focus-first-invalid.ts'
import { type LoginResult, useLogin } from '../api/sign-in.ts'
import { type FieldErrors, serverFieldErrors, validateForm } from '../form-errors.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'

type SignInField = 'username' | 'password'
const FIELDS: readonly SignInField[] = ['username', 'password']

/** Username or email and password; the answer is a user or the request for a second factor. */
export function SignInForm({ onResult }: { onResult: (result: LoginResult) => void }) {
  const { t } = useTranslation()
  const login = useLogin()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<SignInField, string>>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({})
  const [formError, setFormError] = useState<string>()

  const change = (field: SignInField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (login.isPending) return
    setFormError(undefined)
    const checked = validateForm(loginRequestSchema, values)
    if (!checked.success) {
      setErrors(checked.errors)
      focusFirstInvalid(formRef.current, checked.errors)
      return
    }
    setErrors({})
    login.mutate(checked.data, {
      onSuccess: onResult,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.loginFailed'), error)
        const fieldErrors = serverFieldErrors(error, FIELDS)
        setErrors(fieldErrors)
        if (Object.keys(fieldErrors).length > 0) focusFirstInvalid(formRef.current, fieldErrors)
        else setFormError(error.message)
      },
    })
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5" aria-busy={login.isPending}>
      {formError && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <FormField label={t('auth.fields.identifier')} error={errors.username}>
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
            value={values.username}
            onChange={change('username')}
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <FormField label={t('auth.fields.password')} error={errors.password}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              required
              showLabel={t('auth.fields.showPassword')}
              value={values.password}
              onChange={change('password')}
            />
          )}
        </FormField>
        {/* After the field, so Tab goes from the username straight to the password. */}
        <Link
          to={href('forgotPassword')}
          className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.signIn.forgotPassword')}
        </Link>
      </div>
      <SubmitButton
        pending={login.isPending}
        label={t('auth.signIn.submit')}
        pendingLabel={t('auth.signIn.submitting')}
      />
    </form>
  )
}
