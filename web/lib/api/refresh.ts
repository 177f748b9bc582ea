import type { Query, QueryClient } from '@tanstack/react-query'
import type { Endpoint } from '#common/contract/endpoint.ts'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { REALTIME_CHANGES } from '#common/contract/realtime-changes.ts'
import type { Resource } from '#common/contract/resources.ts'

/**
 * The one registry of what refreshes what. A query says what it reads (its meta, from the
 * contract); a change — a mutation's endpoint, a realtime message, a navigation — names the
 * resources it changed, and every query reading one of them refreshes: the ones on screen
 * refetch, the others go stale. No screen knows another's keys.
 */

/** Whether a query reads one of these resources. */
export function readsAny(query: Query, resources: readonly Resource[]): boolean {
  return (query.meta?.reads ?? []).some((resource) => resources.includes(resource))
}

export function refreshResources(queryClient: QueryClient, resources: readonly Resource[]): Promise<void> {
  if (resources.length === 0) return Promise.resolve()
  return queryClient.invalidateQueries({ predicate: (query) => readsAny(query, resources) })
}

/** After a successful call: what the endpoint changes (the query client does this for every mutation with meta). */
export function refreshAfter(queryClient: QueryClient, endpoint: Endpoint): Promise<void> {
  return refreshResources(queryClient, endpoint.changes ?? [])
}

/** After a realtime message: what its kind of change touches (common/contract/realtime.ts). */
export function refreshAfterMessage(queryClient: QueryClient, message: RealtimeMessage): Promise<void> {
  return refreshResources(queryClient, REALTIME_CHANGES[message.type])
}

/** Refreshes the queries of these endpoints, whatever their input. */
export function refreshEndpoints(queryClient: QueryClient, endpoints: readonly Endpoint[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => endpoints.some((endpoint) => query.queryKey[0] === endpoint.id),
  })
}

/** Removes the signed-in person's data, keeping what anyone may read (the catalog, the rates). */
export function removePersonalData(queryClient: QueryClient, keep: readonly Endpoint[] = []): void {
  queryClient.removeQueries({
    predicate: (query) =>
      query.meta?.personal === true && !keep.some((endpoint) => query.queryKey[0] === endpoint.id),
  })
}
