import { CircleCheck, KeyRound, Link2Off } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { newPasswordFormSchema } from '#common/schemas/auth.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Form, FormAlert } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { useResetPassword } from '#web/features/auth/api/email-links.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { PasswordField } from '#web/features/auth/components/password-field.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { invalidLinkMessage, isInvalidLink } from '#web/lib/invalid-link.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** /reset-password?token=: the new password for the account of the mailed link. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const [outcome, setOutcome] = useState<{ done: true; message: string } | { done: false; message: string }>()
  // The token is in the query, which the prerendered page does not know: read it once hydrated.
  const token = hydrated ? searchParams.get('token') : null

  return (
    <AuthScreen>
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
  const form = useZodForm(newPasswordFormSchema, { defaultValues: { password: '', confirmation: '' } })

  const submit = ({ password }: { password: string }) => {
    if (resetPassword.isPending || disabled) return
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          toast({ title: t('auth.toast.passwordChanged'), description: message, variant: 'success' })
          onDone(message)
        },
        onError: (error) => {
          if (isInvalidLink(error)) return onInvalidLink(invalidLinkMessage(error, t('auth.invalidLink')))
          applyServerErrors(form, error, { fieldOfCode: { PASSWORD_TOO_COMMON: 'password' } })
        },
      },
    )
  }

  return (
    <Form form={form} onSubmit={submit} aria-busy={resetPassword.isPending || undefined}>
      <FormAlert />
      <PasswordField
        control={form.control}
        name="password"
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        showRules
      />
      <PasswordField
        control={form.control}
        name="confirmation"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton
        pending={resetPassword.isPending}
        label={t('auth.reset.submit')}
        pendingLabel={t('auth.reset.submitting')}
      />
    </Form>
  )
}
