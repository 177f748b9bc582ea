import { ArrowLeft } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { TICKET_STATUSES } from '#common/schemas/statuses.ts'
import type { OfficerTicketQuery, TicketSummary } from '#common/schemas/support.ts'
import { TICKET_PRIORITIES } from '#common/schemas/ticket-priorities.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useOfficerTickets } from '../api/support.ts'
import { useTicketLiveUpdates } from '../hooks/use-ticket-live-updates.ts'
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx'
import { TicketClocks } from './ticket-clocks.tsx'
import '#web/lib/strings/support.ts'

/** A ticket opens with its thread, its reply form and its settings: their code loads when one does. */
const OfficerTicket = lazy(() =>
  import('./officer-ticket.tsx').then((module) => ({ default: module.OfficerTicket })),
)

/**
 * The officers' ticket queue, the most urgent clock first: filters by state, priority, plan (the
 * catalog's support plans), clock and assignee; a ticket opens in place with its notes, its reply and its settings.
 */
export function OfficerTickets({ plans }: { plans: { id: string; name: string }[] }) {
  const { t } = useTranslation()
  const id = useId()
  useTicketLiveUpdates()
  const [query, setQuery] = useState<OfficerTicketQuery>({})
  const [openId, setOpenId] = useState<string | null>(null)
  const tickets = useOfficerTickets(query)
  if (openId)
    return (
      <div className="grid gap-4">
        <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setOpenId(null)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('support.officers.closeTicket')}
        </Button>
        <Suspense fallback={<LoadingBlock label={t('support.thread.loading')} rows={4} />}>
          <OfficerTicket id={openId} />
        </Suspense>
      </div>
    )
  const select = (
    name: keyof OfficerTicketQuery,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect
        id={`${id}-${name}`}
        value={query[name] ?? ''}
        onChange={(event) => setQuery({ ...query, [name]: event.target.value || undefined })}
      >
        <option value="">{t('support.officers.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
  return (
    <div className="grid gap-4" data-testid="officer-tickets">
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {select(
          'status',
          t('support.officers.status'),
          TICKET_STATUSES.map((value) => ({ value, label: t(`support.officerStatus.${value}`) })),
        )}
        {select(
          'priority',
          t('support.officers.priority'),
          TICKET_PRIORITIES.map((value) => ({ value, label: value })),
        )}
        {select(
          'planId',
          t('support.officers.plan'),
          plans.map((plan) => ({ value: plan.id, label: plan.name })),
        )}
        {select('clock', t('support.officers.clock'), [
          { value: 'breached', label: t('support.officers.breached') },
          { value: 'due_soon', label: t('support.officers.dueSoon') },
        ])}
        {select('assignee', t('support.officers.assignee'), [
          { value: 'me', label: t('support.officers.mine') },
          { value: 'nobody', label: t('support.officers.nobody') },
        ])}
      </div>
      {tickets.isPending ? (
        // Rows as tall as a ticket of the queue: the sections below do not move when it comes.
        <LoadingBlock label={t('support.officers.loading')} rows={3} rowClassName="h-30" />
      ) : tickets.isError ? (
        <LoadError title={t('support.officers.loadFailed')} query={tickets} />
      ) : tickets.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-muted-foreground">
          {t('support.officers.empty')}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t('support.officers.title')}>
          {tickets.data.map((ticket) => (
            <QueueItem key={ticket.id} ticket={ticket} onOpen={() => setOpenId(ticket.id)} />
          ))}
        </ul>
      )}
    </div>
  )
}

function QueueItem({ ticket, onOpen }: { ticket: TicketSummary; onOpen: () => void }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  return (
    <li
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] md:items-start"
      data-testid={`officer-ticket-${ticket.number}`}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-muted-foreground">{ticket.number}</span>
          <TicketPriorityBadge priority={ticket.priority} />
          <TicketStatusBadge status={ticket.status} officer />
        </div>
        <p className="truncate font-semibold">{ticket.subject}</p>
        <p className="text-sm text-muted-foreground">
          {[
            ticket.organizationName ?? t('support.officers.visitor'),
            ticket.plan.name,
            t(`support.category.${ticket.category}`),
            ticket.assignee?.name ?? t('support.officers.unassigned'),
            format.relative(ticket.updatedAt),
          ].join(' · ')}
        </p>
        <div>
          <Button size="sm" variant="outline" onClick={onOpen}>
            {t('support.officers.open', { number: ticket.number })}
          </Button>
        </div>
      </div>
      <TicketClocks ticket={ticket} compact />
    </li>
  )
}
