import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  type CheckProvider,
  type ProviderCheckResult,
  providerCheckSchema,
} from '#common/schemas/providers.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { providerKeys } from './provider-keys.ts'

export const providerCheckPath = (provider: CheckProvider) => `/api/providers/${provider}/check`

/**
 * The provider check (GET /api/providers/:provider/check), run each time the page opens and when
 * asked again; never on a timer or on focus, as it talks to the management cluster.
 */
export function providerCheckQueryOptions(provider: CheckProvider) {
  return queryOptions({
    queryKey: providerKeys.check(provider),
    queryFn: async ({ signal }): Promise<ProviderCheckResult> =>
      providerCheckSchema.parse(await queryPath<unknown>(providerCheckPath(provider), 'throw', signal)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useProviderCheck(provider: CheckProvider) {
  return useQuery(providerCheckQueryOptions(provider))
}
