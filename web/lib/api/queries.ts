import { queryOptions } from '@tanstack/react-query'
import type { CallInput } from '#common/contract/client.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import type { Resource } from '#common/contract/resources.ts'
import { type InputArgs, queryApi, type ResultOf } from './call.ts'

/**
 * What a query or a mutation says about itself (typed for TanStack Query below): the endpoint it
 * calls, the resources it reads or changes, whether its data is the signed-in person's, and how
 * a 401 reads. The refresh rules (refresh.ts) work from these, never from paths.
 */
export type ApiQueryMeta = {
  endpoint?: string
  reads?: readonly Resource[]
  /** Data of the signed-in person or their organization: it leaves with them at logout. */
  personal?: boolean
  on401?: 'null' | 'throw'
}
export type ApiMutationMeta = { endpoint?: string; changes?: readonly Resource[] }

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiQueryMeta
    mutationMeta: ApiMutationMeta
  }
}

/**
 * The query key of an endpoint, general to specific: the endpoint's id alone (clusters.get)
 * covers every cluster, the id and its input (`{ params: { id } }`) one. Extra parts tell apart two queries of one input
 * (the same list read for a form).
 */
export function apiKey<E extends Endpoint>(endpoint: E, input?: CallInput<E>, ...extra: string[]) {
  return input === undefined ? ([endpoint.id, ...extra] as const) : ([endpoint.id, input, ...extra] as const)
}

/** The meta of a query of this endpoint: what it reads, and whose data it is. */
export function readsOf(endpoint: Endpoint): ApiQueryMeta {
  return { endpoint: endpoint.id, reads: endpoint.reads ?? [], personal: endpoint.audience !== 'anyone' }
}

/**
 * The meta of a mutation of this endpoint: what it changes (refreshed when it succeeds). A
 * mutation that calls one of several endpoints (approve or reject) names them all.
 */
export function changesOf(...endpoints: [Endpoint, ...Endpoint[]]): ApiMutationMeta {
  return {
    endpoint: endpoints.map((endpoint) => endpoint.id).join(' | '),
    changes: [...new Set(endpoints.flatMap((endpoint) => endpoint.changes ?? []))],
  }
}

/**
 * A query of an endpoint: its key, its GET, its meta. Spread it and add the screen's options:
 * `useQuery({ ...apiQuery(api.clusters.get, { params: { id } }), refetchInterval })`.
 */
export function apiQuery<E extends Endpoint>(
  endpoint: E,
  ...[input, options = {}]: [...InputArgs<E>, options?: { useCache?: boolean }]
) {
  const call = input as CallInput<E> | undefined
  return queryOptions({
    queryKey: apiKey(endpoint, call),
    queryFn: ({ signal }) => queryApi(endpoint, call, { signal, ...options }),
    meta: readsOf(endpoint),
  })
}

/** The same query for someone who may be signed out: a 401 gives `null`, not an error. */
export function apiQueryOrNull<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>) {
  const call = input as CallInput<E> | undefined
  return queryOptions<ResultOf<E> | null>({
    queryKey: apiKey(endpoint, call),
    queryFn: ({ signal }) => queryApi(endpoint, call, { signal, on401: 'null' }),
    meta: { ...readsOf(endpoint), on401: 'null' },
  })
}
