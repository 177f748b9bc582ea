import { catalogSchema } from '#common/schemas/catalog.ts'
import { ADD_ONS } from '#server/db/seed/add-ons.ts'
import { CLUSTER_TYPES } from '#server/db/seed/cluster-types.ts'
import { DATA_CENTERS } from '#server/db/seed/data-centers.ts'
import { KUBERNETES_VERSIONS } from '#server/db/seed/kubernetes-versions.ts'
import { MIDDLEWARE_PRODUCTS } from '#server/db/seed/middleware-products.ts'
import { NODE_FLAVORS } from '#server/db/seed/node-flavors.ts'
import { SUPPORT_PLANS } from '#server/db/seed/support-plans.ts'

/** The catalog as the database is seeded with it (what GET /api/catalog answers on a fresh install). */
export function seedCatalog() {
  return catalogSchema.parse({
    clusterTypes: CLUSTER_TYPES.map((type, position) => ({ ...type, position })),
    dataCenters: DATA_CENTERS,
    // Columns the database defaults are absent from the seed rows.
    nodeFlavors: NODE_FLAVORS.map((flavor) => ({ gpuMemoryGib: null, ...flavor })),
    kubernetesVersions: KUBERNETES_VERSIONS,
    addOns: ADD_ONS,
    middlewareProducts: MIDDLEWARE_PRODUCTS,
    supportPlans: SUPPORT_PLANS,
  })
}
