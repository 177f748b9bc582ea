import { queryOptions, useQuery } from '@tanstack/react-query'
import { system } from '#common/contract/system.ts'
import { urlOf } from '#web/lib/api/call.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { type ApiReference, readApiReference } from '../openapi-reference.ts'

/** Where the document is, for the page's link to it. */
export const OPENAPI_DOCUMENT_PATH = urlOf(system.openApi)

/** The document changes only with a deployment: kept 5 minutes, like the version summary. */
const OPENAPI_DOCUMENT_STALE_MS = 5 * 60 * 1000

/** The server's OpenAPI document (generated from its route schemas). */
export const openApiDocumentQueryOptions = queryOptions({
  ...apiQuery(system.openApi),
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
