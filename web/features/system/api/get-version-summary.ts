import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryPath } from '#web/lib/api-client.ts'
import { DEFAULT_VERSION_TEXT, VERSION_SUMMARY_STALE_MS } from '#web/lib/constants.ts'

export const VERSION_SUMMARY_PATH = '/api/version/summary'

export type VersionSummary = { displayVersion: string; environment: 'development' | 'production' }

/** The running version and environment (spec §7), cached 5 minutes. */
export const versionSummaryQueryOptions = queryOptions({
  queryKey: [VERSION_SUMMARY_PATH],
  queryFn: ({ signal }) => queryPath<VersionSummary>(VERSION_SUMMARY_PATH, 'throw', signal),
  staleTime: VERSION_SUMMARY_STALE_MS,
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
