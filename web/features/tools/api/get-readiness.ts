import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#web/lib/api-client.ts'
import { healthEndpointProbe, runCheck, SERVICE_RECHECK_MS } from '../health-check.ts'
import { toolKeys } from './tool-keys.ts'

export const READINESS_PATH = '/readyz'

/**
 * The database, through the API's readiness (`GET /readyz`: 503 "unavailable" when the database
 * does not answer), timed; checked again every 15 s while the tab is visible.
 */
export const readinessCheckQueryOptions = queryOptions({
  queryKey: toolKeys.check(READINESS_PATH),
  queryFn: ({ signal }) =>
    runCheck(
      healthEndpointProbe((probeSignal) =>
        apiRequest('GET', READINESS_PATH, undefined, { signal: probeSignal }),
      ),
      { signal },
    ),
  refetchInterval: SERVICE_RECHECK_MS,
  refetchIntervalInBackground: false,
})

export function useReadinessCheck() {
  return useQuery(readinessCheckQueryOptions)
}
