import { CircleCheck, CircleX, FlaskConical } from 'lucide-react'
import { PROVIDER_CHECK_STEPS, type ProviderCheckStepResult } from '#common/schemas/providers.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/providers.ts'

type KnownStep = (typeof PROVIDER_CHECK_STEPS)[number]
const isKnownStep = (name: string): name is KnownStep =>
  (PROVIDER_CHECK_STEPS as readonly string[]).includes(name)

/** Each step of a check: what it looks at, whether it held, and what the driver found. */
export function CheckStepList({
  steps,
  simulated,
  busy,
}: {
  steps: ProviderCheckStepResult[]
  simulated: boolean
  busy: boolean
}) {
  const { t } = useTranslation()
  return (
    <ol
      aria-label={t('providers.stepsLabel')}
      aria-busy={busy}
      className={cn('grid min-w-0 gap-3 transition-opacity', busy && 'opacity-60')}
    >
      {steps.map((step, index) => {
        const state = simulated ? 'simulated' : step.ok ? 'ok' : 'failed'
        const Icon = state === 'simulated' ? FlaskConical : step.ok ? CircleCheck : CircleX
        const titleId = `check-step-${index}`
        return (
          <li
            key={step.name}
            aria-labelledby={titleId}
            data-testid="check-step"
            data-name={step.name}
            data-state={state}
            className={cn(
              'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:grid-cols-[auto_minmax(0,1fr)_auto]',
              state === 'failed' && 'border-destructive/50',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn(
                'mt-0.5 size-5',
                state === 'ok' && 'text-success',
                state === 'failed' && 'text-destructive',
                state === 'simulated' && 'text-muted-foreground',
              )}
            />
            <div className="grid min-w-0 gap-1">
              <h3 id={titleId} className="font-semibold">
                <span className="mr-1 text-muted-foreground tabular-nums">{index + 1}.</span>
                {isKnownStep(step.name) ? t(`providers.steps.${step.name}.title`) : step.name}
              </h3>
              {isKnownStep(step.name) && (
                <p className="text-sm text-muted-foreground">{t(`providers.steps.${step.name}.hint`)}</p>
              )}
              <p
                data-testid="check-step-detail"
                className="rounded-md bg-muted/60 px-2 py-1.5 font-mono text-xs wrap-anywhere text-foreground"
              >
                {step.detail}
              </p>
            </div>
            <Badge
              variant={state === 'ok' ? 'success' : state === 'failed' ? 'destructive' : 'secondary'}
              className="col-start-2 justify-self-start sm:col-start-3 sm:row-start-1"
              data-testid="check-step-state"
            >
              {t(`providers.state.${state}`)}
            </Badge>
          </li>
        )
      })}
    </ol>
  )
}

/** Three placeholder rows while the first check runs. */
export function CheckStepPlaceholders() {
  return (
    <ul aria-hidden="true" className="grid gap-3">
      {PROVIDER_CHECK_STEPS.map((name) => (
        <li key={name} className="grid gap-2 rounded-xl border bg-card p-4">
          <Skeleton className="h-4 w-1/3 rounded motion-reduce:animate-none" />
          <Skeleton className="h-3 w-2/3 rounded motion-reduce:animate-none" />
        </li>
      ))}
    </ul>
  )
}
