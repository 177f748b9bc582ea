import { FileWarning } from 'lucide-react'
import { useId, useState } from 'react'
import { z } from 'zod'
import { centsOfUnits } from '#common/pricing.ts'
import {
  creditNoteRequestSchema,
  INVOICE_STATUSES,
  type InvoiceStatus,
  type OfficerInvoice,
} from '#common/schemas/billing.ts'
import { check } from '#common/validation-messages.ts'
import { InvoiceStatusBadge } from '#web/components/invoice-status-badge.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { Form, FormAlert, FormInputField, FormTextareaField } from '#web/components/ui/form.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useIssueCreditNote, useOfficerInvoices } from '../api/officer-billing.ts'
import '#web/lib/strings/billing.ts'
import '#web/lib/strings/officers.ts'

/** Invoices of every organization by status, overdue first: who owes what, and credit notes. */
export function OfficerInvoices() {
  const { t } = useTranslation()
  const id = useId()
  const [status, setStatus] = useState<InvoiceStatus>('overdue')
  const invoices = useOfficerInvoices(status)
  return (
    <div className="grid gap-4">
      <div className="grid w-full gap-1.5 sm:w-56">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          {t('officers.invoices.status')}
        </label>
        <NativeSelect
          id={`${id}-status`}
          value={status}
          onChange={(event) => setStatus(event.target.value as InvoiceStatus)}
        >
          {INVOICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`billing.invoices.statuses.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {invoices.isPending ? (
        <LoadingBlock label={t('officers.invoices.loading')} rows={2} />
      ) : invoices.isError ? (
        <LoadError title={t('officers.invoices.loadFailed')} query={invoices} />
      ) : invoices.data.items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center"
          data-testid="officer-invoices-empty"
        >
          <FileWarning aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {t('officers.invoices.empty', { status: t(`billing.invoices.statuses.${status}`) })}
          </p>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border" aria-label={t('officers.invoices.title')}>
          {invoices.data.items.map((invoice) => (
            <OfficerInvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </div>
  )
}

function OfficerInvoiceRow({ invoice }: { invoice: OfficerInvoice }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  return (
    <li
      className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid={`officer-invoice-${invoice.number}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-medium">{invoice.number}</span>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.kind === 'credit_note' && (
            <Badge variant="secondary">{t('billing.invoices.creditNote')}</Badge>
          )}
        </p>
        <p className="text-sm">
          {invoice.organizationName}{' '}
          <span className="font-mono text-muted-foreground">{invoice.billingId}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {t('officers.invoices.dueLine', {
            due: dates.date(invoice.dueAt),
            total: money.amount(invoice.totalCents, invoice.currency),
            left: money.amount(invoice.amountDueCents, invoice.currency),
            reminders: invoice.remindersSent,
          })}
        </p>
      </div>
      {invoice.kind === 'invoice' && <CreditNoteDialog invoice={invoice} />}
    </li>
  )
}

function CreditNoteDialog({ invoice }: { invoice: OfficerInvoice }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {t('officers.invoices.creditNote')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('billing.close')}>
        {open && <CreditNoteForm invoice={invoice} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

/** The amount typed in units of the invoice's currency, sent as cents before VAT. */
const creditNoteFormSchema = z
  .object({
    amount: z.coerce.number().min(0.01, check('atLeast', { minimum: 0.01 })),
    reason: creditNoteRequestSchema.shape.reason,
  })
  .transform(({ amount, reason }) => ({ amountCents: centsOfUnits(amount), reason }))

function CreditNoteForm({ invoice, onDone }: { invoice: OfficerInvoice; onDone: () => void }) {
  const { t } = useTranslation()
  const issue = useIssueCreditNote()
  const form = useZodForm(creditNoteFormSchema, { defaultValues: { amount: 0, reason: '' } })
  return (
    <Form
      form={form}
      className="grid gap-4"
      onSubmit={(values) =>
        issue.mutate(
          { invoiceId: invoice.id, ...values },
          {
            onSuccess: (note) => {
              toast({ title: t('officers.invoices.issued', { number: note.number }), variant: 'success' })
              onDone()
            },
            onError: (error) => applyServerErrors(form, error),
          },
        )
      }
    >
      <DialogHeader>
        <DialogTitle>{t('officers.invoices.creditNoteTitle', { number: invoice.number })}</DialogTitle>
        <DialogDescription>{t('officers.invoices.creditNoteHint')}</DialogDescription>
      </DialogHeader>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="amount"
        type="number"
        step="0.01"
        min={0.01}
        inputMode="decimal"
        label={t('officers.invoices.amount', { currency: invoice.currency })}
      />
      <FormTextareaField control={form.control} name="reason" label={t('officers.invoices.reason')} />
      <SubmitButton
        pending={issue.isPending}
        label={t('officers.invoices.issue')}
        pendingLabel={t('officers.invoices.issuing')}
      />
    </Form>
  )
}
