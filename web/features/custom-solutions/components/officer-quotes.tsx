import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import { centsOfUnits } from '#common/pricing.ts'
import {
  CUSTOM_SOLUTION_STATUSES,
  type CustomSolution,
  type CustomSolutionStatus,
  quoteLineSchema,
  quoteRequestSchema,
} from '#common/schemas/custom-solutions.ts'
import { check } from '#common/validation-messages.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Form, FormAlert, FormInputField, FormTextareaField } from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useOfficerCustomSolutions, useSendQuote } from '../api/custom-solutions.ts'
import { QuoteView } from './quote-view.tsx'
import { STATUS_VARIANT } from './request-list.tsx'
import '#web/lib/strings/custom-solutions.ts'

/**
 * Units of the organization's billing currency typed per unit, cents of it sent with the currency
 * named: the server refuses prices in another currency than the organization's.
 */
const quoteFormSchema = z
  .object({
    currency: quoteRequestSchema.shape.currency,
    lines: z
      .array(
        z.object({
          description: quoteLineSchema.shape.description,
          quantity: z.coerce
            .number()
            .int(check('wholeNumber'))
            .min(1, check('atLeast', { minimum: 1 })),
          unitPrice: z.coerce
            .number()
            .min(0, check('atLeast', { minimum: 0 }))
            .max(1_000_000, check('atMost', { maximum: 1_000_000 })),
        }),
      )
      .min(1),
    validUntil: quoteRequestSchema.shape.validUntil,
    note: z.string().trim().max(2_000),
  })
  .transform(({ lines, note, validUntil, currency }) => ({
    currency,
    validUntil,
    note: note || null,
    lines: lines.map(({ unitPrice, ...line }) => ({ ...line, unitMonthlyCents: centsOfUnits(unitPrice) })),
  }))

const inThirtyDays = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

