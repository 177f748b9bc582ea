import { NODE_POOL_LABEL } from '#common/schemas/clusters.ts'
import { type ClusterApiSettings, RenderError, renderCluster, renderedObjects } from '../clusterapi/render.ts'
import type { DriverCluster } from '../driver.ts'
import { accessConfigMap } from '../kubeconfig.ts'

/**
 * The cluster as the Cluster API objects its data center's provider would be given, rendered by
 * the clusterapi driver's own renderer at the configured API versions. Where a provider setting is
 * not configured (the simulated driver needs none), the organization stands in for it: the objects
 * are shown, never submitted. A provider that builds managed clusters only is described with the
 * generic objects below.
 */
export function describedManifests(
  cluster: DriverCluster,
  configured: ClusterApiSettings | undefined,
  options: { controlPlaneReplicas: number },
): Record<string, unknown>[] {
  const settings: ClusterApiSettings = {
    generation: configured?.generation ?? 'v1beta2',
    providers: {
      scalewayProjectId: configured?.providers.scalewayProjectId ?? cluster.organizationId,
      digitalOceanSshKeys: configured?.providers.digitalOceanSshKeys ?? [
        `clusterdeck-${cluster.organizationId.slice(0, 8)}`,
      ],
    },
  }
  try {
    return renderedObjects(renderCluster(cluster, { settings }))
  } catch (error) {
    if (!(error instanceof RenderError)) throw error
    return simulatedManifests(cluster, options)
  }
}

/**
 * The simulated cluster described as the Cluster API objects a real one would be made of: the
 * Cluster, its KubeadmControlPlane, one MachineDeployment (with its templates) per node pool, and
 * the infrastructure objects of a `Clusterdeck` provider, which stands where AWS, Azure or OpenStack
 * kinds would, and the ClusterResourceSet of its add-ons and access bindings.
 */

const CLUSTER_API = 'cluster.x-k8s.io/v1beta1'
const CONTROL_PLANE_API = 'controlplane.cluster.x-k8s.io/v1beta1'
const BOOTSTRAP_API = 'bootstrap.cluster.x-k8s.io/v1beta1'
const ADD_ONS_API = 'addons.cluster.x-k8s.io/v1beta1'
const INFRASTRUCTURE_API = 'infrastructure.clusterdeck.eu/v1alpha1'
const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name'
const AUTOSCALER_MIN = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size'
const AUTOSCALER_MAX = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size'

