/**
 * The Cluster API infrastructure providers the clusterapi driver renders for: which kinds stand
 * for a cluster's network and its machines at each provider, where clusterctl installs the
 * provider's controllers and where their credentials live.
 *
 * Machine types are the catalog's flavor ids (`gp-4-16`…): each data center's operator publishes
 * its flavors under those names (OpenStack flavors, Metal3 host labels, instance-type aliases), so
 * one configuration renders the same way everywhere.
 */

export const INFRASTRUCTURE_GROUP = 'infrastructure.cluster.x-k8s.io'

/**
 * Which generation of the Cluster API types the management cluster is given: v1beta2 (Cluster API
 * 1.11 and later, each provider's current storage version) or v1beta1 (older management clusters,
 * each provider's version of that time).
 */
export const CLUSTER_API_GENERATIONS = ['v1beta2', 'v1beta1'] as const
export type ClusterApiGeneration = (typeof CLUSTER_API_GENERATIONS)[number]

/**
 * What some providers' CRDs require that only the operator of the data centers knows (server/config.ts
 * reads them; the clusterapi driver refuses to start without them).
 */
export type ProviderSettings = {
  /** The Scaleway project the clusters are built in (a UUID). */
  scalewayProjectId: string | undefined
  /** The DigitalOcean SSH keys (ids or fingerprints) put on every droplet. */
  digitalOceanSshKeys: (number | string)[] | undefined
}

/** The settings each provider needs, by the environment variable that gives it. */
export const REQUIRED_PROVIDER_SETTINGS = [
  { provider: 'scaleway', variable: 'CLUSTERAPI_SCALEWAY_PROJECT_ID', setting: 'scalewayProjectId' },
  { provider: 'digitalocean', variable: 'CLUSTERAPI_DIGITALOCEAN_SSH_KEYS', setting: 'digitalOceanSshKeys' },
] as const satisfies { provider: string; variable: string; setting: keyof ProviderSettings }[]

/** What a provider's infrastructure objects are rendered from. */
export type InfrastructureSite = {
  clusterName: string
  namespace: string
  dataCenterCode: string
  region: string
  apiAllowList: string[]
  generation: ClusterApiGeneration
  settings: ProviderSettings
}

export type MachineSite = InfrastructureSite & {
  flavorId: string
  /** Full Kubernetes version the machine image carries, e.g. 1.36.6. */
  kubernetesPatch: string
}

export type InfrastructureProvider = {
  id: string
  /** The provider as clusterctl names it, for people reading a check. */
  title: string
  /** The provider's current storage version. */
  apiVersion: string
  /** The version to render for a v1beta1 management cluster, when it is not the current one. */
  legacyApiVersion?: string
  clusterKind: string
  /** Absent for providers that only build managed clusters from machine pools (Alibaba's ACK). */
  machineTemplateKind: string | undefined
  /** Where clusterctl installs the provider's controllers. */
  controllerNamespace: string
  /** The Secret the provider's controllers read their cloud credentials from. */
  credentialsSecret: string
  /** The region a provider check dry-runs in (a European one). */
  checkRegion: string
  region: (dataCenterCode: string) => string
  clusterSpec: (site: InfrastructureSite) => Record<string, unknown>
  machineSpec: (site: MachineSite) => Record<string, unknown>
}

/** The provider's apiVersion for a generation of the Cluster API types. */
export function providerApiVersion(
  provider: InfrastructureProvider,
  generation: ClusterApiGeneration,
): string {
  return generation === 'v1beta1' ? (provider.legacyApiVersion ?? provider.apiVersion) : provider.apiVersion
}

/** A setting a provider's CRD requires; server/config.ts refuses to start the driver without it. */
function required<T>(value: T | undefined, setting: keyof ProviderSettings): T {
  if (value === undefined) {
    const variable = REQUIRED_PROVIDER_SETTINGS.find((entry) => entry.setting === setting)!.variable
    throw new Error(`The clusterapi driver needs ${variable} to render this provider's objects`)
  }
  return value
}

const imageName = (patch: string) => `ubuntu-2404-kube-v${patch}`

/** `fr-par-1` → `fr-par`: the code without its number, as several clouds name regions. */
const regionOfCode = (code: string) => code.replace(/-\d+$/, '')

