import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { queryPath } from './api-client.ts'
import { QUERY_DEFAULTS } from './constants.ts'

/** Queries whose meta says `on401: 'null'` read a 401 as "no data" instead of an error. */
export type QueryMeta = { on401?: 'null' | 'throw' }

const defaultQueryFn: QueryFunction = ({ queryKey, signal, meta }) =>
  queryPath(String(queryKey[0]), (meta as QueryMeta | undefined)?.on401 ?? 'throw', signal)

/** TanStack Query with the spec's defaults (§9): no polling, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS, queryFn: defaultQueryFn },
      mutations: { retry: false },
    },
  })
}
