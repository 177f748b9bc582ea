import { catalog } from './contract/catalog.ts'
import { clusters } from './contract/clusters.ts'
import { pathOf } from './contract/endpoint.ts'
import { ROUTES } from './routes.ts'

type FirstReads = (params: Record<string, string>) => string[]

const clusterDetail: FirstReads = ({ id = '' }) => [pathOf(catalog.get), pathOf(clusters.get, { id })]
const configureCluster: FirstReads = () => [pathOf(catalog.get), pathOf(clusters.templates)]

/**
 * What a signed-in screen waits for before it can show its content, by the screen's URL pattern:
 * the server names these reads as preloads in the screen's HTML, so they travel beside the scripts
 * instead of after them, and the screen's own request takes the answer (the same address with
 * the same credentials). Each address must be the one the screen's query asks for.
 */
export const SCREEN_FIRST_READS: Readonly<Record<string, FirstReads>> = {
  [ROUTES.clusterDetail]: clusterDetail,
  [ROUTES.clusterDetailAlias]: clusterDetail,
  [ROUTES.configureCluster]: configureCluster,
  [ROUTES.configureClusterAlias]: configureCluster,
}
