import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import type { CallInput } from '#common/contract/client.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { callApi, type ResultOf } from './call.ts'
import { changesOf } from './queries.ts'

type ApiMutationOptions<E extends Endpoint, TVariables, TContext> = Omit<
  UseMutationOptions<ResultOf<E>, Error, TVariables, TContext>,
  'mutationFn' | 'meta'
> & {
  /** What the call sends for the mutation's variables; without it the variables are the input. */
  input?: (variables: TVariables) => CallInput<E>
}

const callEndpoint = callApi as <E extends Endpoint>(endpoint: E, input: unknown) => Promise<ResultOf<E>>

/**
 * A mutation of an endpoint: it calls the endpoint and, once it succeeds, every query reading
 * what the endpoint changes refreshes (the query client's rule, lib/query-client.ts). The
 * screen adds its own `onSuccess` (a toast, an optimistic value) and `onError`.
 */
export function useApiMutation<
  E extends Endpoint,
  // biome-ignore lint/suspicious/noConfusingVoidType: `void` lets `mutate()` go without an argument when the endpoint needs no input
  TVariables = object extends CallInput<E> ? CallInput<E> | void : CallInput<E>,
  TContext = unknown,
>(endpoint: E, { input, ...options }: ApiMutationOptions<E, TVariables, TContext> = {}) {
  return useMutation<ResultOf<E>, Error, TVariables, TContext>({
    ...options,
    mutationFn: (variables) => callEndpoint(endpoint, input ? input(variables) : (variables ?? {})),
    meta: changesOf(endpoint),
  })
}
