import { Download, FileText, LifeBuoy } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { billing } from '#common/contract/billing.ts'
import { href } from '#common/routes.ts'
import type { InvoiceSummary } from '#common/schemas/billing.ts'
import { INVOICE_STATUSES, type InvoiceStatus } from '#common/schemas/statuses.ts'
import { InvoiceStatusBadge } from '#web/components/invoice-status-badge.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { urlOf } from '#web/lib/api/call.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { usePayInvoice } from '../api/billing-mutations.ts'
import { type InvoiceFilters, useInvoices } from '../api/billing-queries.ts'
import { invoiceFiltersFrom, searchParamsWithInvoiceFilters } from '../invoice-filters.ts'
import '#web/lib/strings/billing.ts'

const DOWNLOADS = [
  { endpoint: billing.invoicePdf, label: 'PDF' },
  { endpoint: billing.invoiceCsv, label: 'CSV' },
  { endpoint: billing.invoiceFacturx, label: 'Factur-X' },
] as const

/** The organization's invoices and credit notes, filtered by status and year (kept in the URL). */
export function InvoiceSection({ canPay, cardPayments }: { canPay: boolean; cardPayments: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const [filters, setFilters] = useSearchParamFilters<InvoiceFilters>(
    invoiceFiltersFrom,
    searchParamsWithInvoiceFilters,
  )
  const invoices = useInvoices(filters)
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? []
  const thisYear = new Date().getUTCFullYear()
  const years = [thisYear, thisYear - 1, thisYear - 2]
  const filtered = filters.status !== null || filters.year !== null

  return (
    <SectionCard
      id="invoices"
      title={t('billing.invoices.title')}
      description={t('billing.invoices.description')}
    >
      <div className="flex flex-wrap gap-3">
        <div className="grid w-full gap-1.5 sm:w-48">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t('billing.invoices.status')}
          </label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilters({ ...filters, status: (event.target.value || null) as InvoiceStatus | null })
            }
          >
            <option value="">{t('billing.invoices.allStatuses')}</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`billing.invoices.statuses.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-full gap-1.5 sm:w-48">
          <label htmlFor={`${id}-year`} className="text-sm font-medium">
            {t('billing.invoices.year')}
          </label>
          <NativeSelect
            id={`${id}-year`}
            value={filters.year ?? ''}
            onChange={(event) =>
              setFilters({ ...filters, year: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{t('billing.invoices.allYears')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {invoices.isPending ? (
        <LoadingBlock label={t('billing.invoices.loading')} />
      ) : invoices.isError ? (
        <LoadError title={t('billing.invoices.loadFailed')} query={invoices} />
      ) : items.length === 0 ? (
        <div
          className="grid justify-items-start gap-3 rounded-lg border border-dashed p-4"
          data-testid="invoices-empty"
        >
          <p className="text-sm text-muted-foreground">
            {filtered ? t('billing.invoices.emptyFiltered') : t('billing.invoices.empty')}
          </p>
          {filtered && (
            <Button variant="outline" size="sm" onClick={() => setFilters({ status: null, year: null })}>
              {t('billing.invoices.clearFilters')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul aria-label={t('billing.invoices.title')} className="divide-y rounded-lg border">
            {items.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} canPay={canPay && cardPayments} />
            ))}
          </ul>
          {invoices.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void invoices.fetchNextPage()}
              disabled={invoices.isFetchingNextPage}
            >
              {t('billing.invoices.loadMore')}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  )
}

function InvoiceRow({ invoice, canPay }: { invoice: InvoiceSummary; canPay: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const pay = usePayInvoice()
  return (
    <li
      className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid={`invoice-${invoice.number}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="font-mono font-medium">{invoice.number}</span>
          {invoice.kind === 'credit_note' && (
            <Badge variant="secondary">{t('billing.invoices.creditNote')}</Badge>
          )}
          <InvoiceStatusBadge status={invoice.status} />
        </p>
        <p className="text-sm text-muted-foreground">
          {t('billing.invoices.period', {
            start: dates.calendarDate(invoice.periodStart),
            end: dates.calendarDate(invoice.periodEnd),
          })}{' '}
          · {t('billing.invoices.issued', { date: dates.date(invoice.issuedAt) })}
          {invoice.amountDueCents > 0 && (
            <> · {t('billing.invoices.due', { date: dates.date(invoice.dueAt) })}</>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="mr-2 font-semibold tabular-nums" data-testid="invoice-total">
          {money.amount(invoice.totalCents, invoice.currency)}
        </span>
        {DOWNLOADS.map((download) => (
          <Button key={download.label} asChild variant="outline" size="sm">
            <a
              href={urlOf(download.endpoint, { params: { id: invoice.id } })}
              download
              aria-label={t('billing.invoices.download', { format: download.label, number: invoice.number })}
            >
              <Download aria-hidden="true" />
              {download.label}
            </a>
          </Button>
        ))}
        <Button asChild variant="ghost" size="sm">
          <Link
            to={href('billingSupport', { invoice: invoice.id })}
            aria-label={t('billing.invoices.reportLabel', { number: invoice.number })}
          >
            <LifeBuoy aria-hidden="true" />
            {t('billing.invoices.report')}
          </Link>
        </Button>
        {canPay && invoice.amountDueCents > 0 && (
          <Button size="sm" onClick={() => pay.mutate(invoice.id)} disabled={pay.isPending || pay.isSuccess}>
            {t('billing.invoices.pay', { amount: money.amount(invoice.amountDueCents, invoice.currency) })}
          </Button>
        )}
      </div>
    </li>
  )
}
