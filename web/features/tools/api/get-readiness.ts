import { queryOptions, useQuery } from '@tanstack/react-query'
import { system } from '#common/contract/system.ts'
import { queryApi, urlOf } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { healthEndpointProbe, runCheck, SERVICE_RECHECK_MS } from '../health-check.ts'

/** What the status page names as the readiness check (`/readyz`). */
export const READINESS_PATH = urlOf(system.ready)

/**
 * The database, through the API's readiness (`GET /readyz`: 503 "unavailable" when the database
 * does not answer), timed; checked again every 15 s while the tab is visible.
 */
export const readinessCheckQueryOptions = queryOptions({
  queryKey: apiKey(system.ready),
  queryFn: ({ signal }) =>
    runCheck(
      healthEndpointProbe((probeSignal) => queryApi(system.ready, undefined, { signal: probeSignal })),
      { signal },
    ),
  meta: readsOf(system.ready),
  refetchInterval: SERVICE_RECHECK_MS,
  refetchIntervalInBackground: false,
})

export function useReadinessCheck() {
  return useQuery(readinessCheckQueryOptions)
}
