import { useQuery } from '@tanstack/react-query'
import { AlertCircle, ArrowLeft, ArrowRight, Check, RefreshCw } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react'
import { FormProvider } from 'react-hook-form'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { clusters } from '#common/contract/clusters.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { apiQuery } from '#web/lib/api/queries.ts'
import { cn } from '#web/lib/cn.ts'
import { useBillingCycle } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { clusterTemplatesQueryOptions } from '../api/get-cluster-templates.ts'
import { saveDraft, type WizardDraft } from '../draft.ts'
import {
  draftOfClusterCopy,
  draftOfTemplate,
  type Prefill,
  prefillOf,
  prefillSignature,
  type WizardLocationState,
} from '../prefill.ts'
import { useWizardState, type WizardState, withDefaults } from '../use-wizard-state.ts'
import { stepIndex, WIZARD_STEPS, type WizardStep } from '../wizard-steps.ts'
import { AddOnsStep } from './add-ons-step.tsx'
import { DataCenterStep } from './data-center-step.tsx'
import { NetworkingStep } from './networking-step.tsx'
import { NodePoolsStep } from './node-pools-step.tsx'
import { PriceBar, PricePanel } from './price-panel.tsx'
import { ReviewStep } from './review-step.tsx'
import type { StepProps } from './step-props.ts'
import { TypeStep } from './type-step.tsx'
import { VersionStep } from './version-step.tsx'
import '#web/lib/strings/cluster-config.ts'

const STEP_SCREENS: Record<WizardStep, (props: StepProps) => ReactNode> = {
  type: TypeStep,
  'data-center': DataCenterStep,
  version: VersionStep,
  'node-pools': NodePoolsStep,
  networking: NetworkingStep,
  'add-ons': AddOnsStep,
  review: ReviewStep,
}

/**
 * The configuration wizard. An address carrying something to open (a template, a cluster to
 * duplicate, a suggestion, a type) is read once and stored as the draft; the address stays as it
 * was followed, and a reload keeps the edits made since.
 */
export function ClusterWizard({ catalog }: { catalog: Catalog }) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as WizardLocationState
  const signature = prefillSignature(searchParams)
  const prefill = useMemo(() => (signature ? prefillOf(new URLSearchParams(signature)) : null), [signature])
  const search = location.search
  const markApplied = useCallback(
    (step: WizardStep) =>
      navigate(
        { search },
        { replace: true, state: { prefill: signature, prefillStep: step } satisfies WizardLocationState },
      ),
    [navigate, search, signature],
  )
  if (signature && state?.prefill !== signature)
    return <PrefillLoader catalog={catalog} prefill={prefill} onApplied={markApplied} />
  return <WizardBody key={signature} catalog={catalog} defaultStep={state?.prefillStep} />
}

function WizardBody({ catalog, defaultStep }: { catalog: Catalog; defaultStep: WizardStep | undefined }) {
  const { t } = useTranslation()
  const wizard = useWizardState(catalog, defaultStep)
  const { billingCycle } = useBillingCycle()
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { step } = wizard
  const Screen = STEP_SCREENS[step]

  // Next refused: focus the first field showing a problem, once it shows.
  useEffect(() => {
    if (wizard.focusRequest === 0) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    invalid?.focus()
  }, [wizard.focusRequest])

  // A new step: its title takes focus (and is read), the page scrolls back to it.
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus({ preventScroll: true })
    const top = formRef.current?.getBoundingClientRect().top ?? 0
    if (top < 0) formRef.current?.scrollIntoView({ block: 'start' })
  }, [step])

  const index = stepIndex(step)
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <StepIndicator wizard={wizard} />
        <FormProvider {...wizard.form}>
          <form
            ref={formRef}
            noValidate
            aria-labelledby="wizard-step-title"
            data-testid="wizard-form"
            data-step={step}
            className="grid scroll-mt-6 gap-6"
            onSubmit={(event) => {
              event.preventDefault()
              if (step !== 'review') wizard.next()
            }}
          >
            <header className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">
                {t('clusterConfig.steps.progress', { current: index + 1, total: WIZARD_STEPS.length })}
              </p>
              <h2
                id="wizard-step-title"
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold tracking-tight outline-none"
              >
                {t(`clusterConfig.steps.${step}`)}
              </h2>
            </header>
            <Screen wizard={wizard} catalog={catalog} />
            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-5">
              {index > 0 ? (
                <Button type="button" variant="outline" onClick={wizard.back}>
                  <ArrowLeft aria-hidden="true" />
                  {t('clusterConfig.back')}
                </Button>
              ) : (
                <span />
              )}
              {step !== 'review' && (
                <Button type="submit">
                  {t('clusterConfig.next')}
                  <ArrowRight aria-hidden="true" />
                </Button>
              )}
            </div>
          </form>
        </FormProvider>
        <PriceBar draft={wizard.draft} catalog={catalog} billingCycle={billingCycle} />
      </div>
      <PricePanel draft={wizard.draft} catalog={catalog} billingCycle={billingCycle} />
    </div>
  )
}

