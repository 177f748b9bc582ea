import type { TicketPriority, TicketStatus } from '#common/schemas/support.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** A ticket's state as a badge, worded for the reader (a customer or an officer). */
export function TicketStatusBadge({ status, officer = false }: { status: TicketStatus; officer?: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge
      variant={status === 'resolved' ? 'success' : status === 'waiting_on_customer' ? 'warning' : 'outline'}
      className={cn(
        status === 'closed' && 'text-muted-foreground',
        status === 'new' && 'border-primary/40 text-primary',
      )}
      data-testid="ticket-status"
      data-status={status}
    >
      {officer ? t(`support.officerStatus.${status}`) : t(`support.status.${status}`)}
    </Badge>
  )
}

/** P1–P5, the urgent ones in colour; the full wording in the tooltip and for screen readers. */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation()
  return (
    <Badge
      variant={priority === 'P1' ? 'destructive' : priority === 'P2' ? 'warning' : 'secondary'}
      title={t(`support.priority.${priority}`)}
    >
      <span aria-hidden="true">{priority}</span>
      <span className="sr-only">{t(`support.priority.${priority}`)}</span>
    </Badge>
  )
}