export function simulatedManifests(
  cluster: DriverCluster,
  options: { controlPlaneReplicas: number },
): Record<string, unknown>[] {
  const { configuration } = cluster
  const namespace = `org-${cluster.organizationId.slice(0, 8)}`
  const metadata = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    namespace,
    labels: { [CLUSTER_NAME_LABEL]: cluster.name },
    ...extra,
  })
  const version = `v${cluster.kubernetesPatch}`
  const controlPlaneName = `${cluster.name}-control-plane`

  const objects: Record<string, unknown>[] = [
    {
      apiVersion: CLUSTER_API,
      kind: 'Cluster',
      metadata: metadata(cluster.name),
      spec: {
        clusterNetwork: {
          pods: { cidrBlocks: [configuration.networking.podCidr] },
          services: { cidrBlocks: [configuration.networking.serviceCidr] },
        },
        controlPlaneRef: {
          apiVersion: CONTROL_PLANE_API,
          kind: 'KubeadmControlPlane',
          name: controlPlaneName,
        },
        infrastructureRef: { apiVersion: INFRASTRUCTURE_API, kind: 'ClusterdeckCluster', name: cluster.name },
      },
    },
    {
      apiVersion: INFRASTRUCTURE_API,
      kind: 'ClusterdeckCluster',
      metadata: metadata(cluster.name),
      spec: {
        dataCenter: cluster.dataCenter.code,
        city: cluster.dataCenter.city,
        provider: cluster.dataCenter.provider,
        privateNetwork: configuration.networking.privateNetwork,
        apiServerAllowList: configuration.networking.apiAllowList,
        ...(cluster.endpoint ? { controlPlaneEndpoint: endpointParts(cluster.endpoint) } : {}),
      },
    },
    {
      apiVersion: CONTROL_PLANE_API,
      kind: 'KubeadmControlPlane',
      metadata: metadata(controlPlaneName),
      spec: {
        replicas: options.controlPlaneReplicas,
        version,
        machineTemplate: {
          infrastructureRef: {
            apiVersion: INFRASTRUCTURE_API,
            kind: 'ClusterdeckMachineTemplate',
            name: controlPlaneName,
          },
        },
        kubeadmConfigSpec: {
          clusterConfiguration: {
            networking: {
              podSubnet: configuration.networking.podCidr,
              serviceSubnet: configuration.networking.serviceCidr,
            },
          },
        },
      },
    },
    {
      apiVersion: INFRASTRUCTURE_API,
      kind: 'ClusterdeckMachineTemplate',
      metadata: metadata(controlPlaneName),
      spec: { template: { spec: { flavor: 'control-plane' } } },
    },
  ]

  for (const pool of configuration.nodePools) {
    const poolName = `${cluster.name}-${pool.name}`
    const annotations = pool.autoscaling.enabled
      ? { [AUTOSCALER_MIN]: String(pool.autoscaling.min), [AUTOSCALER_MAX]: String(pool.autoscaling.max) }
      : undefined
    objects.push(
      {
        apiVersion: CLUSTER_API,
        kind: 'MachineDeployment',
        metadata: metadata(poolName, annotations ? { annotations } : {}),
        spec: {
          clusterName: cluster.name,
          replicas: pool.nodeCount,
          selector: { matchLabels: { [NODE_POOL_LABEL]: pool.name } },
          template: {
            metadata: { labels: { ...pool.labels, [NODE_POOL_LABEL]: pool.name } },
            spec: {
              clusterName: cluster.name,
              version,
              bootstrap: {
                configRef: { apiVersion: BOOTSTRAP_API, kind: 'KubeadmConfigTemplate', name: poolName },
              },
              infrastructureRef: {
                apiVersion: INFRASTRUCTURE_API,
                kind: 'ClusterdeckMachineTemplate',
                name: poolName,
              },
            },
          },
        },
      },
      {
        apiVersion: BOOTSTRAP_API,
        kind: 'KubeadmConfigTemplate',
        metadata: metadata(poolName),
        spec: {
          template: {
            spec: {
              joinConfiguration: {
                nodeRegistration: {
                  kubeletExtraArgs: {
                    'node-labels': nodeLabels({ ...pool.labels, [NODE_POOL_LABEL]: pool.name }),
                  },
                  taints: pool.taints,
                },
              },
            },
          },
        },
      },
      {
        apiVersion: INFRASTRUCTURE_API,
        kind: 'ClusterdeckMachineTemplate',
        metadata: metadata(poolName),
        spec: { template: { spec: { flavor: pool.flavorId } } },
      },
    )
  }

  // The add-ons and the RBAC bindings of the portal's groups, applied once the cluster answers.
  const accessName = `${cluster.name}-access`
  objects.push(accessConfigMap(metadata(accessName)), {
    apiVersion: ADD_ONS_API,
    kind: 'ClusterResourceSet',
    metadata: metadata(`${cluster.name}-add-ons`),
    spec: {
      clusterSelector: { matchLabels: { [CLUSTER_NAME_LABEL]: cluster.name } },
      resources: [
        ...configuration.addOnIds.map((id) => ({ kind: 'ConfigMap', name: `add-on-${id}` })),
        { kind: 'ConfigMap', name: accessName },
      ],
    },
  })
  return objects
}

function endpointParts(endpoint: string): { host: string; port: number } {
  const url = new URL(endpoint)
  return { host: url.hostname, port: Number(url.port || 443) }
}

function nodeLabels(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(',')
}
