import { describe, expect, it } from 'vitest'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { catalogNames } from './catalog-names.ts'
import { buildTopology } from './topology.ts'

describe('buildTopology', () => {
  it('links the control plane to its pools, each pool to its nodes, and the add-ons', () => {
    const { items, links } = buildTopology(cluster(), catalogNames(undefined))
    expect(items.map((item) => [item.id, item.kind, item.state])).toEqual([
      ['control-plane', 'controlPlane', 'changing'],
      ['pool:web', 'pool', 'changing'],
      ['node:web-1', 'node', 'healthy'],
      ['node:web-2', 'node', 'changing'],
      ['pool:batch', 'pool', 'healthy'],
      ['node:batch-1', 'node', 'healthy'],
      ['add-on:monitoring', 'addOn', 'changing'],
    ])
    expect(links.map((link) => `${link.source}->${link.target}`)).toEqual([
      'control-plane->pool:web',
      'pool:web->node:web-1',
      'pool:web->node:web-2',
      'control-plane->pool:batch',
      'pool:batch->node:batch-1',
      'control-plane->add-on:monitoring',
    ])
  })

  it('places pools side by side under the centred control plane, nodes below their pool', () => {
    const { items } = buildTopology(cluster(), catalogNames(undefined))
    const at = (id: string) => items.find((item) => item.id === id)!.position
    expect(at('pool:web').y).toBeGreaterThan(at('control-plane').y)
    expect(at('node:web-1').y).toBeGreaterThan(at('pool:web').y)
    expect(at('node:web-2').y).toBeGreaterThan(at('node:web-1').y)
    expect(at('pool:batch').x).toBeGreaterThan(at('pool:web').x)
    expect(at('control-plane').x).toBeGreaterThan(at('pool:web').x)
    expect(at('control-plane').x).toBeLessThan(at('pool:batch').x)
  })

  it('marks everything failed or stopped with the cluster', () => {
    const failed = buildTopology({ ...cluster(), status: 'failed' }, catalogNames(undefined))
    expect(failed.items.find((item) => item.kind === 'pool')!.state).toBe('failed')
    const hibernated = buildTopology(
      { ...cluster(), status: 'hibernated', nodes: [] },
      catalogNames(undefined),
    )
    expect(hibernated.items.filter((item) => item.kind === 'pool').map((item) => item.state)).toEqual([
      'stopped',
      'stopped',
    ])
  })
})

function cluster(): ClusterDetail {
  const pool = (name: string, nodeCount: number) => ({
    name,
    flavorId: 'gp-4',
    nodeCount,
    autoscaling: { enabled: false, min: 1, max: nodeCount },
    labels: {},
    taints: [],
  })
  const node = (name: string, poolName: string, status: 'ready' | 'provisioning') => ({
    name,
    poolName,
    internalIp: '10.0.0.1',
    kubeletVersion: 'v1.35.2',
    status,
  })
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'shop',
    status: 'scaling',
    statusReason: null,
    clusterTypeId: 'blue',
    dataCenterCode: 'fr-par-1',
    kubernetesVersion: '1.35',
    nodeCount: 3,
    monthlyPriceCents: 10_000,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    orderId: null,
    configuration: {
      name: 'shop',
      clusterTypeId: 'blue',
      dataCenterCode: 'fr-par-1',
      kubernetesVersion: '1.35',
      nodePools: [pool('web', 2), pool('batch', 1)],
      networking: {
        cni: 'cilium',
        privateNetwork: false,
        podCidr: '10.244.0.0/16',
        serviceCidr: '10.96.0.0/12',
        apiAllowList: [],
      },
      addOnIds: ['monitoring'],
      maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
    },
    kubernetesPatch: '1.35.2',
    upgradeTo: null,
    endpoint: 'https://shop.example:6443',
    nodes: [
      node('web-1', 'web', 'ready'),
      node('web-2', 'web', 'provisioning'),
      node('batch-1', 'batch', 'ready'),
    ],
    operation: null,
    costThisMonthCents: 0,
    price: {
      monthly: { clusterTypeCents: 0, nodePools: [], addOnsCents: 0, totalCents: 0 },
      hourlyMillicents: 0,
      billingCycle: 'monthly',
      subtotalCents: 0,
      promoCode: null,
      discountCents: 0,
      totalCents: 0,
      promoMessage: null,
    },
    canHibernate: false,
    credentialsRotatedAt: null,
  }
}
