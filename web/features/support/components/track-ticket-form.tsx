import type { UseMutationResult } from '@tanstack/react-query'
import { parseLanguage } from '#common/language.ts'
import { type TrackTicketInput, trackTicketSchema } from '#common/schemas/support.ts'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** /track-ticket: a number and an address; the private link is mailed if they belong together. */
export function TrackTicketForm({
  submission,
}: {
  submission: UseMutationResult<{ message: string }, Error, TrackTicketInput>
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(trackTicketSchema, { defaultValues: { number: '', email: '' } })
  return (
    <Form
      form={form}
      className="grid gap-4"
      data-testid="track-ticket-form"
      onSubmit={(request) =>
        submission.mutate(
          { ...request, language: parseLanguage(i18n.language) ?? 'en' },
          { onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <FormAlert />
      <FormInputField
        control={form.control}
        name="number"
        autoComplete="off"
        spellCheck={false}
        placeholder="TCK-2026-000123"
        label={t('support.track.number')}
      />
      <FormInputField
        control={form.control}
        name="email"
        type="email"
        autoComplete="email"
        label={t('support.track.email')}
      />
      <div>
        <SubmitButton
          pending={submission.isPending}
          label={t('support.track.submit')}
          pendingLabel={t('support.track.submitting')}
        />
      </div>
    </Form>
  )
}
