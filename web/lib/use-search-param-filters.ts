import { useState } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A list's filters kept in the query string (replaced, so the back button leaves the page). Local
 * state drives the inputs and the URL follows it, so typing never waits on a navigation.
 */
export function useSearchParamFilters<Filters>(
  read: (searchParams: URLSearchParams) => Filters,
  write: (searchParams: URLSearchParams, filters: Filters) => URLSearchParams,
): [Filters, (filters: Filters) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const [filters, setFilters] = useState(() => read(searchParams))
  const update = (next: Filters) => {
    setFilters(next)
    setSearchParams((current) => write(current, next), {
      replace: true,
      preventScrollReset: true,
    })
  }
  return [filters, update]
}
