import { useQuery } from '@tanstack/react-query'
import { system } from '#common/contract/system.ts'
import type { ResultOf } from '#web/lib/api/call.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { DEFAULT_VERSION_TEXT } from '#web/lib/constants.ts'

export type VersionSummary = ResultOf<typeof system.versionSummary>

/**
 * The running version and environment, cached 5 minutes by path in the GET cache: every screen that
 * shows it asks the cache, and the server once in 5 minutes.
 */
export const versionSummaryQueryOptions = apiQuery(system.versionSummary, undefined, { useCache: true })

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
