import type { UseMutationResult } from '@tanstack/react-query'
import { parseLanguage } from '#common/language.ts'
import {
  type PublicTicket,
  publicTicketSchema,
  TICKET_CATEGORIES,
  VISITOR_ATTACHMENT_LIMITS,
} from '#common/schemas/support.ts'
import { Form, FormAlert, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { ATTACHMENT_ERROR_FIELDS, AttachmentsField, supportFailureMessage } from './attachments-field.tsx'
import { MarkdownField } from './markdown-field.tsx'
import '#web/lib/strings/support.ts'

/**
 * /submit-ticket: a visitor's ticket. The hidden `website` field is for robots only: people never
 * see it, and a ticket that fills it is quietly dropped by the server.
 */
export function PublicTicketForm({
  submission,
}: {
  submission: UseMutationResult<{ message: string }, Error, PublicTicket>
}) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(publicTicketSchema, {
    defaultValues: {
      name: '',
      email: '',
      company: '',
      category: 'technical',
      subject: '',
      description: '',
      attachments: [],
      website: '',
    },
  })
  return (
    <Form
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      data-testid="public-ticket-form"
      onSubmit={(ticket) =>
        submission.mutate(
          { ...ticket, language: parseLanguage(i18n.language) ?? 'en' },
          {
            onError: (error) =>
              applyServerErrors(form, error, {
                fieldOfCode: ATTACHMENT_ERROR_FIELDS,
                formMessage: (failure) => supportFailureMessage(failure, t),
              }),
          },
        )
      }
    >
      <div className="sm:col-span-2">
        <FormAlert />
      </div>
      <FormInputField
        control={form.control}
        name="name"
        autoComplete="name"
        label={t('support.submit.name')}
      />
      <FormInputField
        control={form.control}
        name="email"
        type="email"
        autoComplete="email"
        label={t('support.submit.email')}
      />
      <FormInputField
        control={form.control}
        name="company"
        autoComplete="organization"
        label={t('support.submit.company')}
      />
      <FormSelectField
        control={form.control}
        name="category"
        label={t('support.form.category')}
        options={TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))}
      />
      <FormInputField
        control={form.control}
        name="subject"
        label={t('support.form.subject')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <MarkdownField control={form.control} name="description" label={t('support.submit.message')} />
      </div>
      <div className="sm:col-span-2">
        <AttachmentsField control={form.control} name="attachments" limits={VISITOR_ATTACHMENT_LIMITS} />
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t('support.submit.website')}
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </label>
      </div>
      <div className="sm:col-span-2">
        <SubmitButton
          pending={submission.isPending}
          label={t('support.submit.submit')}
          pendingLabel={t('support.submit.submitting')}
        />
      </div>
    </Form>
  )
}
