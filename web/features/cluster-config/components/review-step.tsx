import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { AlertCircle, Pencil, RefreshCw, ShoppingCart } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { BILLING_CYCLES } from '#common/pricing.ts'
import {
  clusterConfigurationSchema,
  MAINTENANCE_WINDOW_HOURS,
  type Order,
  type OrderRequest,
  WEEKDAYS,
} from '#common/schemas/clusters.ts'
import { SegmentedChoice } from '#web/components/layout/segmented-choice.tsx'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useBillingCycle } from '#web/features/preferences/preferences-provider.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { FLOW_STEP_PATHS } from '#web/lib/paths.ts'
import { toast } from '#web/lib/toast-store.ts'
import { usePlaceOrder } from '../api/place-order.ts'
import { orderQuoteQueryOptions } from '../api/quote-order.ts'
import { clearDraft, configurationOf } from '../draft.ts'
import { IdempotencyKeys } from '../idempotency.ts'
import { livePrice } from '../live-price.ts'
import { useMoney } from '../use-money.ts'
import { type DraftIssues, describe, draftPath } from '../validation.ts'
import { stepOfField, type WizardStep } from '../wizard-steps.ts'
import { CheckboxField } from './controls.tsx'
import { SaveTemplateDialog } from './save-template-dialog.tsx'
import type { StepProps } from './step-props.ts'

const QUOTE_DEBOUNCE_MS = 400

/**
 * Step 7: everything chosen with a link back to each step, the name, maintenance window, billing
 * cycle and promo code, the server's quote, and the order.
 */
