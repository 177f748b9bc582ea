import { emailRequestSchema } from '#common/schemas/auth.ts'
import { Form, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

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
  const form = useZodForm(emailRequestSchema, { defaultValues: { email: defaultEmail } })

  const submit = ({ email }: { email: string }) => {
    if (pending) return
    onSubmit(email, (error) =>
      form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true }),
    )
  }

  return (
    <Form form={form} onSubmit={submit} aria-busy={pending || undefined}>
      <FormInputField
        control={form.control}
        name="email"
        label={t('auth.fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  )
}
