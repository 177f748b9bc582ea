import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mfaCodeSchema, type User } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useLoginMfa } from '../api/sign-in.ts'
import { type FieldErrors, serverFieldErrors, validateForm } from '../form-errors.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'

/** Answers that mean the pending sign-in is gone: the person starts again from the first step. */
const RESTART_CODES = new Set(['MFA_SESSION_MISSING', 'MFA_TOO_MANY_ATTEMPTS'])

/** The second step of a sign-in (spec §4, pending second factor): the 6-digit code. */
export function MfaForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const loginMfa = useLoginMfa()
  const inputRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'code'>>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loginMfa.isPending) return
    const checked = validateForm(mfaCodeSchema, { code })
    if (!checked.success) {
      setErrors(checked.errors)
      inputRef.current?.focus()
      return
    }
    setErrors({})
    loginMfa.mutate(checked.data.code, {
      onSuccess: onSignedIn,
      onError: (error) => {
        toastAuthFailure(t('auth.toast.loginFailed'), error)
        const code =
          error instanceof ApiError ? (error.body as { code?: string } | undefined)?.code : undefined
        if (code && RESTART_CODES.has(code)) return onRestart()
        const fieldErrors = serverFieldErrors(error, ['code'])
        setErrors(fieldErrors.code ? fieldErrors : { code: error.message })
        inputRef.current?.select()
      },
    })
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={loginMfa.isPending}>
      <FormField label={t('auth.fields.code')} error={errors.code}>
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            name="code"
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            placeholder="123456"
            className="h-12 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] md:text-2xl"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6))
              if (errors.code) setErrors({})
            }}
          />
        )}
      </FormField>
      <SubmitButton
        pending={loginMfa.isPending}
        label={t('auth.mfa.submit')}
        pendingLabel={t('auth.mfa.submitting')}
      />
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart}>
        {t('auth.mfa.back')}
      </Button>
    </form>
  )
}
