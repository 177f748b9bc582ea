import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryPath } from '#web/lib/api-client.ts'
import { type ApiReference, readApiReference } from '../openapi-reference.ts'

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json'

/** The document changes only with a deployment: kept 5 minutes, like the version summary. */
const OPENAPI_DOCUMENT_STALE_MS = 5 * 60 * 1000

/** The server's OpenAPI document (generated from its route schemas). */
export const openApiDocumentQueryOptions = queryOptions({
  queryKey: [OPENAPI_DOCUMENT_PATH],
  queryFn: ({ signal }) => queryPath<unknown>(OPENAPI_DOCUMENT_PATH, 'throw', signal),
  staleTime: OPENAPI_DOCUMENT_STALE_MS,
})

/**
 * The API reference read from the document; `reference` is undefined while it loads, when the
 * request failed (`error`) or when the answer is not an OpenAPI document (`isInvalid`).
 */
export function useApiReference(): {
  reference: ApiReference | undefined
  isPending: boolean
  error: Error | null
  isInvalid: boolean
  isFetching: boolean
  retry: () => void
} {
  const query = useQuery({ ...openApiDocumentQueryOptions, select: readApiReference })
  return {
    reference: query.data,
    isPending: query.isPending,
    error: query.error,
    isInvalid: query.isSuccess && query.data === undefined,
    isFetching: query.isFetching,
    retry: () => void query.refetch(),
  }
}
