import { FileQuestion } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { CustomSolution, CustomSolutionStatus } from '#common/schemas/custom-solutions.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useAcceptQuote, useCustomSolutions, useDeclineQuote } from '../api/custom-solutions.ts'
import { QuoteView } from './quote-view.tsx'
import '#web/lib/strings/custom-solutions.ts'

export const STATUS_VARIANT: Record<
  CustomSolutionStatus,
  'outline' | 'secondary' | 'success' | 'destructive'
> = {
  submitted: 'outline',
  quoted: 'secondary',
  accepted: 'success',
  declined: 'destructive',
}

/** The organization's requests, newest first, each with its quotes; an open quote is answered here. */
export function CustomSolutionList() {
  const { t } = useTranslation()
  const requests = useCustomSolutions()
  if (requests.isPending) return <LoadingBlock label={t('customSolutions.loading')} rows={2} />
  if (requests.isError) return <LoadError title={t('customSolutions.loadFailed')} query={requests} />
  if (requests.data.length === 0)
    return (
      <div
        className="grid justify-items-start gap-2 rounded-xl border border-dashed p-6"
        data-testid="custom-solutions-empty"
      >
        <FileQuestion className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('customSolutions.empty')}</p>
      </div>
    )
  return (
    <ul className="grid gap-4" aria-label={t('customSolutions.yourRequests')}>
      {requests.data.map((request) => (
        <li key={request.id}>
          <RequestCard request={request} />
        </li>
      ))}
    </ul>
  )
}

function RequestCard({ request }: { request: CustomSolution }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const accept = useAcceptQuote()
  const decline = useDeclineQuote()
  // One answer at a time: neither dialog confirms while the other's call runs.
  const answering = accept.isPending || decline.isPending
  const [reason, setReason] = useState('')
  const open = request.quotes.find((quote) => quote.status === 'open')
  const accepted = request.quotes.find((quote) => quote.status === 'accepted')
  return (
    <article
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      data-testid={`custom-solution-${request.reference}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-semibold">{request.title}</h3>
          <p className="text-sm text-muted-foreground">
            {request.reference} · {dates.dateTime(request.createdAt)}
          </p>
        </div>
        <Badge
          variant={STATUS_VARIANT[request.status]}
          data-testid="custom-solution-status"
          data-status={request.status}
        >
          {t(`customSolutions.status.${request.status}`)}
        </Badge>
      </header>
      {/* The customer's own words, shown as written (never machine-translated). */}
      <p translate="no" className="text-sm whitespace-pre-line">
        {request.workload}
      </p>
      {open && (
        <section
          className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
          aria-label={t('customSolutions.quote.title')}
        >
          <h4 className="font-semibold">{t('customSolutions.quote.title')}</h4>
          <QuoteView quote={open} />
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={<Button data-testid="accept-quote">{t('customSolutions.quote.accept')}</Button>}
              title={t('customSolutions.quote.acceptTitle')}
              description={<p>{t('customSolutions.quote.acceptText', { reference: request.reference })}</p>}
              confirmLabel={t('customSolutions.quote.accept')}
              pendingLabel={t('customSolutions.quote.accepting')}
              cancelLabel={t('customSolutions.cancel')}
              closeLabel={t('customSolutions.close')}
              pending={answering}
              testId="accept-quote-dialog"
              onConfirm={(done) =>
                accept.mutate(
                  { id: request.id, quoteId: open.id },
                  {
                    onSuccess: () => {
                      toast({ variant: 'success', title: t('customSolutions.quote.acceptedTitle') })
                      done()
                    },
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: t('customSolutions.quote.failed'),
                        description: error.message,
                      }),
                  },
                )
              }
            />
            <ConfirmDialog
              trigger={<Button variant="outline">{t('customSolutions.quote.decline')}</Button>}
              title={t('customSolutions.quote.declineTitle')}
              description={
                <span className="grid gap-1.5 text-sm">
                  <label htmlFor={`decline-reason-${request.id}`}>
                    {t('customSolutions.quote.declineReason')}
                  </label>
                  <Textarea
                    id={`decline-reason-${request.id}`}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    rows={3}
                  />
                </span>
              }
              confirmLabel={t('customSolutions.quote.decline')}
              pendingLabel={t('customSolutions.quote.decline')}
              cancelLabel={t('customSolutions.cancel')}
              closeLabel={t('customSolutions.close')}
              destructive
              pending={answering}
              onConfirm={(done) =>
                decline.mutate(
                  { id: request.id, quoteId: open.id, reason: reason.trim() || null },
                  {
                    onSuccess: done,
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: t('customSolutions.quote.failed'),
                        description: error.message,
                      }),
                  },
                )
              }
            />
          </div>
        </section>
      )}
      {accepted?.orderId && (
        <p className="text-sm" data-testid="custom-solution-order">
          {t('customSolutions.orderPlaced')}{' '}
          <Link
            to={href('orderStatus', { id: accepted.orderId })}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('customSolutions.viewOrder')}
          </Link>
        </p>
      )}
    </article>
  )
}