export function ReviewStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const { billingCycle, setBillingCycle } = useBillingCycle()
  const { currency } = useMoney()

  const request = useMemo((): OrderRequest | null => {
    if (Object.keys(wizard.issues).length > 0) return null
    const parsed = clusterConfigurationSchema.safeParse(configurationOf(draft))
    if (!parsed.success) return null
    const price = livePrice(draft, catalog, billingCycle)
    return {
      configuration: parsed.data,
      billingCycle,
      currency,
      promoCode: draft.promoCode.trim() || null,
      clientTotalCents: price?.breakdown.subtotalCents,
    }
  }, [wizard.issues, draft, catalog, billingCycle, currency])

  const setField = (change: Partial<typeof draft>, path: string) =>
    wizard.update((current) => ({ ...current, ...change }), [path])
  const setMaintenance = (change: Partial<typeof draft.maintenanceWindow>, field: string) =>
    wizard.update(
      (current) => ({ ...current, maintenanceWindow: { ...current.maintenanceWindow, ...change } }),
      [`maintenanceWindow.${field}`],
    )

  return (
    <div className="grid gap-8">
      <Summary wizard={wizard} catalog={catalog} />

      <section aria-labelledby="review-settings" className="grid gap-5">
        <h3 id="review-settings" className="font-semibold">
          {t('clusterConfig.review.settings')}
        </h3>
        <FormField
          label={t('clusterConfig.review.name')}
          hint={t('clusterConfig.review.nameHint')}
          error={wizard.errorOf('name')}
        >
          {(control) => (
            <Input
              {...control}
              name="name"
              value={draft.name}
              autoComplete="off"
              spellCheck={false}
              className="sm:max-w-sm"
              onChange={(event) => setField({ name: event.target.value }, 'name')}
            />
          )}
        </FormField>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('clusterConfig.review.maintenance')}</legend>
          <div className="grid gap-4 sm:grid-cols-2 sm:max-w-lg">
            <FormField label={t('clusterConfig.review.maintenanceDay')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  name="maintenanceWindow.day"
                  value={draft.maintenanceWindow.day}
                  onChange={(event) =>
                    setMaintenance(
                      { day: WEEKDAYS.find((day) => day === event.target.value) ?? 'sunday' },
                      'day',
                    )
                  }
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {t(`clusterConfig.weekdays.${day}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label={t('clusterConfig.review.maintenanceHour')}
              error={wizard.errorOf('maintenanceWindow.startHour')}
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  name="maintenanceWindow.startHour"
                  value={String(draft.maintenanceWindow.startHour)}
                  onChange={(event) => setMaintenance({ startHour: Number(event.target.value) }, 'startHour')}
                >
                  {Array.from({ length: 24 }, (_, hour) => (
                    <option key={hour} value={hour}>
                      {hourRange(hour)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <CheckboxField
            name="maintenanceWindow.autoPatchUpgrades"
            label={t('clusterConfig.review.autoPatch')}
            hint={t('clusterConfig.review.autoPatchHint', { hours: MAINTENANCE_WINDOW_HOURS })}
            checked={draft.maintenanceWindow.autoPatchUpgrades}
            onCheckedChange={(autoPatchUpgrades) =>
              setMaintenance({ autoPatchUpgrades }, 'autoPatchUpgrades')
            }
          />
        </fieldset>
        <div className="grid gap-2">
          <span className="text-sm font-medium">{t('clusterConfig.review.billingCycle')}</span>
          <SegmentedChoice
            label={t('clusterConfig.review.billingCycle')}
            className="max-w-xs"
            value={billingCycle}
            options={BILLING_CYCLES.map((cycle) => ({
              value: cycle,
              label: t(`clusterConfig.review.cycles.${cycle}`),
            }))}
            onChange={setBillingCycle}
          />
        </div>
        <FormField label={t('clusterConfig.review.promoCode')} hint={t('clusterConfig.review.promoHint')}>
          {(control) => (
            <Input
              {...control}
              name="promoCode"
              value={draft.promoCode}
              autoComplete="off"
              spellCheck={false}
              className="uppercase sm:max-w-xs"
              onChange={(event) => setField({ promoCode: event.target.value }, 'promoCode')}
            />
          )}
        </FormField>
      </section>

      <Quote request={request} wizard={wizard} />
      <OrderActions request={request} wizard={wizard} />
    </div>
  )
}

function hourRange(hour: number): string {
  const pad = (value: number) => String(value % 24).padStart(2, '0')
  return `${pad(hour)}:00–${pad(hour + MAINTENANCE_WINDOW_HOURS)}:00 UTC`
}

/** What was chosen at each step, with a link back to edit it. */
function Summary({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  const dataCenter = catalog.dataCenters.find((entry) => entry.code === draft.dataCenterCode)
  const flavorName = (id: string) => catalog.nodeFlavors.find((flavor) => flavor.id === id)?.name ?? id
  const addOns = catalog.addOns.filter((addOn) => draft.addOnIds.includes(addOn.id))
  const none = <span className="text-muted-foreground">{t('clusterConfig.review.none')}</span>
  const { networking } = draft
  return (
    <div className="grid gap-3">
      <ReviewSection step="type" title={t('clusterConfig.steps.type')} wizard={wizard}>
        {type?.name ?? none}
      </ReviewSection>
      <ReviewSection step="data-center" title={t('clusterConfig.steps.data-center')} wizard={wizard}>
        {dataCenter
          ? `${dataCenter.name} — ${dataCenter.city}, ${dataCenter.country} (${dataCenter.code})`
          : none}
      </ReviewSection>
      <ReviewSection step="version" title={t('clusterConfig.steps.version')} wizard={wizard}>
        {draft.kubernetesVersion ? `Kubernetes ${draft.kubernetesVersion}` : none}
      </ReviewSection>
      <ReviewSection step="node-pools" title={t('clusterConfig.steps.node-pools')} wizard={wizard}>
        <ul className="grid gap-2">
          {draft.nodePools.map((pool) => (
            <li key={pool.id} className="grid gap-0.5">
              <span className="font-medium">
                {pool.name || '—'} · {Number.isFinite(pool.nodeCount) ? pool.nodeCount : '?'} ×{' '}
                {flavorName(pool.flavorId)}
              </span>
              <span className="text-xs text-muted-foreground">
                {pool.autoscaling.enabled
                  ? t('clusterConfig.review.autoscalingRange', {
                      min: pool.autoscaling.min,
                      max: pool.autoscaling.max,
                    })
                  : t('clusterConfig.review.autoscalingOff')}
                {pool.labels.length > 0 &&
                  ` · ${t('clusterConfig.review.labels')}: ${pool.labels.map((label) => `${label.key}=${label.value}`).join(', ')}`}
                {pool.taints.length > 0 &&
                  ` · ${t('clusterConfig.review.taints')}: ${pool.taints.map((taint) => `${taint.key}=${taint.value}:${taint.effect}`).join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      </ReviewSection>
      <ReviewSection step="networking" title={t('clusterConfig.steps.networking')} wizard={wizard}>
        <span className="grid gap-0.5">
          <span>
            {networking.cni === 'cilium' ? 'Cilium' : 'Calico'} ·{' '}
            {networking.privateNetwork
              ? t('clusterConfig.review.privateNetwork')
              : t('clusterConfig.review.publicNetwork')}
          </span>
          <span className="font-mono text-xs text-muted-foreground">
            {t('clusterConfig.review.pods')} {networking.podCidr} · {t('clusterConfig.review.services')}{' '}
            {networking.serviceCidr}
          </span>
          <span className="text-xs text-muted-foreground">
            {networking.apiAllowList.length > 0
              ? `${t('clusterConfig.review.allowList')}: ${networking.apiAllowList.map((row) => row.cidr).join(', ')}`
              : t('clusterConfig.review.apiOpen')}
          </span>
        </span>
      </ReviewSection>
      <ReviewSection step="add-ons" title={t('clusterConfig.steps.add-ons')} wizard={wizard}>
        {addOns.length > 0 ? addOns.map((addOn) => addOn.name).join(', ') : none}
      </ReviewSection>
    </div>
  )
}

function ReviewSection({
  step,
  title,
  wizard,
  children,
}: {
  step: WizardStep
  title: string
  wizard: StepProps['wizard']
  children: ReactNode
}) {
  const { t } = useTranslation()
  const problems = wizard.stepIssues(step).length
  return (
    <section
      data-testid={`review-section-${step}`}
      aria-label={title}
      className="flex items-start justify-between gap-3 rounded-lg border bg-card px-4 py-3"
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
        <div className="min-w-0 break-words">{children}</div>
        {problems > 0 && (
          <p className="flex items-center gap-1 text-xs font-medium text-destructive">
            <AlertCircle className="size-3.5" aria-hidden="true" />
            {t('clusterConfig.review.problems', { count: problems })}
          </p>
        )}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => wizard.goTo(step)}
        aria-label={t('clusterConfig.review.edit', { section: title })}
      >
        <Pencil aria-hidden="true" />
        <span aria-hidden="true">{t('clusterConfig.review.editShort')}</span>
      </Button>
    </section>
  )
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

/** The server's price of the order: subtotal, the PARIS line, why a code was refused, the total. */
function Quote({ request, wizard }: { request: OrderRequest | null; wizard: StepProps['wizard'] }) {
  const { t } = useTranslation()
  const money = useMoney()
  const debounced = useDebounced(request, QUOTE_DEBOUNCE_MS)
  const settled = JSON.stringify(debounced) === JSON.stringify(request)
  const quote = useQuery(orderQuoteQueryOptions(settled ? debounced : null))
  const { setServerIssues } = wizard
  const draft = wizard.draft

  // Only a new answer says something new about the fields (not each edit of the draft).
  useEffect(() => {
    if (quote.error instanceof ApiError && quote.error.status === 400)
      setServerIssues(serverIssuesOf(quote.error, draft))
  }, [quote.error, setServerIssues])

  let body: ReactNode
  if (!request) body = <p className="text-sm text-muted-foreground">{t('clusterConfig.quote.incomplete')}</p>
  else if (!settled || quote.isPending)
    body = (
      <div role="status" className="grid gap-2">
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('clusterConfig.quote.loading')}
        </span>
        <div className="h-6 w-40 animate-pulse rounded bg-muted" />
      </div>
    )
  else if (quote.isError)
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('clusterConfig.quote.error', { message: quote.error.message })}</span>
          <Button type="button" variant="outline" size="sm" onClick={() => void quote.refetch()}>
            <RefreshCw aria-hidden="true" />
            {t('clusterConfig.retry')}
          </Button>
        </AlertDescription>
      </Alert>
    )
  else {
    const price = quote.data
    body = (
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t(`clusterConfig.quote.subtotal.${price.billingCycle}`)}</dt>
          <dd className="tabular-nums" data-testid="quote-subtotal">
            {money.cents(price.subtotalCents)}
          </dd>
        </div>
        {price.discountCents > 0 && (
          <div className="flex justify-between gap-3 text-success">
            <dt>{t('clusterConfig.quote.discount', { code: price.promoCode ?? '' })}</dt>
            <dd className="tabular-nums font-medium" data-testid="promo-discount">
              −{money.cents(price.discountCents)}
            </dd>
          </div>
        )}
        {price.promoMessage && (
          <div className="text-sm font-medium text-destructive" data-testid="promo-message" role="alert">
            {promoMessage(price.promoMessage, t)}
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t pt-2 text-base">
          <dt className="font-semibold">{t(`clusterConfig.quote.total.${price.billingCycle}`)}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="review-total">
            {money.cents(price.totalCents)}
          </dd>
        </div>
        <p className="text-xs text-muted-foreground">
          {t('clusterConfig.quote.hourly', { price: money.hourly(price.hourlyMillicents) })}
        </p>
      </dl>
    )
  }

  return (
    <section
      aria-labelledby="quote-title"
      data-testid="quote"
      aria-busy={Boolean(request) && (!settled || quote.isFetching)}
      className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5"
    >
      <h3 id="quote-title" className="font-semibold">
        {t('clusterConfig.quote.title')}
      </h3>
      {body}
    </section>
  )
}