/** The officers' side: every organization's requests by status, each answered with a quote. */
export function OfficerCustomSolutions() {
  const { t } = useTranslation()
  const [status, setStatus] = useState<CustomSolutionStatus | null>('submitted')
  const requests = useOfficerCustomSolutions(status)
  return (
    <div className="grid gap-4" data-testid="officer-custom-solutions">
      <div className="grid max-w-xs gap-1.5">
        <label htmlFor="officer-custom-solution-status" className="text-sm font-medium">
          {t('customSolutions.officers.status')}
        </label>
        <NativeSelect
          id="officer-custom-solution-status"
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as CustomSolutionStatus | null)}
        >
          <option value="">{t('customSolutions.officers.all')}</option>
          {CUSTOM_SOLUTION_STATUSES.map((entry) => (
            <option key={entry} value={entry}>
              {t(`customSolutions.status.${entry}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {requests.isPending ? (
        <LoadingBlock label={t('customSolutions.loading')} rows={2} />
      ) : requests.isError ? (
        <LoadError title={t('customSolutions.loadFailed')} query={requests} />
      ) : requests.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
          {t('customSolutions.officers.empty')}
        </p>
      ) : (
        <ul className="grid gap-4">
          {requests.data.map((request) => (
            <li key={request.id}>
              <OfficerRequest request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function OfficerRequest({ request }: { request: CustomSolution }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [quoting, setQuoting] = useState(false)
  const latest = request.quotes[0]
  return (
    <article
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      data-testid={`officer-request-${request.reference}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-semibold">
            {request.reference} · {request.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {request.organizationName}
            {request.requestedByName && ` · ${request.requestedByName}`} · {dates.dateTime(request.createdAt)}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[request.status]}>
          {t(`customSolutions.status.${request.status}`)}
        </Badge>
      </header>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className="text-muted-foreground">{t('customSolutions.fields.workload')}</dt>
          <dd className="whitespace-pre-line">{request.workload}</dd>
        </div>
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className="text-muted-foreground">{t('customSolutions.fields.components')}</dt>
          <dd className="whitespace-pre-line">{request.components}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('customSolutions.fields.compliance')}</dt>
          <dd>
            {request.compliance.map((need) => t(`customSolutions.compliance.${need}`)).join(', ') || '—'}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('customSolutions.fields.sla')}</dt>
          <dd>{t(`customSolutions.sla.${request.sla}`)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('customSolutions.officers.budget')}</dt>
          <dd>{request.budget ? `${request.budget} ${request.currency}` : '—'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('customSolutions.fields.deadline')}</dt>
          <dd>{request.deadline ? dates.calendarDate(request.deadline) : '—'}</dd>
        </div>
      </dl>
      {latest && (
        <section className="grid gap-2 rounded-lg border p-4" aria-label={t('customSolutions.quote.title')}>
          <p className="text-sm font-medium">
            {t('customSolutions.officers.latestQuote', {
              status: t(`customSolutions.quoteStatus.${latest.status}`),
            })}
          </p>
          <QuoteView quote={latest} />
        </section>
      )}
      {request.status !== 'accepted' &&
        (quoting ? (
          <QuoteForm request={request} onDone={() => setQuoting(false)} />
        ) : (
          <Button className="justify-self-start" onClick={() => setQuoting(true)} data-testid="write-quote">
            {latest ? t('customSolutions.officers.requote') : t('customSolutions.officers.quote')}
          </Button>
        ))}
    </article>
  )
}

function QuoteForm({ request, onDone }: { request: CustomSolution; onDone: () => void }) {
  const { t } = useTranslation()
  const send = useSendQuote()
  const form = useZodForm(quoteFormSchema, {
    defaultValues: {
      currency: request.billingCurrency,
      lines: [{ description: '', quantity: 1, unitPrice: 0 }],
      validUntil: inThirtyDays(),
      note: '',
    },
  })
  const lines = useFieldArray({ control: form.control, name: 'lines' })
  return (
    <Form
      form={form}
      className="grid gap-4 rounded-lg border p-4"
      onSubmit={(quote) =>
        send.mutate(
          { id: request.id, quote },
          {
            onSuccess: () => {
              toast({
                variant: 'success',
                title: t('customSolutions.officers.sent', { reference: request.reference }),
              })
              onDone()
            },
            onError: (error) => applyServerErrors(form, error),
          },
        )
      }
      data-testid="quote-form"
    >
      <FormAlert />
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('customSolutions.quote.lines')}</legend>
        <p className="text-sm text-muted-foreground">
          {t('customSolutions.quote.pricesIn', { currency: request.billingCurrency })}
        </p>
        {lines.fields.map((line, index) => (
          <div key={line.id} className="grid items-end gap-2 sm:grid-cols-[1fr_6rem_9rem_auto]">
            <FormInputField
              control={form.control}
              name={`lines.${index}.description`}
              label={t('customSolutions.quote.line')}
            />
            <FormInputField
              control={form.control}
              name={`lines.${index}.quantity`}
              type="number"
              min={1}
              inputMode="numeric"
              label={t('customSolutions.quote.quantity')}
            />
            <FormInputField
              control={form.control}
              name={`lines.${index}.unitPrice`}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              label={t('customSolutions.quote.unitPrice', { currency: request.billingCurrency })}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
              aria-label={t('customSolutions.quote.removeLine', { number: index + 1 })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => lines.append({ description: '', quantity: 1, unitPrice: 0 })}
        >
          <Plus aria-hidden="true" />
          {t('customSolutions.quote.addLine')}
        </Button>
      </fieldset>
      <FormInputField
        control={form.control}
        name="validUntil"
        type="date"
        label={t('customSolutions.quote.validUntilLabel')}
      />
      <FormTextareaField control={form.control} name="note" label={t('customSolutions.quote.note')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          pending={send.isPending}
          label={t('customSolutions.officers.send')}
          pendingLabel={t('customSolutions.officers.sending')}
        />
        <Button type="button" variant="outline" onClick={onDone}>
          {t('customSolutions.cancel')}
        </Button>
      </div>
    </Form>
  )
}
