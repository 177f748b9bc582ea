import { useId, useState } from 'react'
import type { OfficerGdprRequest } from '#common/schemas/gdpr.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDecideErasure, useOfficerGdprRequests } from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The officers' GDPR queue: erasures by deadline, each with its preview and the decisions. */
export function OfficerGdprQueue() {
  const { t } = useTranslation()
  const requests = useOfficerGdprRequests()
  if (requests.isPending) return <LoadingBlock label={t('accounts.gdprQueue.loading')} rows={2} />
  if (requests.isError) return <LoadError title={t('accounts.gdprQueue.loadFailed')} query={requests} />
  if (requests.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="gdpr-queue-empty">
        {t('accounts.gdprQueue.empty')}
      </p>
    )
  return (
    <ul className="grid gap-3" aria-label={t('accounts.gdprQueue.title')}>
      {requests.data.map((request) => (
        <ErasureCard key={request.id} request={request} />
      ))}
    </ul>
  )
}

function ErasureCard({ request }: { request: OfficerGdprRequest }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const now = useNow(true, 60_000)
  const decide = useDecideErasure()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const daysLeft = Math.ceil((new Date(request.deadlineAt).getTime() - now) / DAY_MS)
  const { preview } = request
  const blocked = preview.unpaidInvoices > 0
  const act = (action: 'approve' | 'refuse' | 'extend') => (done: () => void) =>
    decide.mutate(
      { id: request.id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t(`accounts.gdprQueue.done.${action}`, { name: request.name }) })
          done()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('accounts.gdprQueue.failed'),
            description: error.message,
          }),
      },
    )
  const reasonField = (
    <label htmlFor={reasonId} className="grid gap-1.5 text-sm text-foreground">
      {t('accounts.gdprQueue.reason')}
      <Textarea
        id={reasonId}
        value={reason}
        rows={3}
        maxLength={2000}
        onChange={(event) => setReason(event.target.value)}
      />
    </label>
  )
  const dialogLabels = {
    pendingLabel: t('accounts.saving'),
    cancelLabel: t('accounts.cancel'),
    closeLabel: t('accounts.close'),
    pending: decide.isPending,
  }
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid={`erasure-${request.email}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <p className="font-medium">
            {request.name} · <span className="break-all">{request.email}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {request.organizationName} ·{' '}
            {t('accounts.gdprQueue.asked', { date: dates.date(request.createdAt) })}
          </p>
          {request.reason && <p className="text-sm">“{request.reason}”</p>}
        </div>
        <Badge variant={daysLeft <= 7 ? 'destructive' : 'secondary'} data-testid="erasure-deadline">
          {t('accounts.gdprQueue.daysLeft', {
            count: Math.max(daysLeft, 0),
            date: dates.date(request.deadlineAt),
          })}
          {request.extended && ` · ${t('accounts.gdprQueue.extended')}`}
        </Badge>
      </header>
      <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="erasure-preview">
        <div>
          <dt className="font-medium">{t('accounts.gdprQueue.deleted')}</dt>
          <dd className="text-muted-foreground">
            {t('accounts.gdprQueue.deletedText', {
              sessions: preview.deleted.sessions,
              passkeys: preview.deleted.passkeys,
              tokens: preview.deleted.apiTokens,
              notifications: preview.deleted.notifications,
            })}
          </dd>
        </div>
        <div>
          <dt className="font-medium">{t('accounts.gdprQueue.anonymised')}</dt>
          <dd className="text-muted-foreground">
            {t('accounts.gdprQueue.anonymisedText', {
              tickets: preview.anonymised.tickets,
              messages: preview.anonymised.messages,
            })}
          </dd>
        </div>
        <div>
          <dt className="font-medium">{t('accounts.gdprQueue.kept')}</dt>
          <dd className="text-muted-foreground">
            {t('accounts.gdprQueue.keptText', {
              invoices: preview.kept.invoices,
              orders: preview.kept.orders,
              entries: preview.kept.auditEntries,
            })}
          </dd>
        </div>
      </dl>
      {blocked && (
        <p className="text-sm font-medium text-destructive" data-testid="erasure-blocked">
          {t('accounts.gdprQueue.blocked', { count: preview.unpaidInvoices })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="destructive" disabled={blocked}>
              {t('accounts.gdprQueue.approve')}
            </Button>
          }
          title={t('accounts.gdprQueue.approveTitle', { name: request.name })}
          description={<p>{t('accounts.gdprQueue.approveText')}</p>}
          confirmLabel={t('accounts.gdprQueue.approve')}
          destructive
          testId="approve-erasure-dialog"
          onConfirm={act('approve')}
          {...dialogLabels}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              {t('accounts.gdprQueue.refuse')}
            </Button>
          }
          title={t('accounts.gdprQueue.refuseTitle', { name: request.name })}
          description={reasonField}
          confirmLabel={t('accounts.gdprQueue.refuse')}
          onConfirm={act('refuse')}
          {...dialogLabels}
        />
        {!request.extended && (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline">
                {t('accounts.gdprQueue.extend')}
              </Button>
            }
            title={t('accounts.gdprQueue.extendTitle')}
            description={reasonField}
            confirmLabel={t('accounts.gdprQueue.extend')}
            onConfirm={act('extend')}
            {...dialogLabels}
          />
        )}
      </div>
    </li>
  )
}
