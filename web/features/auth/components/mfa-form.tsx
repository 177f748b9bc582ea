import { useState } from 'react'
import { mfaCodeSchema, recoveryCodeSchema, type User } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Form,
  FormControl,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useLoginMfa, useLoginRecoveryCode } from '../api/sign-in.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import '#web/lib/strings/auth.ts'

/** Answers that mean the pending sign-in is gone: the person starts again from the first step. */
const RESTART_CODES = new Set(['MFA_SESSION_MISSING', 'MFA_TOO_MANY_ATTEMPTS'])

/**
 * The second step of a sign-in (pending second factor): the 6-digit code, or one of the recovery
 * codes for a lost authenticator.
 */
export function MfaForm(props: { onSignedIn: (user: User) => void; onRestart: () => void }) {
  const { t } = useTranslation()
  const [withRecoveryCode, setWithRecoveryCode] = useState(false)
  return (
    <div className="grid gap-3">
      {withRecoveryCode ? <RecoveryCodeForm {...props} /> : <CodeForm {...props} />}
      <Button type="button" variant="link" onClick={() => setWithRecoveryCode((current) => !current)}>
        {withRecoveryCode ? t('auth.mfa.useAuthenticator') : t('auth.mfa.useRecoveryCode')}
      </Button>
    </div>
  )
}

function restartCodeOf(error: Error): string | undefined {
  const errorCode =
    error instanceof ApiError ? (error.body as { code?: string } | undefined)?.code : undefined
  return errorCode && RESTART_CODES.has(errorCode) ? errorCode : undefined
}

function RecoveryCodeForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const login = useLoginRecoveryCode()
  const form = useZodForm(recoveryCodeSchema, { defaultValues: { code: '' } })
  return (
    <Form
      form={form}
      aria-busy={login.isPending || undefined}
      onSubmit={({ code }) =>
        login.mutate(code, {
          onSuccess: onSignedIn,
          onError: (error) => {
            toastAuthFailure(t('auth.toast.loginFailed'), error)
            if (restartCodeOf(error)) return onRestart()
            form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true })
          },
        })
      }
    >
      <FormInputField
        control={form.control}
        name="code"
        label={t('auth.fields.recoveryCode')}
        description={t('auth.mfa.recoveryHint')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        className="font-mono"
      />
      <SubmitButton
        pending={login.isPending}
        label={t('auth.mfa.submit')}
        pendingLabel={t('auth.mfa.submitting')}
      />
    </Form>
  )
}

function CodeForm({ onSignedIn, onRestart }: { onSignedIn: (user: User) => void; onRestart: () => void }) {
  const { t } = useTranslation()
  const loginMfa = useLoginMfa()
  const form = useZodForm(mfaCodeSchema, { defaultValues: { code: '' } })

  const submit = ({ code }: { code: string }) => {
    if (loginMfa.isPending) return
    loginMfa.mutate(code, {
      onSuccess: onSignedIn,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.loginFailed'), error)
        if (restartCodeOf(error)) return onRestart()
        // Whatever else the server says is about the code: shown under it, the code selected.
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true })
      },
    })
  }

  return (
    <Form form={form} onSubmit={submit} aria-busy={loginMfa.isPending || undefined}>
      <FormField
        control={form.control}
        name="code"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('auth.fields.code')}</FormLabel>
            <FormControl>
              <Input
                {...field}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
                onFocus={(event) => event.target.select()}
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                required
                placeholder="123456"
                className="h-12 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] md:text-2xl"
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <SubmitButton
        pending={loginMfa.isPending}
        label={t('auth.mfa.submit')}
        pendingLabel={t('auth.mfa.submitting')}
      />
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart}>
        {t('auth.mfa.back')}
      </Button>
    </Form>
  )
}
