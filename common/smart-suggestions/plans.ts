import type { Catalog } from '../schemas/catalog.ts'

/** What of the catalog a suggestion reads. */
export type SuggestionCatalog = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'kubernetesVersions' | 'addOns'
>

const PRODUCTION_HEADROOM = 1.3

/** How generous a plan is; suggestions go down this list until one fits the budget. */
export type Plan = {
  headroom: number
  productionMinNodes: number
  optionalAddOns: boolean
  /** Use the cheaper cluster type when the workload allows it. */
  economyType: boolean
  cheapestGpu: boolean
}

export const PLANS: Plan[] = [
  {
    headroom: PRODUCTION_HEADROOM,
    productionMinNodes: 3,
    optionalAddOns: true,
    economyType: false,
    cheapestGpu: false,
  },
  { headroom: 1, productionMinNodes: 3, optionalAddOns: true, economyType: false, cheapestGpu: false },
  { headroom: 1, productionMinNodes: 3, optionalAddOns: false, economyType: false, cheapestGpu: false },
  { headroom: 1, productionMinNodes: 2, optionalAddOns: false, economyType: false, cheapestGpu: true },
  { headroom: 1, productionMinNodes: 2, optionalAddOns: false, economyType: true, cheapestGpu: true },
]
