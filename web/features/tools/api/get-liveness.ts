import { queryOptions, useQuery } from '@tanstack/react-query'
import { system } from '#common/contract/system.ts'
import { queryApi, urlOf } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { healthEndpointProbe, runCheck, SERVICE_RECHECK_MS } from '../health-check.ts'

/** What the status page names as the liveness check (`/healthz`). */
export const LIVENESS_PATH = urlOf(system.health)

/** The API's liveness (`GET /healthz`), timed; checked again every 15 s while the tab is visible. */
export const livenessCheckQueryOptions = queryOptions({
  queryKey: apiKey(system.health),
  queryFn: ({ signal }) =>
    runCheck(
      healthEndpointProbe((probeSignal) => queryApi(system.health, undefined, { signal: probeSignal })),
      { signal },
    ),
  meta: readsOf(system.health),
  refetchInterval: SERVICE_RECHECK_MS,
  refetchIntervalInBackground: false,
})

export function useLivenessCheck() {
  return useQuery(livenessCheckQueryOptions)
}
