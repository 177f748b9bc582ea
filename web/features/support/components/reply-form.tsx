import type { UseMutationResult } from '@tanstack/react-query'
import {
  type AttachmentLimits,
  MEMBER_ATTACHMENT_LIMITS,
  type ReplyInput,
  replySchema,
  type Ticket,
  VISITOR_ATTACHMENT_LIMITS,
  visitorReplySchema,
} from '#common/schemas/support.ts'
import { Form, FormAlert } from '#web/components/ui/form.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { ATTACHMENT_ERROR_FIELDS, AttachmentsField, supportFailureMessage } from './attachments-field.tsx'
import { MarkdownField } from './markdown-field.tsx'
import '#web/lib/strings/support.ts'

const EMPTY: ReplyInput = { body: '', attachments: [] }
const LIMITS: Record<'member' | 'visitor', { schema: typeof replySchema; files: AttachmentLimits }> = {
  member: { schema: replySchema, files: MEMBER_ATTACHMENT_LIMITS },
  visitor: { schema: visitorReplySchema, files: VISITOR_ATTACHMENT_LIMITS },
}

/** A customer's or a visitor's reply: Markdown and files (fewer and smaller for a visitor). */
export function ReplyForm({
  send,
  closed,
  writer = 'member',
}: {
  send: UseMutationResult<Ticket, Error, ReplyInput>
  /** The ticket is resolved or closed: replying reopens it. */
  closed: boolean
  writer?: 'member' | 'visitor'
}) {
  const { t } = useTranslation()
  const form = useZodForm(LIMITS[writer].schema, { defaultValues: EMPTY })
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
          onError: (error) =>
            applyServerErrors(form, error, {
              fieldOfCode: ATTACHMENT_ERROR_FIELDS,
              formMessage: (failure) => supportFailureMessage(failure, t),
            }),
        })
      }
    >
      <FormAlert />
      <MarkdownField control={form.control} name="body" label={t('support.thread.replyLabel')} rows={4} />
      <AttachmentsField control={form.control} name="attachments" limits={LIMITS[writer].files} />
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
