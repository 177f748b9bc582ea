import type { UseMutationResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type ReplyInput, replySchema, type Ticket } from '#common/schemas/support.ts'
import { Form, FormAlert } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { ATTACHMENT_ERROR_FIELDS, AttachmentsField } from './attachments-field.tsx'
import { MarkdownField } from './markdown-field.tsx'

const EMPTY: ReplyInput = { body: '', attachments: [] }
/** A customer's or a visitor's reply: Markdown and files. */
export function ReplyForm({
  send,
  closed,
}: {
  send: UseMutationResult<Ticket, Error, ReplyInput>
  /** The ticket is resolved or closed: replying reopens it. */
  closed: boolean
}) {
  const { t } = useTranslation()
  const form = useZodForm(replySchema, { defaultValues: EMPTY })
  return (
    <Form
      form={form}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
      aria-label={t('support.thread.reply')}
      onSubmit={(reply) =>
        send.mutate(reply, {
          onSuccess: () => {
            toast({ variant: 'success', title: t('support.thread.sent') })
            form.reset(EMPTY)
          },
          onError: (error) => applyServerErrors(form, error, { fieldOfCode: ATTACHMENT_ERROR_FIELDS }),
        })
      }
    >
      <FormAlert />
      <MarkdownField control={form.control} name="body" label={t('support.thread.replyLabel')} rows={4} />
      <AttachmentsField control={form.control} name="attachments" />
      {closed && <p className="text-sm text-muted-foreground">{t('support.thread.replyReopens')}</p>}
      <div>
        <SubmitButton
          pending={send.isPending}
          label={t('support.thread.send')}
          pendingLabel={t('support.thread.sending')}
        />
      </div>
    </Form>
  )
}
