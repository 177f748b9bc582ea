/** The kinds the fake Kubernetes API serves, and the shape of what it stores. */

export type KubeObject = {
  apiVersion: string
  kind: string
  metadata: {
    name: string
    namespace?: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
    resourceVersion?: string
    generation?: number
    deletionTimestamp?: string
    [key: string]: unknown
  }
  spec?: Record<string, unknown> & { [key: string]: unknown }
  status?: Record<string, unknown> & { [key: string]: unknown }
  data?: Record<string, string>
  [key: string]: unknown
}

export type Resource = { group: string; version: string; kind: string; plural: string; namespaced: boolean }

export const INFRASTRUCTURE_GROUP = 'infrastructure.cluster.x-k8s.io'

/** The infrastructure providers this fake can have installed, with the kinds their CRDs define. */
export const INFRASTRUCTURE_PROVIDERS = {
  openstack: { version: 'v1beta1', kinds: ['OpenStackCluster', 'OpenStackMachineTemplate'] },
  metal3: { version: 'v1beta2', kinds: ['Metal3Cluster', 'Metal3MachineTemplate'] },
  hetzner: { version: 'v1beta1', kinds: ['HetznerCluster', 'HCloudMachineTemplate'] },
  outscale: { version: 'v1beta1', kinds: ['OscCluster', 'OscMachineTemplate'] },
  scaleway: { version: 'v1alpha2', kinds: ['ScalewayCluster', 'ScalewayMachineTemplate'] },
  aws: { version: 'v1beta2', kinds: ['AWSCluster', 'AWSMachineTemplate'] },
  gcp: { version: 'v1beta1', kinds: ['GCPCluster', 'GCPMachineTemplate'] },
  azure: { version: 'v1beta1', kinds: ['AzureCluster', 'AzureMachineTemplate'] },
  ibm: { version: 'v1beta2', kinds: ['IBMVPCCluster', 'IBMVPCMachineTemplate'] },
  huawei: { version: 'v1alpha1', kinds: ['HuaweiCloudCluster', 'HuaweiCloudMachineTemplate'] },
  alibaba: { version: 'v1beta2', kinds: ['AliyunManagedCluster'] },
  digitalocean: { version: 'v1beta1', kinds: ['DOCluster', 'DOMachineTemplate'] },
} as const
export type InfrastructureProviderId = keyof typeof INFRASTRUCTURE_PROVIDERS

/** Served whatever CRDs are installed. */
export const BUILT_IN: Resource[] = [
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
  },
]

/** Cluster API's own kinds at their storage version (Cluster API 1.11 and later), installed in every fresh fake. */
export const CLUSTER_API_KINDS: [string, string, string[]][] = [
  ['cluster.x-k8s.io', 'v1beta2', ['Cluster', 'Machine', 'MachineSet', 'MachineDeployment']],
  ['controlplane.cluster.x-k8s.io', 'v1beta2', ['KubeadmControlPlane']],
  ['bootstrap.cluster.x-k8s.io', 'v1beta2', ['KubeadmConfig', 'KubeadmConfigTemplate']],
  ['addons.cluster.x-k8s.io', 'v1beta2', ['ClusterResourceSet']],
  // The Cluster API Add-on Provider for Helm.
  ['addons.cluster.x-k8s.io', 'v1alpha1', ['HelmChartProxy', 'HelmReleaseProxy']],
]

export const pluralOf = (kind: string) => {
  const lower = kind.toLowerCase()
  // As Kubernetes names them: machines, proxies (HelmChartProxy), classes.
  if (lower.endsWith('s')) return `${lower}es`
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`
  return `${lower}s`
}

export const clone = <T>(value: T): T => structuredClone(value)

export function apiVersionOf(resource: Resource): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version
}

/** `secrets`, or `machinedeployments.cluster.x-k8s.io`: how API errors name a resource. */
export const qualified = (resource: Resource) =>
  resource.group ? `${resource.plural}.${resource.group}` : resource.plural

export function crdFor(group: string, version: string, kind: string): KubeObject {
  const plural = pluralOf(kind)
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List` },
      scope: 'Namespaced',
      versions: [{ name: version, served: true, storage: true, subresources: { status: {} } }],
    },
  }
}
