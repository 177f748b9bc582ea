import { describe, expect, it } from 'vitest'
import {
  clusterCapacity,
  compareVersions,
  type InstallTarget,
  installIssues,
  productFootprint,
  productMonthlyPriceCents,
} from '#common/product-rules.ts'
import { SEEDED_CATALOG, seededMiddleware } from './seeded-catalog.ts'

const catalog = SEEDED_CATALOG
const middleware = seededMiddleware

const pool = (flavorId: string, nodeCount: number) => ({
  name: 'pool',
  flavorId,
  nodeCount,
  autoscaling: { enabled: false, min: nodeCount, max: nodeCount },
  labels: {},
  taints: [],
})
const cluster = (overrides: Partial<InstallTarget> = {}): InstallTarget => ({
  clusterTypeId: 'blue',
  kubernetesVersion: '1.36',
  status: 'running',
  nodePools: [pool('gp-4-16', 3)],
  ...overrides,
})
const postgresql = middleware('postgresql')
const install = (overrides: Partial<Parameters<typeof installIssues>[0]> = {}) =>
  installIssues(
    {
      product: postgresql,
      planId: 'm',
      version: '18.1',
      namespace: 'databases',
      cluster: cluster(),
      installed: [],
      ...overrides,
    },
    catalog,
  )

describe('installing a product', () => {
  it('fits PostgreSQL M on three 4-vCPU nodes', () => {
    expect(install()).toEqual([])
    expect(productMonthlyPriceCents(postgresql, 'm')).toBe(14_750)
    expect(productFootprint(postgresql, 'm')).toEqual({
      cpuMillicores: 200 + 2_000 * 2,
      memoryMib: 256 + 4_096 * 2,
    })
  })

  it('names a plan or version the product lacks, and a namespace of the wrong form', () => {
    expect(
      install({ planId: 'xl', version: '9.9', namespace: 'Bad_Name' }).map((issue) => issue.path),
    ).toEqual([['planId'], ['version'], ['namespace']])
  })

  it('says why a cluster does not fit: its type, its Kubernetes version, its state', () => {
    const kafka = middleware('kafka')
    expect(
      install({ product: kafka, planId: 's', version: '4.1', cluster: cluster({ clusterTypeId: 'orange' }) }),
    ).toEqual([{ path: ['clusterId'], message: 'Apache Kafka (Strimzi) does not run on Dev/Test clusters' }])
    expect(install({ cluster: cluster({ kubernetesVersion: '1.33' }) })[0]!.message).toBe(
      'PostgreSQL (CloudNativePG) needs Kubernetes 1.34 or later',
    )
    expect(install({ cluster: cluster({ status: 'hibernated' }) })[0]!.path).toEqual(['clusterId'])
  })

  it('refuses a cluster without room, saying what is missing, counting what is installed', () => {
    const small = cluster({ nodePools: [pool('gp-2-8', 1)] })
    const [issue] = install({ planId: 'l', cluster: small })
    expect(issue!.message).toMatch(
      /^The cluster lacks [\d.]+ vCPU and [\d.]+ GiB of free capacity for PostgreSQL \(CloudNativePG\): add nodes to a pool$/,
    )
    const capacity = clusterCapacity(cluster().nodePools, catalog.nodeFlavors)
    expect(install({ installed: [capacity] })).toHaveLength(1)
  })

  it('compares Kubernetes versions as numbers', () => {
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0)
    expect(compareVersions('1.36', '1.36')).toBe(0)
  })
})
