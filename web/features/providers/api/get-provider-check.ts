import { queryOptions, useQuery } from '@tanstack/react-query'
import { providers } from '#common/contract/providers.ts'
import { type CheckProvider, providerCheckSchema } from '#common/schemas/providers.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'

/**
 * The provider check, run each time the page opens and when asked again; never on a timer or on
 * focus, as it talks to the management cluster. Its meta marks it the operator's: it goes at logout.
 */
export function providerCheckQueryOptions(provider: CheckProvider) {
  const input = { params: { provider } }
  return queryOptions({
    queryKey: apiKey(providers.check, input),
    queryFn: async ({ signal }) =>
      providerCheckSchema.parse(await queryApi(providers.check, input, { signal })),
    meta: readsOf(providers.check),
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
