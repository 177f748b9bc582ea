import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { account } from '#common/contract/account.ts'
import type { User } from '#common/schemas/auth.ts'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { removePersonalData } from '#web/lib/api/refresh.ts'
import { ApiError, getCache } from '#web/lib/api-client.ts'
import {
  LOGOUT_REMOVED_KEYS,
  USER_FRESH_MS,
  USER_RETRY_COUNT,
  USER_RETRY_DELAY_MS,
} from '#web/lib/constants.ts'
import { readCookie } from '#web/lib/cookies.ts'

/** The key of the signed-in user's query: sign-in, sign-up and profile changes set it. */
export const USER_KEY = apiKey(account.get)

/**
 * The signed-in user. A 401 is retried twice, 1000 ms apart (a session cookie may still be on its
 * way), and then means "signed out", not an error. A browser without the session hint holds no
 * session at all: its one 401 means "signed out" at once, so a visitor sees "Sign In" without
 * waiting two seconds for retries that cannot succeed.
 */
export const userQueryOptions = queryOptions<User | null>({
  queryKey: USER_KEY,
  queryFn: ({ signal }) => queryApi(account.get, undefined, { signal }),
  meta: readsOf(account.get),
  retry: (failureCount, error) =>
    error instanceof ApiError &&
    error.status === 401 &&
    failureCount < USER_RETRY_COUNT &&
    holdsSessionHint(),
  retryDelay: USER_RETRY_DELAY_MS,
  staleTime: USER_FRESH_MS,
})

/** What of the user's query its readers draw: the person, a refusal, the wait for the first answer. */
const USER_CHANGES: ('data' | 'error' | 'status')[] = ['data', 'error', 'status']

/** Whether this browser signed in and may hold a session (the hint cookie; never the session itself). */
export function holdsSessionHint(): boolean {
  return readCookie(SESSION_HINT_COOKIE) === '1'
}

export function useUser(): { user: User | null; isLoading: boolean } {
  // Dozens of components ask who is signed in (every amount does, through the language), and each
  // screen opened reads /api/user again: only a change of the person, an error or the first answer
  // draws them again, not each read's start and end.
  const query = useQuery({ ...userQueryOptions, notifyOnChangeProps: USER_CHANGES })
  // TanStack keeps the last data when a refetch fails: a final 401 still means signed out.
  const signedOut = query.error instanceof ApiError && query.error.status === 401
  return {
    user: signedOut ? null : (query.data ?? null),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  }
}

/** Clears what the browser holds of the user: their cached queries, the GET cache and stored keys. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_KEY, null)
  // Every query of a signed-in endpoint (billing, orders, notifications, clusters, provider
  // checks, sessions, organizations, officers…) goes; what anyone may read stays.
  removePersonalData(queryClient, [account.get])
  getCache.clear()
  for (const key of LOGOUT_REMOVED_KEYS) {
    localStorage.removeItem(key)
    sessionStorage.removeItem(key)
  }
}
