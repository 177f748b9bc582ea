import { CircleAlert, CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react'
import type { Operation } from '#common/schemas/clusters.ts'
import { cn } from '#web/lib/cn.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { isOperationActive } from '../cluster-status.ts'
import { formatDuration, operationTimingAt, stepSeconds } from '../durations.ts'
import '#web/lib/strings/cluster-operations.ts'

type Step = Operation['steps'][number]

const STEP_ICONS = {
  pending: CircleDashed,
  running: LoaderCircle,
  succeeded: CircleCheck,
  failed: CircleAlert,
} as const

const STEP_COLOURS = {
  pending: 'text-muted-foreground',
  running: 'text-primary',
  succeeded: 'text-success',
  failed: 'text-destructive',
} as const

/**
 * One operation's live progress (create, scale, upgrade…): a progress bar, the time elapsed and
 * the estimate left, counting between two updates, and the steps with their state and duration.
 * `receivedAt` is when the figures arrived (the query's dataUpdatedAt).
 */
export function OperationProgress({
  operation,
  receivedAt,
  compact = false,
}: {
  operation: Operation
  receivedAt: number
  compact?: boolean
}) {
  const { t } = useTranslation()
  const active = isOperationActive(operation)
  const now = useNow(active)
  const timing = operationTimingAt(operation, receivedAt, now)
  const kind = t(`clusterOperations.operation.kinds.${operation.kind}`)
  const stepName = (step: Step) => {
    return t(`clusterOperations.steps.${step.name}`)
  }

  return (
    <section
      aria-label={t('clusterOperations.operation.label', { kind })}
      className="grid gap-4"
      data-testid="operation"
      data-kind={operation.kind}
      data-status={operation.status}
    >
      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-medium" role="status" data-testid="operation-status">
            {t(`clusterOperations.operation.status.${operation.status}`, { kind })}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="operation-percent">
            {t('clusterOperations.operation.percent', { percent: timing.progressPercent })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t('clusterOperations.operation.progressLabel', { kind })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={timing.progressPercent}
          aria-valuetext={t('clusterOperations.operation.percent', { percent: timing.progressPercent })}
          data-testid="operation-progress"
          className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-500 ease-out motion-reduce:transition-none',
              operation.status === 'failed' ? 'bg-destructive' : 'bg-primary',
              operation.status === 'succeeded' && 'bg-success',
            )}
            style={{ width: `${timing.progressPercent}%` }}
          />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1.5">
            <dt>{t('clusterOperations.operation.elapsed')}</dt>
            <dd className="font-medium text-foreground tabular-nums" data-testid="operation-elapsed">
              {formatDuration(timing.elapsedSeconds)}
            </dd>
          </div>
          {active && (
            <div className="flex gap-1.5">
              <dt>{t('clusterOperations.operation.left')}</dt>
              <dd className="font-medium text-foreground tabular-nums" data-testid="operation-left">
                {timing.estimatedSecondsLeft > 0
                  ? t('clusterOperations.operation.about', {
                      duration: formatDuration(timing.estimatedSecondsLeft),
                    })
                  : t('clusterOperations.operation.almostDone')}
              </dd>
            </div>
          )}
        </dl>
      </div>

      {operation.status === 'failed' && operation.error && (
        <p
          className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
          data-testid="operation-error"
        >
          {operation.error}
        </p>
      )}

      {operation.steps.length > 0 && (
        <ol
          aria-label={t('clusterOperations.operation.steps')}
          className={cn('grid gap-1', compact ? 'text-sm' : 'gap-2')}
        >
          {operation.steps.map((step) => {
            const Icon = STEP_ICONS[step.status]
            const seconds = stepSeconds(step, now)
            return (
              <li
                key={step.id}
                data-testid="operation-step"
                data-status={step.status}
                className={cn(
                  'flex items-start gap-3 rounded-lg px-3 py-2',
                  step.status === 'running' && 'bg-primary/5',
                  step.status === 'failed' && 'bg-destructive/5',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 size-4 shrink-0',
                    STEP_COLOURS[step.status],
                    step.status === 'running' && 'animate-spin motion-reduce:animate-none',
                  )}
                />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">{stepName(step)}</span>
                  {step.message && (
                    <span className="text-sm break-words text-muted-foreground">{step.message}</span>
                  )}
                </div>
                <span className="shrink-0 text-right text-sm text-muted-foreground tabular-nums">
                  <span className="sr-only">
                    {t(`clusterOperations.operation.stepStatus.${step.status}`)}{' '}
                  </span>
                  <span aria-hidden="true" className="hidden sm:inline">
                    {t(`clusterOperations.operation.stepStatus.${step.status}`)} ·{' '}
                  </span>
                  {seconds !== null
                    ? formatDuration(seconds)
                    : t('clusterOperations.operation.estimate', {
                        duration: formatDuration(step.estimatedSeconds),
                      })}
                </span>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
