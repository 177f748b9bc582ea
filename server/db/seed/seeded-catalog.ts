import type { Catalog } from '#common/schemas/catalog.ts'
import type { Product } from '#common/schemas/products.ts'
import { ADD_ONS } from './add-ons.ts'
import { CLUSTER_TYPES } from './cluster-types.ts'
import { DATA_CENTERS } from './data-centers.ts'
import { KUBERNETES_VERSIONS } from './kubernetes-versions.ts'
import { MIDDLEWARE_PRODUCTS } from './middleware-products.ts'
import { NODE_FLAVORS } from './node-flavors.ts'
import { PRODUCT_DETAILS } from './product-details.ts'
import { SUPPORT_PLANS } from './support-plans.ts'

/**
 * The catalog as the seed writes it, shaped as the API answers it, for tests of the shared rules
 * that need no database. The seed rows carry every field the catalog answers with (the table
 * defaults are for editors).
 */
export const SEEDED_CATALOG = {
  clusterTypes: CLUSTER_TYPES.map((type, position) => ({ ...type, position })) as Catalog['clusterTypes'],
  dataCenters: DATA_CENTERS as Catalog['dataCenters'],
  nodeFlavors: NODE_FLAVORS.map((flavor) => ({
    ...flavor,
    gpuMemoryGib: flavor.gpuMemoryGib ?? null,
  })) as Catalog['nodeFlavors'],
  kubernetesVersions: KUBERNETES_VERSIONS as Catalog['kubernetesVersions'],
  addOns: ADD_ONS as Catalog['addOns'],
  supportPlans: SUPPORT_PLANS as Catalog['supportPlans'],
}

/** A seeded middleware product with its details, as `GET /api/products/:id` answers it. */
export function seededMiddleware(id: string): Product {
  const row = MIDDLEWARE_PRODUCTS.find((product) => product.id === id)!
  const details = PRODUCT_DETAILS[id]!
  return {
    kind: 'middleware',
    id,
    name: row.name,
    category: row.category,
    description: row.description,
    monthlyPriceCents: row.monthlyPriceCents,
    fromMonthlyPriceCents: Math.min(
      row.monthlyPriceCents,
      ...details.plans.map((plan) => plan.monthlyPriceCents),
    ),
    latestVersion: details.versions[0]!.version,
    ...details,
  } as Product
}
