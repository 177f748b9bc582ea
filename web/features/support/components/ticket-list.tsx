import { LifeBuoy } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { TICKET_CATEGORIES } from '#common/schemas/kinds.ts'
import { TICKET_STATUSES } from '#common/schemas/statuses.ts'
import type { TicketListQuery, TicketSummary } from '#common/schemas/support.ts'
import { TICKET_PRIORITIES } from '#common/schemas/ticket-priorities.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useTickets } from '../api/support.ts'
import { useTicketLiveUpdates } from '../hooks/use-ticket-live-updates.ts'
import { searchParamsWithTicketFilters, ticketFiltersFrom } from '../ticket-filters.ts'
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx'
import { TicketClocks } from './ticket-clocks.tsx'
import '#web/lib/strings/support.ts'

const FILTERS = [
  { name: 'status', values: TICKET_STATUSES, label: 'support.list.status', option: 'support.status' },
  { name: 'category', values: TICKET_CATEGORIES, label: 'support.list.category', option: 'support.category' },
  { name: 'priority', values: TICKET_PRIORITIES, label: 'support.list.priority', option: 'support.priority' },
] as const

/** /orders/support: the organization's tickets, live, filtered by state, category and priority. */
export function TicketList() {
  const { t } = useTranslation()
  const id = useId()
  useTicketLiveUpdates()
  const [filters, setFilters] = useSearchParamFilters<TicketListQuery>(
    ticketFiltersFrom,
    searchParamsWithTicketFilters,
  )
  const tickets = useTickets(filters)
  const filtered = Object.values(filters).some(Boolean)
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {FILTERS.map((filter) => (
          <div key={filter.name} className="grid gap-1.5">
            <label htmlFor={`${id}-${filter.name}`} className="text-sm font-medium">
              {t(filter.label)}
            </label>
            <NativeSelect
              id={`${id}-${filter.name}`}
              value={filters[filter.name] ?? ''}
              onChange={(event) => setFilters({ ...filters, [filter.name]: event.target.value || undefined })}
            >
              <option value="">{t('support.list.all')}</option>
              {filter.values.map((value) => (
                <option key={value} value={value}>
                  {t(`${filter.option}.${value}` as 'support.status.new')}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      {tickets.isPending ? (
        <LoadingBlock label={t('support.list.loading')} rows={3} />
      ) : tickets.isError ? (
        <LoadError title={t('support.list.loadFailed')} query={tickets} />
      ) : tickets.data.length === 0 ? (
        <div
          className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6"
          data-testid="tickets-empty"
        >
          <LifeBuoy className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">
            {filtered ? t('support.list.emptyFiltered') : t('support.list.empty')}
          </p>
          {filtered ? (
            <Button variant="outline" size="sm" onClick={() => setFilters({})}>
              {t('support.list.clearFilters')}
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to={href('technicalSupport')}>{t('support.list.newTicket')}</Link>
            </Button>
          )}
        </div>
      ) : (
        <TicketSummaries tickets={tickets.data} label={t('pages.supportOrders')} />
      )}
    </div>
  )
}

/** Tickets as links to their threads: number, subject, state, priority, clocks. */
export function TicketSummaries({ tickets, label }: { tickets: TicketSummary[]; label: string }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  return (
    <ul className="grid gap-3" aria-label={label}>
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={href('supportOrder', { id: ticket.id })}
            className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] md:items-center"
            data-testid={`ticket-${ticket.number}`}
          >
            <span className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs text-muted-foreground">{ticket.number}</span>
                <TicketPriorityBadge priority={ticket.priority} />
                <TicketStatusBadge status={ticket.status} />
              </span>
              <span className="truncate font-semibold">{ticket.subject}</span>
              <span className="text-sm text-muted-foreground">
                {[
                  t(`support.category.${ticket.category}`),
                  ticket.resource ? t('support.list.about', { label: ticket.resource.label }) : null,
                  t('support.list.updated', { when: format.relative(ticket.updatedAt) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <TicketClocks ticket={ticket} compact />
          </Link>
        </li>
      ))}
    </ul>
  )
}
