import {
  type ClusterConfiguration,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
} from '#common/schemas/clusters.ts'
import type { DriverCluster } from '#server/provisioning/index.ts'

type NodePool = ClusterConfiguration['nodePools'][number]

/** A fixed-size node pool without labels or taints, unless given. */
export function nodePool(
  name: string,
  flavorId: string,
  nodeCount: number,
  extra: Partial<NodePool> = {},
): NodePool {
  return {
    name,
    flavorId,
    nodeCount,
    autoscaling: { enabled: false, min: nodeCount, max: nodeCount },
    labels: {},
    taints: [],
    ...extra,
  }
}

/** A cluster as a driver sees it, in Frankfurt on Hetzner, on Kubernetes 1.36.6, for driver unit tests. */
export function driverCluster(
  name: string,
  nodePools: NodePool[],
  options: { id?: string; addOnIds?: string[] } = {},
): DriverCluster {
  return {
    id: options.id ?? '3f2b8c1e-0d4a-4b6e-9a51-7c2d9e8f1a23',
    organizationId: '8a1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
    name,
    kubernetesPatch: '1.36.6',
    dataCenter: { code: 'DE-FRA-1', city: 'Frankfurt', countryCode: 'DE', provider: 'Hetzner' },
    configuration: {
      name,
      clusterTypeId: 'blue',
      dataCenterCode: 'DE-FRA-1',
      kubernetesVersion: '1.36',
      nodePools,
      networking: {
        cni: 'cilium',
        privateNetwork: true,
        podCidr: DEFAULT_POD_CIDR,
        serviceCidr: DEFAULT_SERVICE_CIDR,
        apiAllowList: [],
      },
      addOnIds: options.addOnIds ?? [],
      maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
    },
  }
}
