import { CircleCheck, CircleHelp, CircleX, type LucideIcon, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { CheckFailure, ServiceCheck } from '../health-check.ts'
import '#web/lib/strings/tools.ts'

export type DisplayedCheckState = 'checking' | 'healthy' | 'unhealthy' | 'notChecked'

/** What the card shows: "checking" while a check runs, else the last result. */
export function displayedCheckState(
  check: ServiceCheck | undefined,
  isFetching: boolean,
): DisplayedCheckState {
  if (isFetching) return 'checking'
  return check?.state ?? 'notChecked'
}

type ServiceCheckCardProps = {
  id: string
  icon: LucideIcon
  name: string
  hint: string
  /** The request the check makes, e.g. "GET /healthz". */
  target: string
  check: ServiceCheck | undefined
  isFetching: boolean
  onCheckAgain?: () => void
  /** Shown instead of the figures when the check cannot run (e.g. the socket while signed out). */
  notice?: ReactNode
}

/** One service: its state, response time, last check time, the reason of a failure, a re-check. */
export function ServiceCheckCard(props: ServiceCheckCardProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { check, isFetching, notice } = props
  const state = displayedCheckState(check, isFetching)
  const titleId = `${props.id}-title`

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={isFetching}
      data-testid={`check-${props.id}`}
      data-state={state}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
        state === 'unhealthy' && 'border-destructive/50',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <props.icon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <h2 id={titleId} className="font-semibold">
              {props.name}
            </h2>
            <p className="text-sm text-muted-foreground">{props.hint}</p>
            <code className="truncate text-xs text-muted-foreground">{props.target}</code>
          </div>
        </div>
        <StateBadge state={state} />
      </header>

      {notice ? (
        <div className="text-sm text-muted-foreground">{notice}</div>
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('tools.status.responseTime')}</dt>
            <dd className="font-medium tabular-nums" data-testid="response-time">
              {check ? t('tools.status.responseTimeValue', { ms: check.responseMs }) : '—'}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{t('tools.status.lastChecked')}</dt>
            <dd className="font-medium tabular-nums" data-testid="last-checked">
              {check ? (
                <time dateTime={new Date(check.checkedAt).toISOString()}>{dates.time(check.checkedAt)}</time>
              ) : (
                t('tools.status.notYet')
              )}
            </dd>
          </div>
          {check?.failure && (
            <div className="col-span-2 grid gap-0.5">
              <dt className="text-muted-foreground">{t('tools.status.reason')}</dt>
              <dd className="text-destructive" data-testid="failure-reason">
                <FailureText failure={check.failure} />
              </dd>
            </div>
          )}
        </dl>
      )}

      {props.onCheckAgain && (
        <Button
          variant="outline"
          size="sm"
          className="mt-auto self-start aria-disabled:opacity-70"
          // Not `disabled`: the button keeps keyboard focus while its check runs.
          aria-disabled={isFetching}
          aria-describedby={titleId}
          onClick={() => {
            if (!isFetching) props.onCheckAgain?.()
          }}
        >
          <RefreshCw
            className={cn(isFetching && 'animate-spin motion-reduce:animate-none')}
            aria-hidden="true"
          />
          {isFetching ? t('tools.status.checking') : t('tools.status.checkAgain')}
        </Button>
      )}
    </article>
  )
}

function StateBadge({ state }: { state: DisplayedCheckState }) {
  const { t } = useTranslation()
  const label = t(`tools.status.state.${state}`)
  if (state === 'checking')
    return (
      <Badge variant="secondary" className="gap-1.5" data-testid="check-state">
        <Spinner className="size-3 border" />
        {label}
      </Badge>
    )
  const Icon = state === 'healthy' ? CircleCheck : state === 'unhealthy' ? CircleX : CircleHelp
  const variant = state === 'healthy' ? 'success' : state === 'unhealthy' ? 'destructive' : 'outline'
  return (
    <Badge variant={variant} className="gap-1" data-testid="check-state">
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </Badge>
  )
}

function FailureText({ failure }: { failure: CheckFailure }) {
  const { t } = useTranslation()
  switch (failure.kind) {
    case 'timeout':
      return t('tools.status.failure.timeout', { seconds: failure.afterMs / 1000 })
    case 'unreachable':
      return t('tools.status.failure.unreachable')
    case 'status':
      return t('tools.status.failure.status', { status: failure.status, detail: failure.detail })
    case 'unexpected-answer':
      return t('tools.status.failure.unexpectedAnswer')
    case 'socket-closed':
      return failure.reason
        ? t('tools.status.failure.socketClosedReason', { code: failure.code, reason: failure.reason })
        : t('tools.status.failure.socketClosed', { code: failure.code })
  }
}
