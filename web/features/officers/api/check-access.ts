import { queryOptions, useQuery } from '@tanstack/react-query'
import { officers } from '#common/contract/officers.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { OFFICERS_ACCESS_STALE_MS } from '#web/lib/constants.ts'

/**
 * Whether the signed-in user may open the officers panel: asked only when signed in, never retried,
 * cached 5 minutes. Keyed by user so a new sign-in asks again.
 */
export function officerAccessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: apiKey(officers.checkAccess, undefined, userId),
    queryFn: async ({ signal }) => (await queryApi(officers.checkAccess, undefined, { signal })) === true,
    meta: readsOf(officers.checkAccess),
    staleTime: OFFICERS_ACCESS_STALE_MS,
    retry: false,
  })
}

/** True only when the check answered true; false while unknown, signed out or failing. */
export function useOfficerAccess(userId: string | undefined): boolean {
  return useOfficerAccessCheck(userId) === 'allowed'
}

/**
 * The check with its wait: `checking` until the user is known and the check has answered, so a
 * screen for officers shows its loading state rather than a refusal that turns into the panel.
 */
export function useOfficerAccessCheck(userId: string | undefined): 'checking' | 'allowed' | 'refused' {
  const query = useQuery({ ...officerAccessQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  if (query.data === true) return 'allowed'
  return userId === undefined || query.isLoading ? 'checking' : 'refused'
}
