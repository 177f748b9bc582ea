import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, CircleAlert, Info } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  clusterCompatibilityIssues,
  NAMESPACE_PATTERN,
  productMonthlyPriceCents,
} from '#common/product-rules.ts'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { InstallationOrderRequest } from '#common/schemas/installations.ts'
import type { OrderQuote } from '#common/schemas/orders.ts'
import type { Product } from '#common/schemas/products.ts'
import { InvoicePreview } from '#web/components/invoice-preview.tsx'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useValidationMessage } from '#web/lib/form/validation-message.ts'
import { IdempotencyKeys } from '#web/lib/idempotency.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  installationQuoteQueryOptions,
  installTargetsQueryOptions,
  useOrderInstallation,
} from '../api/installations.ts'
import { useSheetText } from '../api/products.ts'
import { SettingsForm } from './settings-form.tsx'
import '#web/lib/strings/installations.ts'

/** How long the form waits after the last change before asking the server for its price. */
const QUOTE_DELAY_MS = 300

/**
 * Installing a product: one of the organization's clusters (incompatible ones say why), a
 * namespace, a plan and a version, the settings form of the product's schema, and the price the
 * server confirms (PARIS included) with what its invoice will charge and how it is paid — then the
 * order, and the installation's page.
 */
export function InstallForm({
  product,
  clusterTypes,
  onBack,
}: {
  product: Product
  clusterTypes: Catalog['clusterTypes']
  onBack: () => void
}) {
  const { t } = useTranslation()
  const sheetWords = useSheetText(product)
  const validationText = useValidationMessage()
  const id = useId()
  const money = useMoney()
  const navigate = useNavigate()
  const clusters = useQuery(installTargetsQueryOptions)
  const targets = useMemo(
    () =>
      (clusters.data ?? [])
        .filter((cluster) => cluster.status !== 'deleted')
        .map((cluster) => ({
          cluster,
          issues: clusterCompatibilityIssues(product, cluster, { clusterTypes }),
        })),
    [clusters.data, product, clusterTypes],
  )
  const [clusterId, setClusterId] = useState('')
  const [namespace, setNamespace] = useState(product.id)
  const [planId, setPlanId] = useState<string | null>(product.plans[1]?.id ?? product.plans[0]?.id ?? null)
  const [version, setVersion] = useState(product.versions[0]!.version)
  const [settings, setSettings] = useState<Record<string, unknown>>({})
  const [settingsValid, setSettingsValid] = useState(true)
  const [promoCode, setPromoCode] = useState('')
  const firstCompatible = targets.find((target) => target.issues.length === 0)?.cluster.id
  useEffect(() => {
    if (!clusterId && firstCompatible) setClusterId(firstCompatible)
  }, [clusterId, firstCompatible])

  const request: InstallationOrderRequest = {
    productId: product.id,
    clusterId,
    namespace,
    planId,
    version,
    settings,
    currency: money.currency,
    promoCode: promoCode.trim() || null,
  }
  const namespaceValid = NAMESPACE_PATTERN.test(namespace)
  const ready = clusterId !== '' && namespaceValid && settingsValid
  const quote = useServerQuote(request, ready)
  const order = useOrderInstallation()
  const keys = useRef(new IdempotencyKeys())
  const failure = order.error ?? quote.error
  const serverIssues = issuesOf(failure)
  const refusal =
    failure instanceof ApiError && !serverIssues.settings
      ? validationText(failure.message, { product: product.name })
      : null
  const listPrice = productMonthlyPriceCents(product, planId)

  const submit = () => {
    if (!ready) return
    order.mutate(
      {
        request: { ...request, clientTotalCents: quote.data?.totalCents },
        idempotencyKey: keys.current.keyFor(request),
      },
      {
        onSuccess: (placed) => {
          keys.current.reset()
          navigate(
            placed.installationId
              ? href('productOrder', { id: placed.installationId })
              : href('orderStatus', { id: placed.id }),
          )
        },
      },
    )
  }

  if (clusters.isPending) return <LoadingBlock label={t('installations.chooseCluster')} rows={3} />
  if (clusters.isError) return <LoadError title={t('installations.chooseCluster')} query={clusters} />

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      data-testid="install-form"
    >
      <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t('installations.backToProduct')}
      </Button>
      {targets.length === 0 ? (
        <Alert>
          <Info aria-hidden="true" />
          <AlertTitle>{t('installations.noClusters')}</AlertTitle>
          <AlertDescription>
            <Link
              to={href('configureCluster')}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('installations.configureCluster')}
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-cluster`} className="text-sm font-medium">
            {t('installations.cluster')}
          </label>
          <NativeSelect
            id={`${id}-cluster`}
            value={clusterId}
            onChange={(event) => setClusterId(event.target.value)}
            aria-describedby={`${id}-cluster-notes`}
          >
            <option value="" disabled>
              {t('installations.chooseCluster')}
            </option>
            {targets.map(({ cluster, issues }) => (
              <option key={cluster.id} value={cluster.id} disabled={issues.length > 0}>
                {cluster.name}
              </option>
            ))}
          </NativeSelect>
          <ul id={`${id}-cluster-notes`} className="grid gap-0.5 text-xs text-muted-foreground">
            {targets
              .filter((target) => target.issues.length > 0)
              .map(({ cluster, issues }) => (
                <li key={cluster.id}>
                  {t('installations.incompatible', {
                    cluster: cluster.name,
                    reason: issues
                      .map((issue) => validationText(issue.message, { product: product.name }))
                      .join(' '),
                  })}
                </li>
              ))}
          </ul>
        </div>
      )}

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-namespace`} className="text-sm font-medium">
            {t('installations.namespace')}
          </label>
          <Input
            id={`${id}-namespace`}
            value={namespace}
            onChange={(event) => setNamespace(event.target.value)}
            aria-invalid={namespaceValid ? undefined : true}
            aria-describedby={`${id}-namespace-hint`}
          />
          <p
            id={`${id}-namespace-hint`}
            className={
              namespaceValid ? 'text-xs text-muted-foreground' : 'text-sm font-medium text-destructive'
            }
          >
            {t('installations.namespaceHint')}
          </p>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-version`} className="text-sm font-medium">
            {t('installations.version')}
          </label>
          <NativeSelect
            id={`${id}-version`}
            value={version}
            onChange={(event) => setVersion(event.target.value)}
          >
            {product.versions.map((entry, index) => (
              <option key={entry.version} value={entry.version}>
                {index === 0 ? t('installations.latestVersion', { version: entry.version }) : entry.version}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {product.plans.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('installations.plan')}</legend>
          {product.plans.map((plan) => (
            <label
              key={plan.id}
              className="flex items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={`${id}-plan`}
                value={plan.id}
                checked={planId === plan.id}
                onChange={() => setPlanId(plan.id)}
                className="size-4 accent-[var(--primary)]"
              />
              {t('installations.planOption', {
                plan: plan.name,
                cpu: plan.cpuMillicores / 1_000,
                memory: plan.memoryMib / 1_024,
                storage: plan.storageGib,
                replicas: plan.replicas,
                price: money.cents(plan.monthlyPriceCents),
              })}
            </label>
          ))}
        </fieldset>
      )}

      <section className="grid gap-3" aria-labelledby={`${id}-settings`}>
        <h3 id={`${id}-settings`} className="font-semibold">
          {t('installations.settingsTitle')}
        </h3>
        <SettingsForm
          productId={product.id}
          schema={product.settingsSchema}
          say={sheetWords}
          value={settings}
          serverErrors={serverIssues.settings}
          onChange={(next, valid) => {
            setSettings(next)
            setSettingsValid(valid)
          }}
        />
      </section>

      <div className="grid gap-1.5 sm:max-w-xs">
        <label htmlFor={`${id}-promo`} className="text-sm font-medium">
          {t('installations.promoCode')}
        </label>
        <Input id={`${id}-promo`} value={promoCode} onChange={(event) => setPromoCode(event.target.value)} />
      </div>

      <PriceSummary listPriceCents={listPrice} quote={quote.data} />
      {quote.data && (
        <InvoicePreview
          preview={quote.data.invoice}
          billingCycle={quote.data.billingCycle}
          className="rounded-lg border p-4"
        />
      )}

      {refusal && (
        <Alert variant="destructive" data-testid="install-refusal">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{refusal}</AlertTitle>
          {serverIssues.capacity && clusterId && (
            <AlertDescription>
              <Link
                to={href('clusterDetail', { id: clusterId })}
                className="font-medium underline-offset-4 hover:underline"
              >
                {t('installations.scalePool', {
                  cluster: targets.find((target) => target.cluster.id === clusterId)?.cluster.name ?? '',
                })}
              </Link>
            </AlertDescription>
          )}
        </Alert>
      )}
      <Button type="submit" disabled={!ready || order.isPending || quote.isError} data-testid="install-order">
        {order.isPending ? t('installations.ordering') : t('installations.order')}
      </Button>
    </form>
  )
}

/** The server's price of the request as it stands, asked again shortly after each change. */
function useServerQuote(request: InstallationOrderRequest, enabled: boolean) {
  const body = JSON.stringify(request)
  const [debounced, setDebounced] = useState(body)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(body), QUOTE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [body])
  return useQuery({
    ...installationQuoteQueryOptions(JSON.parse(debounced) as InstallationOrderRequest),
    enabled: enabled && debounced === body,
    retry: false,
    placeholderData: (previous) => previous,
  })
}

function PriceSummary({ listPriceCents, quote }: { listPriceCents: number; quote: OrderQuote | undefined }) {
  const { t } = useTranslation()
  const money = useMoney()
  return (
    <dl
      className="grid gap-1 rounded-lg border bg-muted/40 p-4 text-sm tabular-nums"
      data-testid="install-price"
    >
      <div className="flex justify-between gap-4">
        <dt>{t('installations.monthlyPrice')}</dt>
        <dd>{money.cents(listPriceCents)}</dd>
      </div>
      {quote && quote.discountCents > 0 && (
        <div className="flex justify-between gap-4 text-success">
          <dt>{t('installations.discount', { code: quote.promoCode })}</dt>
          <dd>−{money.cents(quote.discountCents)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
        <dt>{t('installations.total')}</dt>
        <dd data-testid="install-total" data-cents={quote?.totalCents}>
          {money.cents(quote?.totalCents ?? listPriceCents)}
        </dd>
      </div>
    </dl>
  )
}

/**
 * What the server refused: its 400 issues on settings by setting name (`body.settings.x`), and
 * whether a 422 says the node pools lack capacity (`body.nodePools`), which scaling one fixes.
 */
function issuesOf(error: Error | null): { settings?: Record<string, string>; capacity?: true } {
  if (!(error instanceof ApiError)) return {}
  const issues = (error.body as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? []
  if (error.status === 422)
    return issues.some((issue) => issue.path === 'body.nodePools') ? { capacity: true } : {}
  if (error.status !== 400) return {}
  const settings = Object.fromEntries(
    issues
      .filter((issue) => issue.path.startsWith('body.settings.'))
      .map((issue) => [issue.path.slice('body.settings.'.length).split('.')[0]!, issue.message]),
  )
  return Object.keys(settings).length > 0 ? { settings } : {}
}
