import { useQuery } from '@tanstack/react-query'
import { Database, Radio, Server } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { href } from '#common/routes.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { saveRedirectTarget } from '#web/features/auth/redirect-target.ts'
import { versionSummaryQueryOptions } from '#web/features/system/api/get-version-summary.ts'
import { LIVENESS_PATH, useLivenessCheck } from '#web/features/tools/api/get-liveness.ts'
import { READINESS_PATH, useReadinessCheck } from '#web/features/tools/api/get-readiness.ts'
import { ServiceCheckCard } from '#web/features/tools/components/service-check-card.tsx'
import { ToolPage } from '#web/features/tools/components/tool-page.tsx'
import type { ServiceCheck } from '#web/features/tools/health-check.ts'
import { useSocketCheck } from '#web/features/tools/hooks/use-socket-check.ts'
import { REALTIME_SOCKET_PATH } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { realtimeSocketUrl } from '#web/lib/realtime-socket.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/tools.ts'

/**
 * /test-service: live health of the API (`/healthz`), the database (`/readyz`) and the realtime
 * socket (`/ws`), each timed and checked again every 15 s, and the running version.
 */
export default function TestServiceRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const location = useLocation()
  const liveness = useLivenessCheck()
  const readiness = useReadinessCheck()
  const { user, isLoading: userLoading } = useUser()
  // The socket opens only for a signed-in user, on this page's host (wss on https), as the bell's.
  const socketUrl = hydrated && user ? realtimeSocketUrl(window.location) : undefined
  const socket = useSocketCheck(socketUrl)

  const socketNotice = socketUrl ? undefined : userLoading || !hydrated ? (
    <p className="flex items-center gap-2">
      <Spinner className="size-4" />
      {t('tools.status.socketWaiting')}
    </p>
  ) : (
    <p>
      {t('tools.status.socketSignIn')}{' '}
      <Link
        to={href('signIn')}
        onClick={() => saveRedirectTarget(location)}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('tools.status.signIn')}
      </Link>
    </p>
  )

  const checks = [liveness.data, readiness.data, ...(socketUrl ? [socket.data] : [])]
  return (
    <ToolPage title={t('pages.testService')} lead={t('tools.status.lead')}>
      <OverallStatus checks={checks} />
      <section aria-label={t('tools.status.checksLabel')} className="grid gap-4 md:grid-cols-3">
        <ServiceCheckCard
          id="api"
          icon={Server}
          name={t('tools.status.services.api')}
          hint={t('tools.status.services.apiHint')}
          target={`GET ${LIVENESS_PATH}`}
          check={liveness.data}
          isFetching={liveness.isFetching}
          onCheckAgain={() => void liveness.refetch()}
        />
        <ServiceCheckCard
          id="database"
          icon={Database}
          name={t('tools.status.services.database')}
          hint={t('tools.status.services.databaseHint')}
          target={`GET ${READINESS_PATH}`}
          check={readiness.data}
          isFetching={readiness.isFetching}
          onCheckAgain={() => void readiness.refetch()}
        />
        <ServiceCheckCard
          id="websocket"
          icon={Radio}
          name={t('tools.status.services.socket')}
          hint={t('tools.status.services.socketHint')}
          target={`WebSocket ${REALTIME_SOCKET_PATH}`}
          check={socketUrl ? socket.data : undefined}
          isFetching={Boolean(socketUrl) && socket.isFetching}
          onCheckAgain={socketUrl ? () => void socket.refetch() : undefined}
          notice={socketNotice}
        />
      </section>
      <VersionPanel />
    </ToolPage>
  )
}

/** One line for all checks, announced politely when it changes (not on every re-check). */
function OverallStatus({ checks }: { checks: (ServiceCheck | undefined)[] }) {
  const { t } = useTranslation()
  const known = checks.filter((check) => check !== undefined)
  const summary =
    known.length < checks.length
      ? 'checking'
      : known.every((check) => check.state === 'healthy')
        ? 'healthy'
        : 'unhealthy'
  return (
    <p
      role="status"
      data-testid="status-summary"
      className="rounded-lg border bg-muted/40 px-4 py-3 text-sm font-medium"
    >
      {t(`tools.status.summary.${summary}`)}
    </p>
  )
}

function VersionPanel() {
  const { t } = useTranslation()
  const version = useQuery(versionSummaryQueryOptions)
  let content: React.ReactNode
  if (version.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('tools.status.version.loading')}
      </p>
    )
  } else if (version.isError || !version.data) {
    content = (
      <Alert variant="destructive">
        <AlertDescription>
          {t('tools.status.version.error', { message: version.error?.message ?? '' })}
        </AlertDescription>
      </Alert>
    )
  } else {
    const { displayVersion, environment } = version.data
    content = (
      <dl className="flex flex-wrap gap-x-10 gap-y-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('tools.status.version.version')}</dt>
          <dd className="font-mono font-medium" data-testid="running-version">
            {displayVersion}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('tools.status.version.environment')}</dt>
          <dd data-testid="running-environment">
            <Badge variant={environment === 'production' ? 'success' : 'warning'}>
              {t(`tools.status.version.${environment}`)}
            </Badge>
          </dd>
        </div>
      </dl>
    )
  }
  return (
    <section aria-labelledby="running-version-title" className="grid gap-3 rounded-xl border bg-card p-5">
      <h2 id="running-version-title" className="font-semibold">
        {t('tools.status.version.title')}
      </h2>
      {content}
    </section>
  )
}
