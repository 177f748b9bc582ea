import { Info, RefreshCw, ShieldAlert } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { CHECK_PROVIDER_NAMES, CHECK_PROVIDERS, type CheckProvider } from '#common/schemas/providers.ts'
import { usePageTitle } from '#web/components/layout/page-title.tsx'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useProviderCheck } from '#web/features/providers/api/get-provider-check.ts'
import { checkResultText } from '#web/features/providers/check-result.ts'
import { CheckStepList, CheckStepPlaceholders } from '#web/features/providers/components/check-step-list.tsx'
import { CheckSummary } from '#web/features/providers/components/check-summary.tsx'
import { PROVIDER_TEST_PAGES, providerOfPath } from '#web/features/providers/provider-pages.ts'
import { ToolPage } from '#web/features/tools/components/tool-page.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { cn } from '#web/lib/cn.ts'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/providers.ts'

/**
 * The seven provider test pages (/gcp-cluster-test, /aws-eks-test…): the provider comes from the
 * path; the check runs on open and again on request, and says so when the driver is simulated.
 * The checks look into the operator's infrastructure: anyone but the platform operator is told so.
 */
export default function ProviderTestRoute() {
  const { pathname } = useLocation()
  const { user, isLoading } = useUser()
  const provider = providerOfPath(pathname)
  // The route table mounts this screen on the seven provider paths only.
  if (!provider) return null
  if (isLoading || !user) return <Skeleton className="mx-auto my-10 h-64 w-full max-w-6xl" />
  if (user.role !== 'super_admin') return <OperatorOnly key={provider} provider={provider} />
  // A page of its own per provider: moving between them starts afresh.
  return <ProviderTest key={provider} provider={provider} />
}

/** What everyone but the platform operator sees: who may run the check, and the other pages. */
function OperatorOnly({ provider }: { provider: CheckProvider }) {
  const { t } = useTranslation()
  const names = CHECK_PROVIDER_NAMES[provider]
  usePageTitle(t('providers.title', names))
  return (
    <ToolPage title={t('providers.title', names)} lead={t('providers.lead', names)}>
      <OperatorOnlyNotice />
      <OtherProviders current={provider} />
    </ToolPage>
  )
}

function OperatorOnlyNotice() {
  const { t } = useTranslation()
  return (
    <Alert data-testid="operator-only">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{t('providers.operatorOnlyTitle')}</AlertTitle>
      <AlertDescription>{t('providers.operatorOnly')}</AlertDescription>
    </Alert>
  )
}

function ProviderTest({ provider }: { provider: CheckProvider }) {
  const { t } = useTranslation()
  const check = useProviderCheck(provider)
  const names = CHECK_PROVIDER_NAMES[provider]
  const running = check.isFetching
  usePageTitle(t('providers.title', names))

  const runAgain = (
    <Button
      variant="outline"
      className="self-start aria-disabled:opacity-70 sm:self-end"
      // Not `disabled`: the button keeps keyboard focus while the check runs.
      aria-disabled={running}
      onClick={() => {
        if (!running) void check.refetch()
      }}
    >
      <RefreshCw className={cn(running && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
      {running ? t('providers.running') : t('providers.runAgain')}
    </Button>
  )

  let content: React.ReactNode
  if (check.isPending) {
    content = (
      <div className="grid gap-4">
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="size-4" />
          {t('providers.loading', { cloud: names.cloud })}
        </p>
        <CheckStepPlaceholders />
      </div>
    )
  } else if (check.error instanceof ApiError && check.error.status === 403) {
    // The role changed since the page opened.
    content = <OperatorOnlyNotice />
  } else if (check.isError && !check.data) {
    content = <CheckError message={check.error.message} onRetry={() => void check.refetch()} busy={running} />
  } else {
    const result = check.data
    content = (
      <div className="grid min-w-0 gap-6">
        {/* Announces a re-run and its end without reading the whole page again. */}
        <p role="status" className="sr-only">
          {running ? t('providers.running') : checkResultText(t, result)}
        </p>
        {check.isError && (
          <CheckError message={check.error.message} onRetry={() => void check.refetch()} busy={running} />
        )}
        {result.simulated && (
          <Alert data-testid="simulated-notice" className="border-warning/50 bg-warning/10">
            <Info aria-hidden="true" />
            <AlertTitle>{t('providers.simulatedTitle')}</AlertTitle>
            <AlertDescription className="text-foreground">{t('providers.simulatedNotice')}</AlertDescription>
          </Alert>
        )}
        <CheckSummary check={result} />
        <section aria-labelledby="check-steps-title" className="grid gap-3">
          <h2 id="check-steps-title" className="text-lg font-semibold">
            {t('providers.stepsLabel')}
          </h2>
          <CheckStepList steps={result.steps} simulated={result.simulated} busy={running} />
        </section>
      </div>
    )
  }

  return (
    <ToolPage title={t('providers.title', names)} lead={t('providers.lead', names)} aside={runAgain}>
      {content}
      <OtherProviders current={provider} />
    </ToolPage>
  )
}

function CheckError({ message, onRetry, busy }: { message: string; onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation()
  return <RetryAlert message={t('providers.error', { message })} onRetry={onRetry} retrying={busy} />
}

function OtherProviders({ current }: { current: CheckProvider }) {
  const { t } = useTranslation()
  return (
    <nav aria-labelledby="other-providers-title" className="grid gap-3 border-t pt-6">
      <h2 id="other-providers-title" className="text-sm font-medium text-muted-foreground">
        {t('providers.otherProviders')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {CHECK_PROVIDERS.filter((provider) => provider !== current).map((provider) => (
          <li key={provider}>
            <Button asChild variant="secondary" size="sm">
              <Link to={PROVIDER_TEST_PAGES[provider]}>
                {CHECK_PROVIDER_NAMES[provider].cloud} ({CHECK_PROVIDER_NAMES[provider].service})
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
