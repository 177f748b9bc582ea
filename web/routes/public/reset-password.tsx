import { AlertCircle, CircleCheck, KeyRound, Link2Off } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { href } from '#common/routes.ts'
import { passwordSchema } from '#common/schemas/auth.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { useResetPassword } from '#web/features/auth/api/email-links.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { PasswordRules } from '#web/features/auth/components/password-rules.tsx'
import {
  type FieldErrors,
  invalidLinkMessage,
  isInvalidLink,
  serverFieldErrors,
  validateForm,
} from '#web/features/auth/form-errors.ts'
import { focusFirstInvalid } from '#web/lib/form/focus-first-invalid.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'

type ResetField = 'password' | 'confirmation'

/** /reset-password?token=: the new password for the account of the mailed link. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const [outcome, setOutcome] = useState<{ done: true; message: string } | { done: false; message: string }>()
  // The token is in the query, which the prerendered page does not know: read it once hydrated.
  const token = hydrated ? searchParams.get('token') : null

  return (
    <AuthScreen pageTitle={t('pages.resetPassword')}>
      {outcome?.done ? (
        <AuthCard
          icon={CircleCheck}
          tone="success"
          focusOnMount
          title={t('auth.reset.doneTitle')}
          description={outcome.message}
        >
          <Link to={href('signIn')} className={buttonVariants({ size: 'lg' })}>
            {t('auth.reset.signIn')}
          </Link>
        </AuthCard>
      ) : outcome ? (
        <InvalidLink title={t('auth.reset.invalidTitle')} description={outcome.message} />
      ) : hydrated && !token ? (
        <InvalidLink title={t('auth.reset.missingTitle')} description={t('auth.reset.missingDescription')} />
      ) : (
        <AuthCard icon={KeyRound} title={t('auth.reset.title')} description={t('auth.reset.description')}>
          <NewPasswordForm
            token={token ?? ''}
            disabled={!token}
            onDone={(message) => setOutcome({ done: true, message })}
            onInvalidLink={(message) => setOutcome({ done: false, message })}
          />
        </AuthCard>
      )}
    </AuthScreen>
  )
}

function InvalidLink({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation()
  return (
    <AuthCard icon={Link2Off} tone="destructive" focusOnMount title={title} description={description}>
      <Link to={href('forgotPassword')} className={buttonVariants({ size: 'lg' })}>
        {t('auth.reset.requestNew')}
      </Link>
    </AuthCard>
  )
}

function NewPasswordForm({
  token,
  disabled,
  onDone,
  onInvalidLink,
}: {
  token: string
  disabled: boolean
  onDone: (message: string) => void
  onInvalidLink: (message: string) => void
}) {
  const { t } = useTranslation()
  const resetPassword = useResetPassword()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<ResetField, string>>({ password: '', confirmation: '' })
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({})
  const [formError, setFormError] = useState<string>()

  const schema = z
    .object({ password: passwordSchema, confirmation: z.string() })
    .refine((form) => form.password === form.confirmation, {
      path: ['confirmation'],
      message: t('auth.passwordsDiffer'),
    })

  const field = (name: ResetField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }))
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (resetPassword.isPending || disabled) return
    setFormError(undefined)
    const checked = validateForm(schema, values)
    if (!checked.success) {
      setErrors(checked.errors)
      focusFirstInvalid(formRef.current, checked.errors)
      return
    }
    setErrors({})
    resetPassword.mutate(
      { token, password: checked.data.password },
      {
        onSuccess: ({ message }) => {
          toast({ title: t('auth.toast.passwordChanged'), description: message, variant: 'success' })
          onDone(message)
        },
        onError: (error) => {
          if (isInvalidLink(error)) return onInvalidLink(invalidLinkMessage(error, t('auth.invalidLink')))
          const fieldErrors = serverFieldErrors(error, ['password'] as const)
          setErrors(fieldErrors)
          if (fieldErrors.password) focusFirstInvalid(formRef.current, fieldErrors)
          else setFormError(error.message)
        },
      },
    )
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="grid gap-5"
      aria-busy={resetPassword.isPending}
    >
      {formError && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <FormField
        label={t('auth.fields.newPassword')}
        error={errors.password}
        hint={<PasswordRules password={values.password} />}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...field('password')}
            autoComplete="new-password"
            required
            showLabel={t('auth.fields.showPassword')}
          />
        )}
      </FormField>
      <FormField label={t('auth.fields.confirmPassword')} error={errors.confirmation}>
        {(control) => (
          <PasswordInput
            {...control}
            {...field('confirmation')}
            autoComplete="new-password"
            required
            showLabel={t('auth.fields.showPassword')}
          />
        )}
      </FormField>
      <SubmitButton
        pending={resetPassword.isPending}
        label={t('auth.reset.submit')}
        pendingLabel={t('auth.reset.submitting')}
      />
    </form>
  )
}
