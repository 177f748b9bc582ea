import { describe, expect, it } from 'vitest'
import { seedCatalog } from '../scripts/site-catalog.ts'
import { COMPLIANT_CLUSTER_TYPE_ID, configurationIssues, needsRestrictedCompliance } from './cluster-rules.ts'
import {
  defaultEstimate,
  estimateConfiguration,
  fitToCatalog,
  newEstimateCluster,
  usableDataCenters,
} from './estimate.ts'

const catalog = seedCatalog()
const restricted = catalog.dataCenters.filter(needsRestrictedCompliance)

describe('the estimator never starts on, or keeps, a combination an order would refuse', () => {
  it('the catalog has HDS or SecNumCloud data centers for the rule to matter', () => {
    expect(restricted.map((center) => center.code).length).toBeGreaterThan(0)
  })

  it('the default estimate is a configuration the order rules accept', () => {
    const estimate = defaultEstimate(catalog)
    const cluster = estimate.clusters[0]!
    expect(cluster.clusterTypeId).not.toBe(COMPLIANT_CLUSTER_TYPE_ID)
    expect(restricted.map((center) => center.code)).not.toContain(cluster.dataCenterCode)
    const configuration = estimateConfiguration(cluster, 0, catalog)
    expect(configuration).not.toBeNull()
    const issues = configurationIssues(configuration!, catalog)
    expect(issues.filter((issue) => issue.path[0] === 'dataCenterCode')).toEqual([])
  })

  it('every type starts in a data center it may use', () => {
    for (const type of catalog.clusterTypes) {
      const cluster = newEstimateCluster(catalog, type.id)
      expect(usableDataCenters(catalog, type.id).map((center) => center.code)).toContain(
        cluster.dataCenterCode,
      )
    }
  })

  it('a shared estimate that puts a Standard cluster in an HDS data center is moved to one it may use', () => {
    const estimate = defaultEstimate(catalog)
    const shared = {
      ...estimate,
      clusters: [{ ...estimate.clusters[0]!, dataCenterCode: restricted[0]!.code }],
    }
    const fitted = fitToCatalog(shared, catalog)
    expect(fitted.clusters[0]!.dataCenterCode).not.toBe(restricted[0]!.code)
    const compliant = {
      ...estimate,
      clusters: [
        {
          ...estimate.clusters[0]!,
          clusterTypeId: COMPLIANT_CLUSTER_TYPE_ID,
          dataCenterCode: restricted[0]!.code,
        },
      ],
    }
    expect(fitToCatalog(compliant, catalog).clusters[0]!.dataCenterCode).toBe(restricted[0]!.code)
  })
})
