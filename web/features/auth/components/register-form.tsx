import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { type RegisterRequest, registerRequestSchema, type User } from '#common/schemas/auth.ts'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { Trans, useTranslation } from '#web/lib/use-translation.tsx'
import { useRegister } from '../api/sign-in.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import { PasswordField } from './password-field.tsx'
import '#web/lib/strings/auth.ts'

/** Refusals that concern one field of the form. */
const FIELD_OF_CODE = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  PASSWORD_TOO_COMMON: 'password',
  BILLING_ID_UNKNOWN: 'companyId',
} as const

/**
 * A new account, signed in directly. By default it creates a new organization, whose Billing ID the
 * server makes; "I'm joining my company" asks instead for the Billing ID of the organization to
 * join, whose admins then approve the request.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (user: User) => void }) {
  const { t } = useTranslation()
  const register = useRegister()
  const form = useZodForm(registerRequestSchema, {
    defaultValues: {
      username: '',
      email: '',
      name: '',
      password: '',
      joining: false,
      companyName: '',
      companyId: '',
    },
  })
  const joining = form.watch('joining') ?? false

  const chooseJoining = (checked: boolean) => {
    form.setValue('joining', checked)
    // What was typed for the other choice is not sent: a new organization takes no Billing ID.
    form.setValue(checked ? 'companyName' : 'companyId', '')
    form.clearErrors(['companyName', 'companyId'])
  }

  const submit = (details: Omit<RegisterRequest, 'language'>) => {
    if (register.isPending) return
    register.mutate(details, {
      onSuccess: onRegistered,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.registerFailed'), error)
        applyServerErrors(form, error, { fieldOfCode: FIELD_OF_CODE })
      },
    })
  }

  const linkClass = 'font-medium text-foreground underline underline-offset-4 hover:text-primary'
  return (
    <Form form={form} onSubmit={submit} aria-busy={register.isPending || undefined}>
      <FormAlert />
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
      <FormInputField
        control={form.control}
        name="email"
        label={t('auth.fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      <PasswordField
        control={form.control}
        name="password"
        label={t('auth.fields.password')}
        autoComplete="new-password"
        showRules
      />
      <fieldset className="grid gap-4 rounded-lg border bg-muted/40 p-4">
        <legend className="px-1 text-sm font-semibold">{t('auth.register.organization')}</legend>
        <CheckboxField
          label={t('auth.register.joining')}
          hint={joining ? t('auth.register.joiningHint') : t('auth.register.newOrganizationHint')}
          checked={joining}
          onCheckedChange={chooseJoining}
          name="joining"
        />
        {joining ? (
          <FormInputField
            control={form.control}
            name="companyId"
            label={t('auth.fields.companyId')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
        ) : (
          <FormInputField
            control={form.control}
            name="companyName"
            label={t('auth.fields.companyName')}
            autoComplete="organization"
            required
          />
        )}
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
            terms: <Link to={href('terms')} className={linkClass} />,
            privacy: <Link to={href('privacyPolicy')} className={linkClass} />,
          }}
        />
      </p>
    </Form>
  )
}
