import type { IslandStrings } from './island-strings.ts'

/**
 * The API paths the islands call. The page carries them, written at build time from the API
 * contract (web/site/island-api.ts): the island script stays free of the contract and its schemas.
 */
export type IslandApi = {
  /** The signed-in user (`account.get`). */
  user: string
  /** The running version and environment (`system.versionSummary`). */
  versionSummary: string
  /** The cluster types on sale (`catalog.clusterTiers`). */
  clusterTiers: string
  /** The exchange rates (`rates.get`). */
  rates: string
  /** The signed-in user's language, for their mails (`account.setLanguage`). */
  userLanguage: string
}

/** What a static page gives its islands as JSON (#site-data): its language, its words, the API's paths. */
export type IslandData = { language?: string; strings: IslandStrings; api: IslandApi }
