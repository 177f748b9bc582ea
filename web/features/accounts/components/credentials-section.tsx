import {
  emailChangeSchema,
  PASSWORD_MIN_LENGTH,
  passwordChangeSchema,
  type User,
} from '#common/schemas/auth.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useChangeEmail, useChangePassword } from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

/** The password and the address of the account, each changed after the current password. */
export function CredentialsSection({ user }: { user: User }) {
  const { t } = useTranslation()
  return (
    <SectionCard
      id="credentials"
      title={t('accounts.credentials.title')}
      description={t('accounts.credentials.description')}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordForm />
        <EmailForm current={user.email} />
      </div>
    </SectionCard>
  )
}

function PasswordForm() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const form = useZodForm(passwordChangeSchema, { defaultValues: { currentPassword: '', password: '' } })
  return (
    <Form
      form={form}
      className="grid content-start gap-3"
      aria-label={t('accounts.credentials.passwordTitle')}
      onSubmit={(body) =>
        change.mutate(body, {
          onSuccess: () => {
            toast({ variant: 'success', title: t('accounts.credentials.passwordChanged') })
            form.reset()
          },
          onError: (error) =>
            applyServerErrors(form, error, {
              fieldOfCode: { INVALID_PASSWORD: 'currentPassword', PASSWORD_TOO_COMMON: 'password' },
            }),
        })
      }
    >
      <h3 className="font-medium">{t('accounts.credentials.passwordTitle')}</h3>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={t('accounts.credentials.currentPassword')}
      />
      <FormInputField
        control={form.control}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('accounts.credentials.newPassword')}
        description={t('accounts.credentials.passwordRule', { minimum: PASSWORD_MIN_LENGTH })}
      />
      <SubmitButton
        className="sm:w-auto sm:justify-self-start"
        pending={change.isPending}
        label={t('accounts.credentials.changePassword')}
        pendingLabel={t('accounts.saving')}
      />
    </Form>
  )
}

function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation()
  const change = useChangeEmail()
  const form = useZodForm(emailChangeSchema, { defaultValues: { password: '', email: '' } })
  return (
    <Form
      form={form}
      className="grid content-start gap-3"
      aria-label={t('accounts.credentials.emailTitle')}
      onSubmit={(body) =>
        change.mutate(body, {
          onSuccess: () => {
            toast({
              variant: 'success',
              title: t('accounts.credentials.emailSent'),
              description: t('accounts.credentials.emailSentText', { email: body.email }),
            })
            form.reset()
          },
          onError: (error) =>
            applyServerErrors(form, error, {
              fieldOfCode: { INVALID_PASSWORD: 'password', EMAIL_TAKEN: 'email' },
            }),
        })
      }
    >
      <h3 className="font-medium">{t('accounts.credentials.emailTitle')}</h3>
      <p className="text-sm text-muted-foreground">
        {t('accounts.credentials.currentEmail', { email: current })}
      </p>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="email"
        type="email"
        autoComplete="email"
        label={t('accounts.credentials.newEmail')}
      />
      <FormInputField
        control={form.control}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('accounts.credentials.currentPassword')}
      />
      <SubmitButton
        className="sm:w-auto sm:justify-self-start"
        pending={change.isPending}
        label={t('accounts.credentials.changeEmail')}
        pendingLabel={t('accounts.saving')}
      />
    </Form>
  )
}
