import { Download, FileArchive, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { EXPORT_VALID_DAYS, type GdprRequest } from '#common/schemas/gdpr.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { gdprArchiveHref, useGdprRequests, useRequestErasure, useRequestExport } from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

/** "Export my data" and "Delete my account" (GDPR), with the state of each request. */
export function DataSection() {
  const { t } = useTranslation()
  const requests = useGdprRequests()
  const exportData = useRequestExport()
  const erase = useRequestErasure()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t('accounts.data.failed'), description: error.message })
  const waiting = (kind: GdprRequest['kind']) =>
    requests.data?.some((request) => request.kind === kind && request.status === 'pending') ?? false
  return (
    <SectionCard id="your-data" title={t('accounts.data.title')} description={t('accounts.data.description')}>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={exportData.isPending || waiting('export')}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => toast({ variant: 'success', title: t('accounts.data.exportAsked') }),
              onError: failed,
            })
          }
        >
          <FileArchive aria-hidden="true" />
          {t('accounts.data.export')}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="text-destructive" disabled={waiting('erasure')}>
              <Trash2 aria-hidden="true" />
              {t('accounts.data.erase')}
            </Button>
          }
          title={t('accounts.data.eraseTitle')}
          description={
            <>
              <p>{t('accounts.data.eraseText')}</p>
              <label htmlFor={reasonId} className="grid gap-1.5 text-sm text-foreground">
                {t('accounts.data.reason')}
                <Textarea
                  id={reasonId}
                  value={reason}
                  maxLength={2000}
                  rows={3}
                  onChange={(event) => setReason(event.target.value)}
                />
              </label>
            </>
          }
          confirmLabel={t('accounts.data.eraseConfirm')}
          pendingLabel={t('accounts.saving')}
          cancelLabel={t('accounts.cancel')}
          closeLabel={t('accounts.close')}
          destructive
          pending={erase.isPending}
          testId="erasure-dialog"
          onConfirm={(done) =>
            erase.mutate(reason.trim() || null, {
              onSuccess: () => {
                toast({ variant: 'success', title: t('accounts.data.eraseAsked') })
                done()
              },
              onError: failed,
            })
          }
        />
      </div>
      {requests.isPending ? (
        <LoadingBlock label={t('accounts.data.loading')} rows={1} />
      ) : requests.isError ? (
        <LoadError title={t('accounts.data.loadFailed')} query={requests} />
      ) : (
        requests.data.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label={t('accounts.data.requests')}>
            {requests.data.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        )
      )}
    </SectionCard>
  )
}

function RequestRow({ request }: { request: GdprRequest }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-3"
      data-testid={`gdpr-${request.kind}`}
      data-status={request.status}
    >
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          {t(`accounts.data.kinds.${request.kind}`)}
          <Badge
            variant={request.status === 'ready' || request.status === 'approved' ? 'success' : 'secondary'}
          >
            {t(`accounts.data.statuses.${request.status}`)}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.data.asked', { date: dates.date(request.createdAt) })}
          {request.kind === 'erasure' &&
            request.status === 'pending' &&
            ` · ${t('accounts.data.answerBy', { date: dates.date(request.deadlineAt) })}`}
          {request.status === 'ready' &&
            request.archiveExpiresAt &&
            ` · ${t('accounts.data.until', { date: dates.dateTime(request.archiveExpiresAt), days: EXPORT_VALID_DAYS })}`}
        </p>
      </div>
      {request.status === 'ready' && (
        <a
          href={gdprArchiveHref(request.id)}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          {t('accounts.data.download')}
        </a>
      )}
    </li>
  )
}
