import { queryOptions, useQuery } from '@tanstack/react-query'
import { rates } from '#common/contract/rates.ts'
import { callApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { RATES_CACHE_TTL_MS } from '#web/lib/constants.ts'
import { type LoadedRates, loadRates } from '../load-rates.ts'

/**
 * The server's USD-based exchange rates behind the browser's own 10-minute cache and fallbacks. The
 * load never fails, so the query never shows an error.
 */
export const exchangeRatesQueryOptions = queryOptions<LoadedRates>({
  queryKey: apiKey(rates.get),
  queryFn: ({ signal }) =>
    loadRates({
      fetchRates: (requestSignal) => callApi(rates.get, {}, { signal: requestSignal }),
      storage: browserStorage(),
      now: Date.now,
      signal,
    }),
  meta: readsOf(rates.get),
  staleTime: RATES_CACHE_TTL_MS,
})

export function useExchangeRates(): { rates: LoadedRates | undefined; isLoading: boolean } {
  const query = useQuery(exchangeRatesQueryOptions)
  return { rates: query.data, isLoading: query.isPending }
}

/** Local storage, or undefined where there is none or the browser refuses access to it. */
function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}
