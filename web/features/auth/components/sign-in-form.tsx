import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { loginRequestSchema } from '#common/schemas/auth.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type LoginResult, useLogin } from '../api/sign-in.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import { PasswordField } from './password-field.tsx'
import '#web/lib/strings/auth.ts'

/** Username or email and password; the answer is a user or the request for a second factor. */
export function SignInForm({ onResult }: { onResult: (result: LoginResult) => void }) {
  const { t } = useTranslation()
  const login = useLogin()
  const form = useZodForm(loginRequestSchema, { defaultValues: { username: '', password: '' } })

  const submit = (credentials: { username: string; password: string }) => {
    if (login.isPending) return
    login.mutate(credentials, {
      onSuccess: onResult,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.loginFailed'), error)
        applyServerErrors(form, error)
      },
    })
  }

  return (
    <Form form={form} onSubmit={submit} aria-busy={login.isPending || undefined}>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="username"
        label={t('auth.fields.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
      />
      <div className="grid gap-2">
        <PasswordField
          control={form.control}
          name="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
        />
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
    </Form>
  )
}
