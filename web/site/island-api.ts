import { account } from '#common/contract/account.ts'
import { catalog } from '#common/contract/catalog.ts'
import { pathOf } from '#common/contract/endpoint.ts'
import { rates } from '#common/contract/rates.ts'
import { system } from '#common/contract/system.ts'
import { urlOf } from '#web/lib/api/call.ts'
import type { IslandApi } from './islands/island-data.ts'

/**
 * The API paths the islands call, from the contract, written into each static page when it is
 * rendered (in Node): the island script reads them there instead of importing the contract.
 */
export function islandApi(): IslandApi {
  return {
    user: urlOf(account.get),
    versionSummary: urlOf(system.versionSummary),
    clusterTiers: urlOf(catalog.clusterTiers),
    rates: urlOf(rates.get),
    // A call whose input is its body: the islands send that themselves.
    userLanguage: pathOf(account.setLanguage),
  }
}
