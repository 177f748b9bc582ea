import { describe, expect, it } from 'vitest'
import { configurationIssues, priceConfiguration } from '#common/cluster-rules.ts'
import {
  decodeEstimate,
  defaultEstimate,
  type Estimate,
  encodeEstimate,
  estimateConfiguration,
  fitToCatalog,
  priceEstimate,
} from '#common/estimate.ts'
import { SEEDED_CATALOG } from './seeded-catalog.ts'

const catalog = SEEDED_CATALOG

const twoClusters: Estimate = {
  clusters: [
    {
      clusterTypeId: 'blue',
      dataCenterCode: 'de-fra-1',
      pools: [{ flavorId: 'gp-2-8', nodeCount: 3 }],
      addOnIds: ['monitoring'],
    },
    {
      clusterTypeId: 'orange',
      dataCenterCode: 'de-fra-1',
      pools: [{ flavorId: 'dev-2-4', nodeCount: 2 }],
      addOnIds: [],
    },
  ],
  supportPlanId: 'developer',
}

describe('price estimator', () => {
  it('prices each cluster as an order would, plus the support plan, per month and per cycle', () => {
    const monthly = priceEstimate(twoClusters, catalog, 'monthly')
    const yearly = priceEstimate(twoClusters, catalog, 'yearly')
    const expected = twoClusters.clusters.map(
      (cluster) =>
        priceConfiguration(
          {
            clusterTypeId: cluster.clusterTypeId,
            nodePools: estimateConfiguration(cluster, 0, catalog)!.nodePools,
            addOnIds: cluster.addOnIds,
          },
          catalog,
          { billingCycle: 'monthly', promoCode: null, isFirstPaidOrder: false },
        ).monthly.totalCents,
    )
    const support = catalog.supportPlans.find((plan) => plan.id === 'developer')!.monthlyPriceCents
    expect(monthly.clusters.map((cluster) => cluster.monthlyCents)).toEqual(expected)
    expect(monthly.supportMonthlyCents).toBe(support)
    expect(monthly.monthlyCents).toBe(expected[0]! + expected[1]! + support)
    expect(monthly.cycleCents).toBe(monthly.monthlyCents)
    // Yearly: clusters ten months for twelve, the support plan twelve.
    expect(yearly.cycleCents).toBe((expected[0]! + expected[1]!) * 10 + support * 12)
  })

  it('opens each cluster in the wizard as a valid configuration of the catalog', () => {
    const configuration = estimateConfiguration(twoClusters.clusters[0]!, 0, catalog)!
    expect(configuration).toMatchObject({
      name: 'estimate-blue-1',
      clusterTypeId: 'blue',
      addOnIds: ['monitoring'],
    })
    expect(configurationIssues(configuration, catalog, { today: '2026-11-25' })).toEqual([])
  })

  it('is shared by its address, and a tampered one falls back on what the catalog knows', () => {
    expect(decodeEstimate(encodeEstimate(twoClusters))).toEqual(twoClusters)
    expect(decodeEstimate('not-an-estimate')).toBeNull()
    const tampered = fitToCatalog(
      {
        clusters: [
          {
            clusterTypeId: 'blue',
            dataCenterCode: 'mars-1',
            pools: [{ flavorId: 'dev-2-4', nodeCount: 2 }],
            addOnIds: ['nope', 'monitoring', 'monitoring'],
          },
        ],
        supportPlanId: 'platinum',
      },
      catalog,
    )
    expect(tampered.clusters[0]!.dataCenterCode).toBe(defaultEstimate(catalog).clusters[0]!.dataCenterCode)
    expect(catalog.clusterTypes.find((type) => type.id === 'blue')!.allowedFlavorIds).toContain(
      tampered.clusters[0]!.pools[0]!.flavorId,
    )
    expect(tampered.clusters[0]!.addOnIds).toEqual(['monitoring'])
    expect(tampered.supportPlanId).toBe(catalog.supportPlans[0]!.id)
  })
})
