import { priceConfiguration } from '#common/cluster-rules.ts'
import type { BillingCycle } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { PriceBreakdown } from '#common/schemas/clusters.ts'
import type { WizardDraft } from './draft.ts'

export type LivePrice = {
  breakdown: PriceBreakdown
  /** Per pool of the draft, in its order: null while the pool has no flavor or count to price. */
  poolCents: (number | null)[]
  /** The add-ons priced, by id. */
  addOns: { id: string; name: string; cents: number }[]
}

type PriceCatalog = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'kubernetesVersions' | 'addOns'
>

/**
 * The price of the draft as it stands, with the shared pricing rules (the server's figure is asked
 * for on review). Pools without a known flavor or a count yet cost nothing until they have one;
 * no promotion applies here: only the server knows whether PARIS does.
 */
export function livePrice(
  draft: WizardDraft,
  catalog: PriceCatalog,
  billingCycle: BillingCycle,
): LivePrice | null {
  if (!catalog.clusterTypes.some((type) => type.id === draft.clusterTypeId)) return null
  const priced = draft.nodePools.map((pool) => {
    const known = catalog.nodeFlavors.some((flavor) => flavor.id === pool.flavorId)
    return known && Number.isInteger(pool.nodeCount) && pool.nodeCount >= 0 ? pool : null
  })
  const addOns = draft.addOnIds.flatMap((id) => {
    const addOn = catalog.addOns.find((entry) => entry.id === id)
    return addOn ? [{ id, name: addOn.name, cents: addOn.monthlyPriceCents }] : []
  })
  const pricedPools = priced.filter((pool) => pool !== null)
  const breakdown = priceConfiguration(
    {
      clusterTypeId: draft.clusterTypeId,
      nodePools: pricedPools.map((pool) => ({
        name: pool.name,
        flavorId: pool.flavorId,
        nodeCount: pool.nodeCount,
        autoscaling: pool.autoscaling,
        labels: {},
        taints: [],
      })),
      addOnIds: addOns.map((addOn) => addOn.id),
    },
    catalog,
    { billingCycle, promoCode: null, isFirstPaidOrder: false },
  )
  let next = 0
  const poolCents = priced.map((pool) =>
    pool === null ? null : (breakdown.monthly.nodePools[next++]?.cents ?? 0),
  )
  return { breakdown, poolCents, addOns }
}
