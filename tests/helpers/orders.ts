import { randomUUID } from 'node:crypto'
import type { ClusterConfiguration } from '../../common/schemas/clusters.ts'

/**
 * The worked example of the pricing page: Blue in Frankfurt, 3 × gp-4-16 and monitoring,
 * $425.84 a month. Names are unique unless given.
 */
export function blueConfiguration(name = `web-${randomUUID().slice(0, 8)}`): ClusterConfiguration {
  return {
    name,
    clusterTypeId: 'blue',
    dataCenterCode: 'de-fra-1',
    kubernetesVersion: '1.36',
    nodePools: [
      {
        name: 'workers',
        flavorId: 'gp-4-16',
        nodeCount: 3,
        autoscaling: { enabled: false, min: 1, max: 3 },
        labels: {},
        taints: [],
      },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
      apiAllowList: [],
    },
    addOnIds: ['monitoring'],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  }
}

/** The body of POST /api/orders (and /api/orders/quote). */
export function orderBody(
  configuration: ClusterConfiguration = blueConfiguration(),
  extra: Record<string, unknown> = {},
) {
  return { configuration, billingCycle: 'monthly', currency: 'EUR', promoCode: null, ...extra }
}
