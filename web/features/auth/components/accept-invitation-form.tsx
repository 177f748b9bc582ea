import { invitationAcceptanceSchema, type User } from '#common/schemas/auth.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useAcceptInvitation } from '../api/sign-in.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import { PasswordField } from './password-field.tsx'
import '#web/lib/strings/auth.ts'

const FIELD_OF_CODE = { USERNAME_TAKEN: 'username', PASSWORD_TOO_COMMON: 'password' } as const
const acceptanceFormSchema = invitationAcceptanceSchema.omit({ language: true })

/** The account an invitation creates: the address is the invitation's, the rest is chosen here. */
export function AcceptInvitationForm({
  token,
  email,
  onAccepted,
}: {
  token: string
  email: string
  onAccepted: (user: User) => void
}) {
  const { t } = useTranslation()
  const accept = useAcceptInvitation()
  const form = useZodForm(acceptanceFormSchema, {
    defaultValues: { token, name: '', username: '', password: '' },
  })
  return (
    <Form
      form={form}
      aria-busy={accept.isPending || undefined}
      onSubmit={(acceptance) =>
        accept.mutate(acceptance, {
          onSuccess: onAccepted,
          onError: (error) => {
            toastAuthFailure(t('auth.invitation.failed'), error)
            applyServerErrors(form, error, { fieldOfCode: FIELD_OF_CODE })
          },
        })
      }
    >
      <FormAlert />
      <p className="text-sm">
        {t('auth.invitation.address')} <span className="font-medium break-all">{email}</span>
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInputField
          control={form.control}
          name="name"
          label={t('auth.fields.name')}
          autoComplete="name"
          required
        />
        <FormInputField
          control={form.control}
          name="username"
          label={t('auth.fields.username')}
          description={t('auth.hints.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
        />
      </div>
      <PasswordField
        control={form.control}
        name="password"
        label={t('auth.fields.password')}
        autoComplete="new-password"
        showRules
      />
      <SubmitButton
        pending={accept.isPending}
        label={t('auth.invitation.submit')}
        pendingLabel={t('auth.invitation.submitting')}
      />
    </Form>
  )
}
