import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  decodeEstimate,
  defaultEstimate,
  type Estimate,
  encodeEstimate,
  fitToCatalog,
} from '#common/estimate.ts'
import type { Catalog } from '#common/schemas/catalog.ts'

export const ESTIMATE_PARAM = 'estimate'

/**
 * The estimate lives in the address (`?estimate=`), so the page can be shared and a reload keeps
 * it; each change replaces the entry instead of stacking history.
 */
export function useEstimate(catalog: Catalog): [Estimate, (next: Estimate) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const encoded = searchParams.get(ESTIMATE_PARAM)
  const estimate = useMemo(() => {
    const decoded = encoded ? decodeEstimate(encoded) : null
    return decoded ? fitToCatalog(decoded, catalog) : defaultEstimate(catalog)
  }, [encoded, catalog])
  const update = useCallback(
    (next: Estimate) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current)
          params.set(ESTIMATE_PARAM, encodeEstimate(next))
          return params
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  )
  return [estimate, update]
}
