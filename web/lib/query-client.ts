import { MutationCache, QueryClient, timeoutManager } from '@tanstack/react-query'
import { refreshResources } from './api/refresh.ts'
import { coalescedTimers } from './coalesced-timers.ts'
import { QUERY_DEFAULTS } from './constants.ts'

// Before any query is made: in the browser the data layer's timers share one browser timer.
if (typeof window !== 'undefined') timeoutManager.setTimeoutProvider(coalescedTimers())

/**
 * TanStack Query with the app's defaults: no polling, no refetch on focus, no retries. Each query
 * brings its own function from the contract (lib/api/queries.ts); a mutation that names its
 * endpoint's changes in its meta refreshes every query reading them once it succeeds.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // After the mutation's own onSuccess (TanStack calls the cache's onSuccess before it), so a
      // screen's optimistic value goes in first and the refresh brings the server's over it. Not
      // awaited: the refetch may unmount the row or form that asked (a decided registration
      // leaves its list), and TanStack drops the caller's `mutate` callbacks (its toast) once it has.
      onSettled: (_data, error, _variables, _context, mutation) => {
        if (!error) void refreshResources(queryClient, mutation.meta?.changes ?? [])
      },
    }),
    defaultOptions: {
      queries: QUERY_DEFAULTS,
      mutations: { retry: false },
    },
  })
  return queryClient
}
