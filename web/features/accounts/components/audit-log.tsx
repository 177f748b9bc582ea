import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { AUDIT_AREAS, type AuditEntry, isAuditAction } from '#common/schemas/accounts.ts'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useDebounced } from '#web/lib/use-debounced.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type AuditFilters, auditCsvHref, useAuditLog } from '../api/accounts.ts'
import '#web/lib/strings/accounts.ts'

/** The organization's audit log: who changed what and when, filtered, page after page, and as CSV. */
export function AuditLogSection() {
  const { t } = useTranslation()
  const ids = useId()
  const [area, setArea] = useState('')
  const [actor, setActor] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const debouncedActor = useDebounced(actor.trim(), 300)
  const filters: AuditFilters = {
    action: area || undefined,
    actor: debouncedActor || undefined,
    from: from || undefined,
    to: to || undefined,
  }
  const reset = () => setCursors([undefined])
  const csvHref = auditCsvHref(filters)
  return (
    <SectionCard
      id="audit-log"
      title={t('accounts.audit.title')}
      description={t('accounts.audit.description')}
      action={
        <a href={csvHref} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          {t('accounts.audit.csv')}
        </a>
      }
    >
      <fieldset className="grid gap-3 sm:grid-cols-4">
        <legend className="sr-only">{t('accounts.audit.filters')}</legend>
        <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-area`}>
          {t('accounts.audit.area')}
          <NativeSelect
            id={`${ids}-area`}
            value={area}
            onChange={(event) => {
              setArea(event.target.value)
              reset()
            }}
          >
            <option value="">{t('accounts.audit.allAreas')}</option>
            {AUDIT_AREAS.map((value) => (
              <option key={value} value={value}>
                {t(`accounts.audit.areas.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-actor`}>
          {t('accounts.audit.actor')}
          <Input
            id={`${ids}-actor`}
            value={actor}
            maxLength={254}
            onChange={(event) => {
              setActor(event.target.value)
              reset()
            }}
          />
        </label>
        <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-from`}>
          {t('accounts.audit.from')}
          <Input
            id={`${ids}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => {
              setFrom(event.target.value)
              reset()
            }}
          />
        </label>
        <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-to`}>
          {t('accounts.audit.to')}
          <Input
            id={`${ids}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => {
              setTo(event.target.value)
              reset()
            }}
          />
        </label>
      </fieldset>
      <div className="grid gap-3">
        {cursors.map((cursor, index) => (
          <AuditPage
            key={cursor ?? 'first'}
            filters={filters}
            cursor={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors((shown) => [...shown, next])}
          />
        ))}
      </div>
    </SectionCard>
  )
}

function AuditPage({
  filters,
  cursor,
  last,
  onMore,
}: {
  filters: AuditFilters
  cursor: string | undefined
  last: boolean
  onMore: (cursor: string) => void
}) {
  const { t } = useTranslation()
  const page = useAuditLog(filters, cursor)
  if (page.isPending) return <LoadingBlock label={t('accounts.audit.loading')} rows={3} />
  if (page.isError) return <LoadError title={t('accounts.audit.loadFailed')} query={page} />
  if (page.data.items.length === 0 && cursor === undefined)
    return (
      <p className="text-sm text-muted-foreground" data-testid="audit-empty">
        {t('accounts.audit.empty')}
      </p>
    )
  const next = page.data.nextCursor
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label={t('accounts.audit.title')}>
        {page.data.items.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {last && next && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onMore(next)}>
          {t('accounts.audit.more')}
        </Button>
      )}
    </>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const action = isAuditAction(entry.action) ? t(`accounts.audit.actions.${entry.action}`) : entry.action
  return (
    <li className="grid gap-0.5 p-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <p>
        <span className="font-medium">{action}</span>
        {entry.targetLabel && <span className="break-all"> · {entry.targetLabel}</span>}
      </p>
      <p className="text-muted-foreground break-all">
        {dates.dateTime(entry.createdAt)} · {entry.actor}
        {entry.ip && ` · ${entry.ip}`}
      </p>
    </li>
  )
}
