import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#web/lib/api-client.ts'
import { healthEndpointProbe, runCheck, SERVICE_RECHECK_MS } from '../health-check.ts'
import { toolKeys } from './tool-keys.ts'

export const LIVENESS_PATH = '/healthz'

/** The API's liveness (`GET /healthz`), timed; checked again every 15 s while the tab is visible. */
export const livenessCheckQueryOptions = queryOptions({
  queryKey: toolKeys.check(LIVENESS_PATH),
  queryFn: ({ signal }) =>
    runCheck(
      healthEndpointProbe((probeSignal) =>
        apiRequest('GET', LIVENESS_PATH, undefined, { signal: probeSignal }),
      ),
      { signal },
    ),
  refetchInterval: SERVICE_RECHECK_MS,
  refetchIntervalInBackground: false,
})

export function useLivenessCheck() {
  return useQuery(livenessCheckQueryOptions)
}
