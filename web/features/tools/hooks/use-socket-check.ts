import { queryOptions, useQuery } from '@tanstack/react-query'
import { toolKeys } from '../api/tool-keys.ts'
import { runCheck, SERVICE_RECHECK_MS } from '../health-check.ts'
import { socketProbe } from '../socket-probe.ts'

/**
 * The realtime socket: opened, pinged and closed, timed; checked again every 15 s while the tab is
 * visible. The server accepts the socket only with a session, so the check runs when signed in.
 */
export function socketCheckQueryOptions(socketUrl: string) {
  return queryOptions({
    queryKey: toolKeys.check(socketUrl),
    queryFn: ({ signal }) => runCheck(socketProbe(socketUrl), { signal }),
    refetchInterval: SERVICE_RECHECK_MS,
    refetchIntervalInBackground: false,
  })
}

export function useSocketCheck(socketUrl: string | undefined) {
  return useQuery({ ...socketCheckQueryOptions(socketUrl ?? ''), enabled: Boolean(socketUrl) })
}
