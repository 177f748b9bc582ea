import { useId } from 'react'
import {
  CANNED_REPLIES,
  type OfficerTicketUpdate,
  officerReplySchema,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
} from '#common/schemas/support.ts'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import { Form, FormAlert, FormField, FormSelectField } from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  attachmentUrls,
  useOfficerReply,
  useOfficerTicket,
  useSupportOfficers,
  useUpdateTicket,
} from '../api/support.ts'
import { ATTACHMENT_ERROR_FIELDS, AttachmentsField } from './attachments-field.tsx'
import { MarkdownField } from './markdown-field.tsx'
import { TicketHeader } from './ticket-detail.tsx'
import { TicketThread } from './ticket-thread.tsx'
import '#web/lib/strings/support.ts'

/** One ticket as an officer works it: who asked, its settings, the thread with notes, the answer. */
export function OfficerTicket({ id }: { id: string }) {
  const { t } = useTranslation()
  const ticket = useOfficerTicket(id)
  if (ticket.isPending) return <LoadingBlock label={t('support.thread.loading')} rows={4} />
  if (ticket.isError) return <LoadError title={t('support.thread.loadFailed')} query={ticket} />
  return (
    <div className="grid gap-6" data-testid="officer-ticket">
      <TicketHeader ticket={ticket.data} officer />
      <p className="text-sm">
        <span className="text-muted-foreground">{t('support.officers.requester')}: </span>
        {ticket.data.requesterName} &lt;{ticket.data.requesterEmail}&gt;
        {ticket.data.organizationName
          ? ` · ${ticket.data.organizationName}`
          : ` · ${t('support.officers.visitor')}`}
        {ticket.data.rating && ` · ${t('support.officers.rating', { score: ticket.data.rating.score })}`}
      </p>
      <TicketSettings ticket={ticket.data} />
      <TicketThread ticket={ticket.data} attachmentUrl={attachmentUrls.officer(ticket.data.id)} />
      <OfficerReplyForm ticket={ticket.data} />
    </div>
  )
}

/** State, priority and assignee, each saved as it changes. */
function TicketSettings({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation()
  const id = useId()
  const update = useUpdateTicket(ticket.id)
  const officers = useSupportOfficers()
  const save = (change: OfficerTicketUpdate) =>
    update.mutate(change, {
      onSuccess: () => toast({ variant: 'success', title: t('support.officers.saved') }),
      onError: (error) => toast({ variant: 'destructive', title: error.message }),
    })
  return (
    <div className="grid gap-3 rounded-xl border p-4 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          {t('support.officers.setStatus')}
        </label>
        <NativeSelect
          id={`${id}-status`}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(event) => save({ status: event.target.value as Ticket['status'] })}
        >
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`support.officerStatus.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-priority`} className="text-sm font-medium">
          {t('support.officers.setPriority')}
        </label>
        <NativeSelect
          id={`${id}-priority`}
          value={ticket.priority}
          disabled={update.isPending}
          onChange={(event) => save({ priority: event.target.value as Ticket['priority'] })}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`support.priority.${priority}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-assignee`} className="text-sm font-medium">
          {t('support.officers.assignTo')}
        </label>
        <NativeSelect
          id={`${id}-assignee`}
          value={ticket.assignee?.id ?? ''}
          disabled={update.isPending}
          onChange={(event) => save({ assigneeId: event.target.value || null })}
        >
          <option value="">{t('support.officers.unassigned')}</option>
          {(officers.data ?? []).map((officer) => (
            <option key={officer.id} value={officer.id}>
              {officer.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  )
}

/** A public reply (with the state it leaves the ticket in) or an internal note; canned replies fill the text. */
function OfficerReplyForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation()
  const id = useId()
  const reply = useOfficerReply(ticket.id)
  const empty = { body: '', attachments: [], internal: false, status: 'waiting_on_customer' as const }
  const form = useZodForm(officerReplySchema, { defaultValues: empty })
  const internal = form.watch('internal')
  return (
    <Form
      form={form}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
      aria-label={t('support.thread.reply')}
      onSubmit={(message) =>
        reply.mutate(message, {
          onSuccess: () => {
            toast({
              variant: 'success',
              title: message.internal ? t('support.officers.noteAdded') : t('support.officers.replySent'),
            })
            form.reset(empty)
          },
          onError: (error) => applyServerErrors(form, error, { fieldOfCode: ATTACHMENT_ERROR_FIELDS }),
        })
      }
    >
      <FormAlert />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-canned`} className="text-sm font-medium">
          {t('support.officers.canned')}
        </label>
        <NativeSelect
          id={`${id}-canned`}
          value=""
          onChange={(event) => {
            const key = event.target.value as (typeof CANNED_REPLIES)[number]
            if (key) form.setValue('body', t(`support.canned.${key}`), { shouldDirty: true })
          }}
        >
          <option value="">{t('support.officers.cannedNone')}</option>
          {CANNED_REPLIES.map((key) => (
            <option key={key} value={key}>
              {t(`support.cannedNames.${key}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <MarkdownField control={form.control} name="body" label={t('support.officers.replyLabel')} rows={5} />
      <AttachmentsField control={form.control} name="attachments" />
      <FormField
        control={form.control}
        name="internal"
        render={({ field }) => (
          <CheckboxField
            checked={field.value ?? false}
            onCheckedChange={(checked) => field.onChange(checked)}
            label={t('support.officers.internal')}
          />
        )}
      />
      {!internal && (
        <FormSelectField
          control={form.control}
          name="status"
          label={t('support.officers.afterReply')}
          options={(['waiting_on_customer', 'open', 'resolved'] as const).map((status) => ({
            value: status,
            label: t(`support.officerStatus.${status}`),
          }))}
        />
      )}
      <div>
        <SubmitButton
          pending={reply.isPending}
          label={internal ? t('support.officers.addNote') : t('support.officers.sendReply')}
          pendingLabel={t('support.officers.sending')}
        />
      </div>
    </Form>
  )
}