/** The server's reason for refusing a code, in the page's language when it is a known one. */
function promoMessage(message: string, t: TFunction): string {
  const keys: Record<string, string> = {
    'This promo code does not exist.': 'unknown_code',
    'The code PARIS is valid for your organization’s first purchase only.': 'not_first_paid_order',
    'There is nothing to discount on this order.': 'nothing_to_pay',
  }
  const key = keys[message]
  return key ? t(`clusterConfig.quote.promoMessages.${key}`, { defaultValue: message }) : message
}

/** A 400's field problems, as problems of the draft's fields. */
function serverIssuesOf(error: ApiError, draft: StepProps['wizard']['draft']): DraftIssues {
  const issues: DraftIssues = {}
  const body = error.body as { issues?: { path?: unknown; message?: unknown }[] } | undefined
  for (const issue of body?.issues ?? []) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue
    const path = draftPath(issue.path, draft)
    if (!issues[path]) issues[path] = { ...describe(issue.message), catalogRule: true }
  }
  return issues
}

/** "Save as template" and "Order cluster", with the order's outcome. */
function OrderActions({ request, wizard }: { request: OrderRequest | null; wizard: StepProps['wizard'] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const placeOrder = usePlaceOrder()
  const keys = useRef(new IdempotencyKeys())
  const [orderError, setOrderError] = useState<string | null>(null)
  const [saveOpen, setSaveOpen] = useState(false)

  const provisioningPath = useMemo(() => {
    const [configurePaths, provisioningPaths] = FLOW_STEP_PATHS
    const index = (configurePaths as readonly string[]).indexOf(pathname.replace(/\/+$/, ''))
    return provisioningPaths[Math.max(0, index)]
  }, [pathname])

  const order = () => {
    setOrderError(null)
    if (!wizard.revealFirstInvalid() || !request) return
    const idempotencyKey = keys.current.keyFor(request)
    placeOrder.mutate(
      { request, idempotencyKey },
      {
        onSuccess: (placed: Order) => {
          keys.current.reset()
          wizard.stopPersisting()
          clearDraft()
          toast({
            title: t('clusterConfig.order.placed'),
            description:
              placed.status === 'pending_approval'
                ? t('clusterConfig.order.pendingApproval', { reference: placed.reference })
                : t('clusterConfig.order.confirmed', {
                    reference: placed.reference,
                    name: placed.clusterName,
                  }),
            variant: 'success',
          })
          navigate(`${provisioningPath}?${new URLSearchParams({ order: placed.id })}`)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const issues = serverIssuesOf(error, wizard.draft)
            const paths = Object.keys(issues)
            if (paths.length > 0) {
              wizard.setServerIssues(issues)
              const step = stepOfField(paths[0]!)
              wizard.reveal(step)
              if (step !== wizard.step) wizard.goTo(step)
              return
            }
          }
          if (
            error instanceof ApiError &&
            (error.body as { code?: unknown })?.code === 'CLUSTER_NAME_TAKEN'
          ) {
            wizard.setServerIssues({
              name: {
                message: error.message,
                key: 'nameTaken',
                params: { name: request.configuration.name },
                catalogRule: true,
              },
            })
            wizard.reveal('review')
            return
          }
          if (error instanceof ApiError) setOrderError(error.message)
          else setOrderError(t('clusterConfig.order.network'))
        },
      },
    )
  }

  return (
    <div className="grid gap-4">
      {orderError && (
        <Alert variant="destructive" role="alert" data-testid="order-error">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{orderError}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            if (wizard.revealFirstInvalid() && request) setSaveOpen(true)
          }}
        >
          {t('clusterConfig.templates.save')}
        </Button>
        <Button
          type="button"
          size="lg"
          onClick={order}
          disabled={placeOrder.isPending}
          aria-busy={placeOrder.isPending}
          data-testid="order-cluster"
        >
          {placeOrder.isPending ? <Spinner className="size-4" /> : <ShoppingCart aria-hidden="true" />}
          {placeOrder.isPending ? t('clusterConfig.order.placing') : t('clusterConfig.order.button')}
        </Button>
      </div>
      {request && saveOpen && (
        <SaveTemplateDialog
          open={saveOpen}
          onOpenChange={setSaveOpen}
          configuration={request.configuration}
        />
      )}
    </div>
  )
}