function StepIndicator({ wizard }: { wizard: WizardState }) {
  const { t } = useTranslation()
  const current = stepIndex(wizard.step)
  return (
    <nav aria-label={t('clusterConfig.steps.label')} data-testid="wizard-steps">
      <ol className="grid grid-cols-7 gap-1">
        {WIZARD_STEPS.map((step, index) => {
          const isCurrent = index === current
          const hasProblems = !isCurrent && index < current && wizard.stepIssues(step).length > 0
          const done = index < current && !hasProblems
          const label = t(`clusterConfig.steps.${step}`)
          const content = (
            <>
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold tabular-nums',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  done && 'border-primary text-primary',
                  hasProblems && 'border-destructive text-destructive',
                )}
                aria-hidden="true"
              >
                {done ? (
                  <Check className="size-4" />
                ) : hasProblems ? (
                  <AlertCircle className="size-4" />
                ) : (
                  index + 1
                )}
              </span>
              <span
                className={cn(
                  'hidden text-center text-xs leading-tight md:block',
                  isCurrent && 'font-semibold',
                )}
              >
                {label}
              </span>
              <span className="sr-only">
                {t('clusterConfig.steps.numbered', { number: index + 1, name: label })}
                {done ? `, ${t('clusterConfig.steps.done')}` : ''}
                {hasProblems ? `, ${t('clusterConfig.steps.problems')}` : ''}
              </span>
            </>
          )
          const itemClass = 'flex w-full flex-col items-center gap-1.5 rounded-md px-1 py-1.5'
          return (
            <li
              key={step}
              data-testid={`wizard-step-${step}`}
              data-state={isCurrent ? 'current' : hasProblems ? 'invalid' : done ? 'done' : 'todo'}
            >
              {isCurrent ? (
                <span aria-current="step" className={itemClass}>
                  {content}
                </span>
              ) : wizard.canVisit(step) ? (
                <button
                  type="button"
                  className={cn(itemClass, 'text-muted-foreground hover:bg-accent hover:text-foreground')}
                  onClick={() => wizard.goTo(step)}
                >
                  {content}
                </button>
              ) : (
                <span className={cn(itemClass, 'text-muted-foreground [&>span:first-child]:border-dashed')}>
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** Reads what the address asks to open and stores it as the draft, then lets the wizard show it. */
function PrefillLoader({
  catalog,
  prefill,
  onApplied,
}: {
  catalog: Catalog
  prefill: Prefill | null
  onApplied: (step: WizardStep) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const templates = useQuery({ ...clusterTemplatesQueryOptions, enabled: prefill?.kind === 'template' })
  const clusterId = prefill?.kind === 'cluster' ? prefill.clusterId : ''
  // Keyed as any screen reading this cluster: a copy opened from its page is already loaded.
  const cluster = useQuery({
    ...apiQuery(clusters.get, { params: { id: clusterId } }),
    enabled: prefill?.kind === 'cluster',
  })

  let ready: { draft: WizardDraft; step: WizardStep } | null = null
  let failed: string | null = prefill === null ? t('clusterConfig.prefill.invalid') : null
  let source: { isError: boolean; refetch: () => unknown } | null = null
  if (prefill?.kind === 'draft') ready = prefill
  else if (prefill?.kind === 'template') {
    source = templates
    const template = templates.data?.find((entry) => entry.id === prefill.templateId)
    const draft = template ? draftOfTemplate(template.configuration) : null
    if (draft) ready = { draft, step: 'review' }
    else if (templates.isSuccess) failed = t('clusterConfig.prefill.templateMissing')
  } else if (prefill?.kind === 'cluster') {
    source = cluster
    const draft = cluster.data ? draftOfClusterCopy(cluster.data) : null
    if (draft) ready = { draft, step: 'review' }
    else if (cluster.isSuccess) failed = t('clusterConfig.prefill.invalid')
  }

  const readyDraft = ready?.draft
  const readyStep = ready?.step
  useEffect(() => {
    if (!readyDraft || !readyStep) return
    saveDraft(withDefaults(readyDraft, catalog))
    onApplied(readyStep)
  }, [readyDraft, readyStep, catalog, onApplied])

  const startOver = () => navigate({ search: '' }, { replace: true })

  if (source?.isError)
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('clusterConfig.prefill.error')}</span>
          <span className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => void source.refetch()}>
              <RefreshCw aria-hidden="true" />
              {t('clusterConfig.retry')}
            </Button>
            <Button variant="ghost" size="sm" onClick={startOver}>
              {t('clusterConfig.prefill.startOver')}
            </Button>
          </span>
        </AlertDescription>
      </Alert>
    )
  if (failed)
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          <span>{failed}</span>
          <Button variant="outline" size="sm" onClick={startOver}>
            {t('clusterConfig.prefill.startOver')}
          </Button>
        </AlertDescription>
      </Alert>
    )
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner className="size-4" />
      {t('clusterConfig.prefill.loading')}
    </p>
  )
}
