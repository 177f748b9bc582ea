import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '#common/schemas/auth.ts'
import { ApiError, getCache, queryPath } from '#web/lib/api-client.ts'
import { LOGOUT_REMOVED_KEYS, USER_RETRY_COUNT, USER_RETRY_DELAY_MS } from '#web/lib/constants.ts'

export const USER_PATH = '/api/user'

/**
 * The signed-in user. A 401 is retried twice, 1000 ms apart (a session cookie may still be on
 * its way), and then means "signed out", not an error (spec §7, §8).
 */
export const userQueryOptions = queryOptions({
  queryKey: [USER_PATH],
  queryFn: ({ signal }) => queryPath<User>(USER_PATH, 'throw', signal),
  retry: (failureCount, error) =>
    error instanceof ApiError && error.status === 401 && failureCount < USER_RETRY_COUNT,
  retryDelay: USER_RETRY_DELAY_MS,
})

export function useUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery(userQueryOptions)
  // TanStack keeps the last data when a refetch fails: a final 401 still means signed out.
  const signedOut = query.error instanceof ApiError && query.error.status === 401
  return {
    user: signedOut ? null : (query.data ?? null),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  }
}

/** Cached data that belongs to the signed-in user and leaves with them (spec §4). */
const USER_DATA_KEYS = [
  'user',
  'billing',
  'orders',
  'notifications',
  'clusters',
  'cloud-provider',
  // The provider checks ("cloud-provider clusters" of spec §4) live under their own key.
  'providers',
  'installations',
  'custom-solutions',
  'support',
  'usage',
  'sessions',
  'organization',
  'audit',
  'officers',
  'sidebar-counts',
]

/** Clears what the browser holds of the user: cached queries, the GET cache and stored keys. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData([USER_PATH], null)
  queryClient.removeQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? '')
      return key !== USER_PATH && USER_DATA_KEYS.some((fragment) => key.includes(fragment))
    },
  })
  getCache.clear()
  for (const key of LOGOUT_REMOVED_KEYS) {
    localStorage.removeItem(key)
    sessionStorage.removeItem(key)
  }
}
