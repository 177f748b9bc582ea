import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailRequestSchema } from '#common/schemas/auth.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { type FieldErrors, serverFieldErrors, validateForm } from '../form-errors.ts'

/**
 * One email address, checked with the shared schema, for the calls that mail a link. What the
 * request answers is the caller's to show; a failure is shown beside the field.
 */
export function EmailRequestForm({
  submitLabel,
  pendingLabel,
  pending,
  defaultEmail = '',
  onSubmit,
}: {
  submitLabel: string
  pendingLabel: string
  pending: boolean
  defaultEmail?: string
  onSubmit: (email: string, onError: (error: Error) => void) => void
}) {
  const { t } = useTranslation()
  const inputRef = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState(defaultEmail)
  const [errors, setErrors] = useState<FieldErrors<'email'>>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const checked = validateForm(emailRequestSchema, { email })
    if (!checked.success) {
      setErrors(checked.errors)
      inputRef.current?.focus()
      return
    }
    setErrors({})
    onSubmit(checked.data.email, (error) => {
      const fieldErrors = serverFieldErrors(error, ['email'])
      setErrors(fieldErrors.email ? fieldErrors : { email: error.message })
      inputRef.current?.focus()
    })
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <FormField label={t('auth.fields.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              if (errors.email) setErrors({})
            }}
          />
        )}
      </FormField>
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
    </form>
  )
}
