import { useNavigate } from 'react-router'
import { z } from 'zod'
import { href } from '#common/routes.ts'
import { emailSchema } from '#common/schemas/auth.ts'
import {
  MAX_CC_ADDRESSES,
  newTicketSchema,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_RESOURCE_KINDS,
  type TicketCategory,
  type TicketResourceKind,
} from '#common/schemas/support.ts'
import { check } from '#common/validation-messages.ts'
import {
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
  FormSelectField,
} from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useOpenTicket, useSupportOverview, useTicketResources } from '../api/support.ts'
import { ATTACHMENT_ERROR_FIELDS, AttachmentsField, supportFailureMessage } from './attachments-field.tsx'
import { MarkdownField } from './markdown-field.tsx'
import '#web/lib/strings/support.ts'

/** The picker's value is `kind:id`, or empty for none; CC addresses are typed on one line. */
const formSchema = newTicketSchema.extend({
  resource: z.string().transform((value) => {
    const [kind, id] = value.split(':')
    return kind && id ? { kind: kind as TicketResourceKind, id } : null
  }),
  cc: z
    .string()
    .transform((value) =>
      value
        .split(/[,;\s]+/)
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(emailSchema).max(MAX_CC_ADDRESSES, check('tooManyAddresses', { maximum: MAX_CC_ADDRESSES })),
    ),
})

/**
 * A new ticket of the organization: category, priority (those the plan covers), what it is about,
 * subject, Markdown description, copies and files. A technical ticket about a cluster carries the
 * cluster's latest events.
 */
export function TicketForm({
  category,
  resource = '',
}: {
  category: TicketCategory
  /** `kind:id` of a resource to start from (an invoice from /billing). */
  resource?: string
}) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const navigate = useNavigate()
  const open = useOpenTicket()
  const overview = useSupportOverview()
  const resources = useTicketResources()
  const form = useZodForm(formSchema, {
    defaultValues: {
      category,
      priority: category === 'technical' ? 'P3' : 'P4',
      subject: '',
      description: '',
      resource,
      cc: '',
      attachments: [],
    },
  })
  const plan = overview.data?.plan
  const priority = form.watch('priority')
  const chosenResource = form.watch('resource')
  const targets = plan?.responseTargets[priority]
  return (
    <Form
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      data-testid="ticket-form"
      onSubmit={(ticket) =>
        open.mutate(ticket, {
          onSuccess: (created) => {
            toast({
              variant: 'success',
              title: t('support.form.openedTitle', { number: created.number }),
              description: t('support.form.openedText', {
                duration: format.duration(created.clocks.firstResponse.targetMinutes),
              }),
            })
            void navigate(href('supportOrder', { id: created.id }))
          },
          onError: (error) =>
            applyServerErrors(form, error, {
              fieldOfCode: { ...ATTACHMENT_ERROR_FIELDS, PRIORITY_NOT_COVERED: 'priority' },
              formMessage: (failure) => supportFailureMessage(failure, t),
            }),
        })
      }
    >
      <div className="sm:col-span-2">
        <FormAlert />
      </div>
      <FormSelectField
        control={form.control}
        name="category"
        label={t('support.form.category')}
        options={TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))}
      />
      <FormField
        control={form.control}
        name="priority"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('support.form.priority')}</FormLabel>
            <FormControl>
              <NativeSelect {...field}>
                {TICKET_PRIORITIES.map((value) => (
                  <option key={value} value={value} disabled={Boolean(plan) && !plan?.responseTargets[value]}>
                    {t(`support.priority.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormDescription>
              {targets && plan
                ? `${t('support.clocks.firstResponse')}: ${format.duration(targets.firstMinutes)} · ${t(`support.coverage.${plan.coverage}`)}`
                : t('support.form.priorityHint')}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="resource"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{t('support.form.resource')}</FormLabel>
            <FormControl>
              <NativeSelect {...field} value={field.value ?? ''}>
                <option value="">{t('support.form.noResource')}</option>
                {TICKET_RESOURCE_KINDS.map((kind) => {
                  const ofKind = (resources.data ?? []).filter((item) => item.kind === kind)
                  if (ofKind.length === 0) return null
                  return (
                    <optgroup key={kind} label={t(`support.resourceKind.${kind}`)}>
                      {ofKind.map((item) => (
                        <option key={item.id} value={`${item.kind}:${item.id}`}>
                          {item.label}
                        </option>
                      ))}
                    </optgroup>
                  )
                })}
              </NativeSelect>
            </FormControl>
            {form.watch('category') === 'technical' && String(chosenResource).startsWith('cluster:') && (
              <FormDescription>{t('support.form.clusterEvents')}</FormDescription>
            )}
            <FormMessage />
          </FormItem>
        )}
      />
      <FormInputField
        control={form.control}
        name="subject"
        label={t('support.form.subject')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <MarkdownField control={form.control} name="description" label={t('support.form.description')} />
      </div>
      <FormInputField
        control={form.control}
        name="cc"
        type="text"
        inputMode="email"
        autoComplete="off"
        label={t('support.form.cc')}
        description={t('support.form.ccHint')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <AttachmentsField control={form.control} name="attachments" />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton
          pending={open.isPending}
          label={t('support.form.submit')}
          pendingLabel={t('support.form.submitting')}
        />
      </div>
    </Form>
  )
}
