import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryPath } from '#web/lib/api-client.ts'
import { DEFAULT_VERSION_TEXT } from '#web/lib/constants.ts'

export const VERSION_SUMMARY_PATH = '/api/version/summary'

export type VersionSummary = { displayVersion: string; environment: 'development' | 'production' }

/**
 * The running version and environment (spec §7), cached 5 minutes by path in the GET cache: every
 * screen that shows it asks the cache, and the server once in 5 minutes.
 */
export const versionSummaryQueryOptions = queryOptions({
  queryKey: [VERSION_SUMMARY_PATH],
  queryFn: ({ signal }) =>
    queryPath<VersionSummary>(VERSION_SUMMARY_PATH, 'throw', signal, { useCache: true }),
})

/** The version text ("v1.15.0 (loading...)" until known) and the environment once known. */
export function useVersionSummary(): {
  text: string
  environment: VersionSummary['environment'] | undefined
} {
  const { data } = useQuery(versionSummaryQueryOptions)
  const environment =
    data?.environment === 'development' || data?.environment === 'production' ? data.environment : undefined
  return { text: data?.displayVersion || DEFAULT_VERSION_TEXT, environment }
}
