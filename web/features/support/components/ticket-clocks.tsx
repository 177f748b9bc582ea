import { AlarmClock, CheckCircle2, PauseCircle, TimerOff } from 'lucide-react'
import type { SlaClock, TicketSummary } from '#common/schemas/support.ts'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

const MINUTE_MS = 60_000

/** A ticket's two response clocks, counting down each half-minute while one runs. */
export function TicketClocks({ ticket, compact = false }: { ticket: TicketSummary; compact?: boolean }) {
  const { firstResponse, nextResponse } = ticket.clocks
  const running = firstResponse.state === 'running' || nextResponse.state === 'running'
  const now = useNow(running, 30_000)
  return (
    <dl
      className={cn('grid gap-2', compact ? 'text-xs' : 'text-sm sm:grid-cols-2')}
      data-testid="ticket-clocks"
    >
      <Clock name="firstResponse" clock={firstResponse} now={now} compact={compact} />
      {(!compact || nextResponse.state !== 'idle') && (
        <Clock name="nextResponse" clock={nextResponse} now={now} compact={compact} />
      )}
    </dl>
  )
}

function Clock({
  name,
  clock,
  now,
  compact,
}: {
  name: 'firstResponse' | 'nextResponse'
  clock: SlaClock
  now: number
  compact: boolean
}) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const remaining = clock.dueAt ? (new Date(clock.dueAt).getTime() - now) / MINUTE_MS : 0
  // A running clock past its due instant is overdue before the next refresh says so.
  const state = clock.state === 'running' && remaining <= 0 ? 'breached' : clock.state
  const Icon = {
    running: AlarmClock,
    paused: PauseCircle,
    met: CheckCircle2,
    breached: TimerOff,
    idle: AlarmClock,
    stopped: PauseCircle,
  }[state]
  const text = {
    running: `${t('support.clocks.running', { duration: format.duration(remaining) })}${compact || !clock.dueAt ? '' : `, ${t('support.clocks.dueAt', { date: format.dateTime(clock.dueAt) })}`}`,
    paused: t('support.clocks.paused', { duration: format.duration(clock.remainingMinutes ?? 0) }),
    met: t('support.clocks.met', { date: clock.metAt ? format.dateTime(clock.metAt) : '' }),
    breached: clock.dueAt
      ? t('support.clocks.breachedSince', { date: format.dateTime(clock.dueAt) })
      : t('support.clocks.breached'),
    idle: t('support.clocks.idle'),
    stopped: t('support.clocks.stopped'),
  }[state]
  return (
    <div
      className={cn(
        'grid min-w-0 gap-0.5 rounded-md border px-2.5 py-2',
        state === 'breached' && 'border-destructive/50 text-destructive',
        state === 'met' && 'border-success/40',
      )}
      data-testid={`clock-${name}`}
      data-state={state}
    >
      <dt className="flex items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="font-medium">
          {t(`support.clocks.${name}`)}
          {!compact && (
            <span className="font-normal text-muted-foreground">
              {' · '}
              {t('support.clocks.target', { duration: format.duration(clock.targetMinutes) })}
            </span>
          )}
        </span>
      </dt>
      <dd className={cn('pl-6', state !== 'breached' && 'text-muted-foreground')}>{text}</dd>
    </div>
  )
}
