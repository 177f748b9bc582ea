import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryPath } from '#web/lib/api-client.ts'
import { OFFICERS_ACCESS_STALE_MS } from '#web/lib/constants.ts'

export const OFFICERS_ACCESS_PATH = '/api/officers/check-access'

/**
 * Whether the signed-in user may open the officers panel (spec §5, §7): asked only when signed
 * in, never retried, cached 5 minutes. Keyed by user so a new sign-in asks again.
 */
export function officerAccessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [OFFICERS_ACCESS_PATH, userId],
    queryFn: async ({ signal }) => (await queryPath<unknown>(OFFICERS_ACCESS_PATH, 'throw', signal)) === true,
    staleTime: OFFICERS_ACCESS_STALE_MS,
    retry: false,
  })
}

/** True only when the check answered true; false while unknown, signed out or failing. */
export function useOfficerAccess(userId: string | undefined): boolean {
  const query = useQuery({ ...officerAccessQueryOptions(userId ?? ''), enabled: Boolean(userId) })
  return query.data === true
}