const INFRASTRUCTURE_PROVIDERS: InfrastructureProvider[] = [
  {
    id: 'openstack',
    title: 'Cluster API Provider OpenStack (CAPO)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'OpenStackCluster',
    machineTemplateKind: 'OpenStackMachineTemplate',
    controllerNamespace: 'capo-system',
    credentialsSecret: 'capo-cloud-credentials',
    checkRegion: 'GRA11',
    region: (code) => code.toUpperCase(),
    clusterSpec: (site) => ({
      identityRef: { cloudName: 'openstack', name: 'capo-cloud-credentials' },
      externalNetwork: { filter: { name: 'Ext-Net' } },
      managedSubnets: [{ cidr: '10.6.0.0/24' }],
      apiServerLoadBalancer: {
        enabled: true,
        ...(site.apiAllowList.length > 0 ? { allowedCIDRs: site.apiAllowList } : {}),
      },
      managedSecurityGroups: { allowAllInClusterTraffic: true },
    }),
    machineSpec: (site) => ({
      flavor: site.flavorId,
      image: { filter: { name: imageName(site.kubernetesPatch) } },
      identityRef: { cloudName: 'openstack', name: 'capo-cloud-credentials' },
    }),
  },
  {
    id: 'metal3',
    title: 'Cluster API Provider Metal3 (CAPM3)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta2`,
    legacyApiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'Metal3Cluster',
    machineTemplateKind: 'Metal3MachineTemplate',
    controllerNamespace: 'capm3-system',
    credentialsSecret: 'capm3-ironic-credentials',
    checkRegion: 'fr-par-1',
    region: (code) => code,
    clusterSpec: (site) => ({
      // Bare metal has no cloud load balancer: the API lives behind the data center's VIP name.
      controlPlaneEndpoint: {
        host: `${site.clusterName}.${site.namespace}.${site.region}.k8s.internal`,
        port: 6443,
      },
      // Node provider ids come from CAPM3's node labels; v1beta2 dropped the negative name.
      ...(site.generation === 'v1beta2' ? { cloudProviderEnabled: false } : { noCloudProvider: true }),
    }),
    machineSpec: (site) => ({
      image: {
        url: `https://images.clusterdeck.eu/${imageName(site.kubernetesPatch)}.qcow2`,
        checksum: `https://images.clusterdeck.eu/${imageName(site.kubernetesPatch)}.qcow2.sha256sum`,
        checksumType: 'sha256',
        [site.generation === 'v1beta2' ? 'diskFormat' : 'format']: 'qcow2',
      },
      hostSelector: {
        matchLabels: { 'clusterdeck.eu/flavor': site.flavorId, 'clusterdeck.eu/data-center': site.region },
      },
    }),
  },
  {
    id: 'hetzner',
    title: 'Cluster API Provider Hetzner (CAPH)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'HetznerCluster',
    machineTemplateKind: 'HCloudMachineTemplate',
    controllerNamespace: 'caph-system',
    credentialsSecret: 'hetzner',
    checkRegion: 'fsn1',
    // de-fsn-1 → fsn1, Hetzner's location names.
    region: (code) => code.split('-').slice(1).join(''),
    clusterSpec: (site) => ({
      controlPlaneRegions: [site.region],
      controlPlaneLoadBalancer: { region: site.region },
      hetznerSecretRef: { name: 'hetzner', key: { hcloudToken: 'hcloud' } },
      sshKeys: { hcloud: [{ name: 'clusterdeck' }] },
    }),
    machineSpec: (site) => ({ type: site.flavorId, imageName: imageName(site.kubernetesPatch) }),
  },
  {
    id: 'outscale',
    title: 'Cluster API Provider Outscale (CAPOSC)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'OscCluster',
    machineTemplateKind: 'OscMachineTemplate',
    controllerNamespace: 'cluster-api-provider-outscale-system',
    credentialsSecret: 'cluster-api-provider-outscale',
    checkRegion: 'eu-west-2',
    region: () => 'eu-west-2',
    clusterSpec: (site) => ({
      network: {
        subregionName: `${site.region}a`,
        net: { ipRange: '10.0.0.0/16' },
        loadBalancer: { loadbalancername: `${site.clusterName}-k8s`.slice(0, 32) },
      },
    }),
    machineSpec: (site) => ({
      node: {
        vm: { vmType: site.flavorId, keypairName: 'clusterdeck' },
        image: { name: imageName(site.kubernetesPatch) },
      },
    }),
  },
  {
    id: 'scaleway',
    title: 'Cluster API Provider Scaleway (CAPS)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1alpha2`,
    legacyApiVersion: `${INFRASTRUCTURE_GROUP}/v1alpha1`,
    clusterKind: 'ScalewayCluster',
    machineTemplateKind: 'ScalewayMachineTemplate',
    controllerNamespace: 'caps-system',
    credentialsSecret: 'scaleway-credentials',
    checkRegion: 'fr-par',
    region: regionOfCode,
    clusterSpec: (site) => ({
      projectID: required(site.settings.scalewayProjectId, 'scalewayProjectId'),
      region: site.region,
      scalewaySecretName: 'scaleway-credentials',
    }),
    machineSpec: (site) => ({
      commercialType: site.flavorId,
      image: { name: imageName(site.kubernetesPatch) },
    }),
  },
  {
    id: 'aws',
    title: 'Cluster API Provider AWS (CAPA)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta2`,
    clusterKind: 'AWSCluster',
    machineTemplateKind: 'AWSMachineTemplate',
    controllerNamespace: 'capa-system',
    credentialsSecret: 'capa-manager-bootstrap-credentials',
    checkRegion: 'eu-west-3',
    region: () => 'eu-west-3',
    clusterSpec: (site) => ({
      region: site.region,
      sshKeyName: 'clusterdeck',
      controlPlaneLoadBalancer: { scheme: 'internet-facing' },
    }),
    machineSpec: (site) => ({
      instanceType: site.flavorId,
      iamInstanceProfile: 'nodes.cluster-api-provider-aws.sigs.k8s.io',
      sshKeyName: 'clusterdeck',
    }),
  },
  {
    id: 'gcp',
    title: 'Cluster API Provider GCP (CAPG)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'GCPCluster',
    machineTemplateKind: 'GCPMachineTemplate',
    controllerNamespace: 'capg-system',
    credentialsSecret: 'capg-manager-bootstrap-credentials',
    checkRegion: 'europe-west9',
    region: () => 'europe-west9',
    clusterSpec: (site) => ({
      project: 'clusterdeck',
      region: site.region,
      network: { name: `${site.clusterName}-network` },
    }),
    machineSpec: (site) => ({ instanceType: site.flavorId, image: imageName(site.kubernetesPatch) }),
  },
  {
    id: 'azure',
    title: 'Cluster API Provider Azure (CAPZ)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'AzureCluster',
    machineTemplateKind: 'AzureMachineTemplate',
    controllerNamespace: 'capz-system',
    credentialsSecret: 'capz-manager-bootstrap-credentials',
    checkRegion: 'francecentral',
    region: () => 'francecentral',
    clusterSpec: (site) => ({
      location: site.region,
      resourceGroup: site.clusterName,
      networkSpec: { vnet: { name: `${site.clusterName}-vnet` } },
    }),
    machineSpec: (site) => ({ vmSize: site.flavorId, osDisk: { osType: 'Linux', diskSizeGB: 128 } }),
  },
  {
    id: 'ibm',
    title: 'Cluster API Provider IBM Cloud (CAPIBM)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta2`,
    clusterKind: 'IBMVPCCluster',
    machineTemplateKind: 'IBMVPCMachineTemplate',
    controllerNamespace: 'capi-ibmcloud-system',
    credentialsSecret: 'capi-ibmcloud-manager-bootstrap-credentials',
    checkRegion: 'eu-de',
    region: () => 'eu-de',
    clusterSpec: (site) => ({
      region: site.region,
      resourceGroup: 'clusterdeck',
      vpc: `${site.clusterName}-vpc`,
    }),
    machineSpec: (site) => ({
      profile: site.flavorId,
      zone: `${site.region}-1`,
      image: { name: imageName(site.kubernetesPatch) },
    }),
  },
  {
    id: 'huawei',
    title: 'Cluster API Provider Huawei Cloud (CAPHW)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1alpha1`,
    clusterKind: 'HuaweiCloudCluster',
    machineTemplateKind: 'HuaweiCloudMachineTemplate',
    controllerNamespace: 'caphw-system',
    credentialsSecret: 'caphw-bootstrap-credentials',
    checkRegion: 'eu-west-0',
    region: () => 'eu-west-0',
    clusterSpec: (site) => ({ region: site.region }),
    machineSpec: (site) => ({ flavorRef: site.flavorId, imageRef: imageName(site.kubernetesPatch) }),
  },
  {
    id: 'alibaba',
    title: 'Alibaba Cloud provider for Cluster API',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta2`,
    clusterKind: 'AliyunManagedCluster',
    machineTemplateKind: undefined,
    controllerNamespace: 'cluster-api-provider-aliyun-system',
    credentialsSecret: 'cluster-api-provider-aliyun-aliyun-tf-creds',
    checkRegion: 'eu-central-1',
    region: () => 'eu-central-1',
    clusterSpec: (site) => ({ region: site.region }),
    machineSpec: () => ({}),
  },
  {
    id: 'digitalocean',
    title: 'Cluster API Provider DigitalOcean (CAPDO)',
    apiVersion: `${INFRASTRUCTURE_GROUP}/v1beta1`,
    clusterKind: 'DOCluster',
    machineTemplateKind: 'DOMachineTemplate',
    controllerNamespace: 'capdo-system',
    credentialsSecret: 'capdo-manager-bootstrap-credentials',
    checkRegion: 'fra1',
    region: () => 'fra1',
    clusterSpec: (site) => ({ region: site.region }),
    machineSpec: (site) => ({
      size: site.flavorId,
      image: imageName(site.kubernetesPatch),
      sshKeys: required(site.settings.digitalOceanSshKeys, 'digitalOceanSshKeys'),
    }),
  },
]

/**
 * The data centers' providers (server/db/seed/data-centers.ts) and the Cluster API provider each
 * builds with. Colocation sites (Equinix, Digital Realty, Aruba, Green.ch…) rent racks, not a
 * cloud API, so their clusters run on bare metal through Metal3.
 */
const DATA_CENTER_PROVIDERS: Record<string, string> = {
  ovhcloud: 'openstack',
  openstack: 'openstack',
  hetzner: 'hetzner',
  outscale: 'outscale',
  scaleway: 'scaleway',
  aws: 'aws',
  'amazon web services': 'aws',
  gcp: 'gcp',
  'google cloud': 'gcp',
  azure: 'azure',
  'microsoft azure': 'azure',
  ibm: 'ibm',
  'ibm cloud': 'ibm',
  huawei: 'huawei',
  'huawei cloud': 'huawei',
  digitalocean: 'digitalocean',
}
const BARE_METAL_PROVIDER = 'metal3'

/** The ids of every provider the driver renders for (the Helm chart's RBAC names their kinds). */
export function infrastructureProviderIds(): string[] {
  return INFRASTRUCTURE_PROVIDERS.map((provider) => provider.id)
}

export function infrastructureProvider(id: string): InfrastructureProvider | undefined {
  return INFRASTRUCTURE_PROVIDERS.find((provider) => provider.id === id)
}

/** The infrastructure provider a data center's clusters are built with. */
export function infrastructureProviderForDataCenter(dataCenterProvider: string): InfrastructureProvider {
  const id = DATA_CENTER_PROVIDERS[dataCenterProvider.trim().toLowerCase()] ?? BARE_METAL_PROVIDER
  return infrastructureProvider(id)!
}

/** Kubernetes' plural resource name of a kind, as every Cluster API CRD spells it. */
export function pluralOf(kind: string): string {
  const lower = kind.toLowerCase()
  // As Kubernetes names them: machines, proxies (HelmChartProxy), classes.
  if (lower.endsWith('s')) return `${lower}es`
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`
  return `${lower}s`
}

export function groupOf(apiVersion: string): string {
  return apiVersion.includes('/') ? apiVersion.split('/')[0]! : ''
}

/** The CustomResourceDefinition that installs a provider's cluster kind. */
export function clusterCrdName(provider: InfrastructureProvider): string {
  return `${pluralOf(provider.clusterKind)}.${groupOf(provider.apiVersion)}`
}
