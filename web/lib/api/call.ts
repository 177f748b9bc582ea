import type { z } from 'zod'
import type { CallInput } from '#common/contract/client.ts'
import { type EndpointDefinition, pathOf, queryString } from '#common/contract/endpoint.ts'
import {
  ApiError,
  apiRequest,
  apiUrl,
  errorMessageOf,
  queryPath,
  type RequestOptions,
} from '#web/lib/api-client.ts'

/**
 * The web app's calls, by the contract's endpoint (`api.clusters.get`): the URL comes from the
 * declaration, the input and the answer are typed from its schemas. The request itself keeps the
 * one behaviour of `apiRequest` (credentials, the 5-minute GET cache, error messages).
 */

/** What a call sends; a call to an endpoint without parameters, query or body may leave it out. */
export type ApiInput<E extends EndpointDefinition> = CallInput<E>
/** An input argument, optional where the endpoint needs none. */
export type InputArgs<E extends EndpointDefinition> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

type JsonAnswerOf<E extends EndpointDefinition> = Extract<E['responses'][keyof E['responses']], z.ZodType>

/** The parsed JSON of a success; `{}` for an endpoint that answers without a body (204 gives {}). */
export type ResultOf<E extends EndpointDefinition> = [JsonAnswerOf<E>] extends [never]
  ? Record<string, never>
  : z.output<JsonAnswerOf<E>>

type Parts = {
  params?: Record<string, unknown>
  query?: unknown
  body?: unknown
  headers?: Record<string, string>
}

/** The endpoint's URL for this input: its path with the parameters filled in, then the query. */
export function urlOf<E extends EndpointDefinition>(endpoint: E, ...[input]: InputArgs<E>): string {
  const { params, query } = (input ?? {}) as Parts
  return pathOf(endpoint, params as Parameters<typeof pathOf<E>>[1]) + queryString(query)
}

/** Calls the endpoint and gives its JSON answer. */
export function callApi<E extends EndpointDefinition>(
  endpoint: E,
  ...[input, options]: [...InputArgs<E>, options?: Omit<RequestOptions, 'headers'>]
): Promise<ResultOf<E>> {
  const { body, headers } = (input ?? {}) as Parts
  return apiRequest<ResultOf<E>>(endpoint.method, urlOf(endpoint, input as CallInput<E>), body, {
    ...options,
    ...(headers ? { headers } : {}),
  })
}

export type QueryCallOptions = { signal?: AbortSignal; useCache?: boolean }

/** A GET for a query: a 401 is an error (or `null` with `on401: 'null'`, for who may be signed out). */
export async function queryApi<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E> | undefined,
  options: QueryCallOptions & { on401: 'null' },
): Promise<ResultOf<E> | null>
export async function queryApi<E extends EndpointDefinition>(
  endpoint: E,
  input?: CallInput<E>,
  options?: QueryCallOptions & { on401?: 'throw' },
): Promise<ResultOf<E>>
export async function queryApi<E extends EndpointDefinition>(
  endpoint: E,
  input?: CallInput<E>,
  options: QueryCallOptions & { on401?: 'throw' | 'null' } = {},
): Promise<ResultOf<E> | null> {
  return queryPath<ResultOf<E>>(
    urlOf(endpoint, input as CallInput<E>),
    options.on401 ?? 'throw',
    options.signal,
    options.useCache ? { useCache: true } : {},
  )
}

/**
 * Calls an endpoint whose answer is a file (a kubeconfig, manifests as YAML) and gives its text,
 * with the same credentials and error messages as any other call.
 */
export async function callApiText<E extends EndpointDefinition>(
  endpoint: E,
  ...[input, signal]: [...InputArgs<E>, signal?: AbortSignal]
): Promise<string> {
  const { body } = (input ?? {}) as Parts
  const response = await fetch(apiUrl(urlOf(endpoint, input as CallInput<E>)), {
    method: endpoint.method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal as AbortSignal | undefined,
  })
  const text = await response.text()
  if (!response.ok) {
    const { message, body: errorBody } = errorMessageOf(response.status, response.statusText, text)
    throw new ApiError(response.status, message, errorBody)
  }
  return text
}
