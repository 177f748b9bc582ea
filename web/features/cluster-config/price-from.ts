import { monthlyPrice } from '#common/pricing.ts'
import type { Catalog, ClusterType } from '#common/schemas/catalog.ts'

/** The least a type costs a month: its control plane and one node of its cheapest flavor. */
export function priceFrom(type: ClusterType, catalog: Pick<Catalog, 'nodeFlavors'>): number {
  const flavors = catalog.nodeFlavors.filter((flavor) => type.allowedFlavorIds.includes(flavor.id))
  const cheapest = [...flavors].sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)[0]
  return monthlyPrice({
    clusterType: type,
    nodePools: cheapest ? [{ flavor: cheapest, nodeCount: 1 }] : [],
    addOns: [],
  }).totalCents
}
