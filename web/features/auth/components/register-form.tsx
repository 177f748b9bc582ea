import { AlertCircle } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { registerRequestSchema, type User } from '#common/schemas/auth.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { focusFirstInvalid } from '#web/lib/form/focus-first-invalid.ts'
import { useRegister } from '../api/sign-in.ts'
import { type FieldErrors, serverFieldErrors, validateForm } from '../form-errors.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import { PasswordRules } from './password-rules.tsx'

type RegisterField = 'username' | 'email' | 'name' | 'password' | 'companyName' | 'companyId'
const FIELDS: readonly RegisterField[] = ['username', 'email', 'name', 'password', 'companyName', 'companyId']
const EMPTY: Record<RegisterField, string> = {
  username: '',
  email: '',
  name: '',
  password: '',
  companyName: '',
  companyId: '',
}

/** A new account with its organization (company name and billing ID); it is signed in directly. */
export function RegisterForm({ onRegistered }: { onRegistered: (user: User) => void }) {
  const { t } = useTranslation()
  const register = useRegister()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({})
  const [formError, setFormError] = useState<string>()

  const field = (name: RegisterField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }))
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (register.isPending) return
    setFormError(undefined)
    const checked = validateForm(registerRequestSchema, values)
    if (!checked.success) {
      setErrors(checked.errors)
      focusFirstInvalid(formRef.current, checked.errors)
      return
    }
    setErrors({})
    register.mutate(checked.data, {
      onSuccess: onRegistered,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.registerFailed'), error)
        const fieldErrors = serverFieldErrors(error, FIELDS)
        setErrors(fieldErrors)
        if (Object.keys(fieldErrors).length > 0) focusFirstInvalid(formRef.current, fieldErrors)
        else setFormError(error.message)
      },
    })
  }

  const linkClass = 'font-medium text-foreground underline underline-offset-4 hover:text-primary'
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5" aria-busy={register.isPending}>
      {formError && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('auth.fields.name')} error={errors.name}>
          {(control) => <Input {...control} {...field('name')} autoComplete="name" required />}
        </FormField>
        <FormField label={t('auth.fields.username')} error={errors.username} hint={t('auth.hints.username')}>
          {(control) => (
            <Input
              {...control}
              {...field('username')}
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              required
            />
          )}
        </FormField>
      </div>
      <FormField label={t('auth.fields.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
          />
        )}
      </FormField>
      <FormField
        label={t('auth.fields.password')}
        error={errors.password}
        hint={<PasswordRules password={values.password} />}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...field('password')}
            autoComplete="new-password"
            required
            minLength={12}
            showLabel={t('auth.fields.showPassword')}
          />
        )}
      </FormField>
      <fieldset className="grid gap-4 rounded-lg border bg-muted/40 p-4">
        <legend className="px-1 text-sm font-semibold">{t('auth.register.organization')}</legend>
        <p className="-mt-1 text-xs text-muted-foreground">{t('auth.register.organizationHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('auth.fields.companyName')} error={errors.companyName}>
            {(control) => (
              <Input {...control} {...field('companyName')} autoComplete="organization" required />
            )}
          </FormField>
          <FormField label={t('auth.fields.companyId')} error={errors.companyId}>
            {(control) => (
              <Input
                {...control}
                {...field('companyId')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
              />
            )}
          </FormField>
        </div>
      </fieldset>
      <SubmitButton
        pending={register.isPending}
        label={t('auth.register.submit')}
        pendingLabel={t('auth.register.submitting')}
      />
      <p className="text-center text-xs text-muted-foreground">
        <Trans
          i18nKey="auth.register.legal"
          components={{
            terms: <Link to="/terms" className={linkClass} />,
            privacy: <Link to="/privacy-policy" className={linkClass} />,
          }}
        />
      </p>
    </form>
  )
}
