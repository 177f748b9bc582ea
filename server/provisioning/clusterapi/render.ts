import { createHash } from 'node:crypto'
import { NODE_POOL_LABEL, type NodePoolConfiguration } from '#common/schemas/clusters.ts'
import type { DriverCluster } from '../driver.ts'
import { accessConfigMap } from '../kubeconfig.ts'
import {
  type ClusterApiGeneration,
  groupOf,
  type InfrastructureProvider,
  type InfrastructureSite,
  infrastructureProviderForDataCenter,
  type ProviderSettings,
  providerApiVersion,
} from './providers.ts'
import { tokenWebhookSettings } from './token-webhook.ts'

/**
 * Renders a cluster's configuration as Cluster API objects. Pure: the same cluster always gives
 * the same objects, so applying them again after a crash changes nothing.
 *
 * API versions: cluster.x-k8s.io/v1beta2 (and its controlplane, bootstrap and addons siblings),
 * the storage version since Cluster API 1.11, and each infrastructure provider's storage version.
 * A management cluster older than that is served v1beta1 instead (CLUSTERAPI_API_VERSIONS=v1beta1,
 * with each provider's version of that generation). v1beta2 references name an API group, never a
 * version, and kubeadm's extra arguments are lists of name and value; the v1beta1 shapes are kept
 * for the legacy setting. tests/fixtures/capi-crds holds the CRDs both are checked against.
 */

export { CLUSTER_API_GENERATIONS, type ClusterApiGeneration } from './providers.ts'

export const CLUSTER_API_GROUP = 'cluster.x-k8s.io'
export const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io'
export const BOOTSTRAP_GROUP = 'bootstrap.cluster.x-k8s.io'
export const ADDONS_GROUP = 'addons.cluster.x-k8s.io'

/** The apiVersion of Cluster API's own kinds in a generation. */
export function clusterApiVersions(generation: ClusterApiGeneration) {
  return {
    cluster: `${CLUSTER_API_GROUP}/${generation}`,
    controlPlane: `${CONTROL_PLANE_GROUP}/${generation}`,
    bootstrap: `${BOOTSTRAP_GROUP}/${generation}`,
    addons: `${ADDONS_GROUP}/${generation}`,
  }
}
export type ClusterApiVersions = ReturnType<typeof clusterApiVersions>

/** What the clusterapi driver renders with, from server/config.ts. */
export type ClusterApiSettings = {
  generation: ClusterApiGeneration
  providers: ProviderSettings
}

/** Set by Cluster API on everything that belongs to a cluster; we set it on our objects too. */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name'
/** Ours: which Clusterdeck cluster an object belongs to (an object of another is never adopted). */
export const CLUSTER_ID_LABEL = 'clusterdeck.eu/cluster-id'
export const ORGANIZATION_ID_LABEL = 'clusterdeck.eu/organization-id'
export const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane'
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name'
const AUTOSCALER_MIN = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size'
const AUTOSCALER_MAX = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size'

/** Cluster types with a dedicated, highly available control plane; the others get one replica. */
const HIGHLY_AVAILABLE_TYPES = new Set(['blue', 'red', 'data', 'ai'])
const CONTROL_PLANE_FLAVOR = { highlyAvailable: 'gp-4-16', single: 'gp-2-8' }
const KUBERNETES_API_PORT = 6443

export type KubeObject = {
  apiVersion: string
  kind: string
  metadata: {
    name: string
    namespace?: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
    [key: string]: unknown
  }
  spec?: Record<string, unknown>
  [key: string]: unknown
}

export type RenderedNodePool = {
  name: string
  machineTemplate: KubeObject
  bootstrapTemplate: KubeObject
  machineDeployment: KubeObject
}

export type RenderedCluster = {
  provider: InfrastructureProvider
  /** The apiVersions of Cluster API's own kinds the objects were rendered at. */
  versions: ClusterApiVersions
  namespace: KubeObject
  cluster: KubeObject
  infrastructureCluster: KubeObject
  controlPlaneMachineTemplate: KubeObject
  controlPlane: KubeObject
  nodePools: RenderedNodePool[]
  /** The RBAC bindings of the portal's groups, applied with the add-ons. */
  access: KubeObject
  addOns: KubeObject
}

/** One namespace per organization in the management cluster. */
export function namespaceOf(organizationId: string): string {
  return `org-${organizationId}`
}

/** Kubernetes names of the cluster's objects. */
export function objectNames(cluster: Pick<DriverCluster, 'name' | 'kubernetesPatch'>) {
  const version = versionSuffix(cluster.kubernetesPatch)
  return {
    cluster: cluster.name,
    controlPlane: boundedName(cluster.name, 'control-plane'),
    // Infrastructure machine templates are immutable: a new version gets new templates.
    controlPlaneMachineTemplate: boundedName(cluster.name, 'control-plane', version),
    // `pool-` keeps a pool named "control-plane" or "add-ons" apart from those objects.
    nodePool: (pool: string) => boundedName(cluster.name, 'pool', pool),
    nodePoolMachineTemplate: (pool: string) => boundedName(cluster.name, 'pool', pool, version),
    addOns: boundedName(cluster.name, 'add-ons'),
    access: boundedName(cluster.name, 'access'),
    kubeconfigSecret: `${cluster.name}-kubeconfig`,
    caSecret: `${cluster.name}-ca`,
  }
}

/** The cluster cannot be expressed as Cluster API objects: asking again will not change that. */
export class RenderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RenderError'
  }
}

/**
 * `tokenReviewUrl`: where the workload cluster's API server checks Clusterdeck's tokens;
 * `settings`: the generation of API versions and what the providers need from the data center.
 */
export function renderCluster(
  cluster: DriverCluster,
  options: { tokenReviewUrl?: string; settings: ClusterApiSettings },
): RenderedCluster {
  const provider = infrastructureProviderForDataCenter(cluster.dataCenter.provider)
  if (!provider.machineTemplateKind)
    throw new RenderError(`${provider.title} builds managed clusters only; it cannot host ${cluster.name}`)
  const { generation } = options.settings
  const versions = clusterApiVersions(generation)
  const v1beta2 = generation === 'v1beta2'
  const infrastructureApiVersion = providerApiVersion(provider, generation)
  const namespace = namespaceOf(cluster.organizationId)
  const names = objectNames(cluster)
  const labels = clusterLabels(cluster)
  const site: InfrastructureSite = {
    clusterName: cluster.name,
    namespace,
    dataCenterCode: cluster.dataCenter.code,
    region: provider.region(cluster.dataCenter.code),
    apiAllowList: cluster.configuration.networking.apiAllowList,
    generation,
    settings: options.settings.providers,
  }
  const version = `v${cluster.kubernetesPatch}`
  const highlyAvailable = HIGHLY_AVAILABLE_TYPES.has(cluster.configuration.clusterTypeId)
  // v1beta2 references name the API group (the contract picks the version); v1beta1 the apiVersion.
  const reference = (apiVersion: string, kind: string, name: string) =>
    v1beta2 ? { apiGroup: groupOf(apiVersion), kind, name } : { apiVersion, kind, name }
  const infrastructureRef = (kind: string, name: string) => reference(infrastructureApiVersion, kind, name)
  const meta = (name: string, extra: Partial<KubeObject['metadata']> = {}) => ({
    name,
    namespace,
    ...extra,
    labels: { ...labels, ...extra.labels },
  })

  const infrastructureCluster: KubeObject = {
    apiVersion: infrastructureApiVersion,
    kind: provider.clusterKind,
    metadata: meta(names.cluster),
    spec: provider.clusterSpec(site),
  }

  const clusterObject: KubeObject = {
    apiVersion: versions.cluster,
    kind: 'Cluster',
    metadata: meta(names.cluster, {
      labels: {
        'clusterdeck.eu/cluster-type': cluster.configuration.clusterTypeId,
        'clusterdeck.eu/data-center': cluster.dataCenter.code,
        cni: cluster.configuration.networking.cni,
      },
      annotations: {
        'clusterdeck.eu/private-network': String(cluster.configuration.networking.privateNetwork),
        'clusterdeck.eu/api-allow-list': cluster.configuration.networking.apiAllowList.join(','),
      },
    }),
    spec: {
      clusterNetwork: {
        pods: { cidrBlocks: [cluster.configuration.networking.podCidr] },
        services: { cidrBlocks: [cluster.configuration.networking.serviceCidr] },
        serviceDomain: 'cluster.local',
        apiServerPort: KUBERNETES_API_PORT,
      },
      controlPlaneRef: reference(versions.controlPlane, 'KubeadmControlPlane', names.controlPlane),
      infrastructureRef: infrastructureRef(provider.clusterKind, names.cluster),
    },
  }

  const controlPlaneMachineTemplate: KubeObject = {
    apiVersion: infrastructureApiVersion,
    kind: provider.machineTemplateKind,
    metadata: meta(names.controlPlaneMachineTemplate),
    spec: {
      template: {
        spec: provider.machineSpec({
          ...site,
          flavorId: highlyAvailable ? CONTROL_PLANE_FLAVOR.highlyAvailable : CONTROL_PLANE_FLAVOR.single,
          kubernetesPatch: cluster.kubernetesPatch,
        }),
      },
    },
  }

  // kubeadm's extra arguments: a map in v1beta1, a list of name and value in v1beta2.
  const extraArgs = (args: Record<string, string>) =>
    v1beta2 ? Object.entries(args).map(([name, value]) => ({ name, value })) : args
  const webhook = options.tokenReviewUrl ? tokenWebhookSettings(options.tokenReviewUrl) : undefined
  const controlPlaneInfrastructureRef = infrastructureRef(
    provider.machineTemplateKind,
    names.controlPlaneMachineTemplate,
  )
  const controlPlane: KubeObject = {
    apiVersion: versions.controlPlane,
    kind: 'KubeadmControlPlane',
    metadata: meta(names.controlPlane),
    spec: {
      replicas: highlyAvailable ? 3 : 1,
      version,
      machineTemplate: v1beta2
        ? { metadata: { labels }, spec: { infrastructureRef: controlPlaneInfrastructureRef } }
        : { metadata: { labels }, infrastructureRef: controlPlaneInfrastructureRef },
      kubeadmConfigSpec: {
        ...(webhook ? { files: [webhook.file] } : {}),
        clusterConfiguration: {
          apiServer: {
            extraArgs: extraArgs({ 'cloud-provider': 'external', profiling: 'false', ...webhook?.extraArgs }),
            ...(webhook ? { extraVolumes: [webhook.extraVolume] } : {}),
          },
          controllerManager: { extraArgs: extraArgs({ 'cloud-provider': 'external' }) },
        },
        initConfiguration: {
          nodeRegistration: { kubeletExtraArgs: extraArgs({ 'cloud-provider': 'external' }) },
        },
        joinConfiguration: {
          nodeRegistration: { kubeletExtraArgs: extraArgs({ 'cloud-provider': 'external' }) },
        },
      },
      ...(v1beta2
        ? { rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } }
        : { rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } }),
    },
  }

  const nodePools = cluster.configuration.nodePools.map((pool): RenderedNodePool => {
    const poolLabels = { ...labels, [NODE_POOL_LABEL]: pool.name }
    const machineTemplate: KubeObject = {
      apiVersion: infrastructureApiVersion,
      kind: provider.machineTemplateKind!,
      metadata: meta(names.nodePoolMachineTemplate(pool.name), { labels: poolLabels }),
      spec: {
        template: {
          spec: provider.machineSpec({
            ...site,
            flavorId: pool.flavorId,
            kubernetesPatch: cluster.kubernetesPatch,
          }),
        },
      },
    }
    const registration = nodeRegistration(pool)
    const bootstrapTemplate: KubeObject = {
      apiVersion: versions.bootstrap,
      kind: 'KubeadmConfigTemplate',
      metadata: meta(names.nodePool(pool.name), { labels: poolLabels }),
      spec: {
        template: {
          spec: {
            joinConfiguration: {
              nodeRegistration: {
                kubeletExtraArgs: extraArgs(registration.kubeletExtraArgs),
                taints: registration.taints,
              },
            },
          },
        },
      },
    }
    const machineDeployment: KubeObject = {
      apiVersion: versions.cluster,
      kind: 'MachineDeployment',
      metadata: meta(names.nodePool(pool.name), {
        labels: poolLabels,
        annotations: autoscalingAnnotations(pool.autoscaling),
      }),
      spec: {
        clusterName: cluster.name,
        replicas: pool.nodeCount,
        selector: { matchLabels: { [CLUSTER_NAME_LABEL]: cluster.name, [NODE_POOL_LABEL]: pool.name } },
        template: {
          metadata: { labels: poolLabels },
          spec: {
            clusterName: cluster.name,
            version,
            bootstrap: {
              configRef: reference(versions.bootstrap, 'KubeadmConfigTemplate', names.nodePool(pool.name)),
            },
            infrastructureRef: infrastructureRef(
              provider.machineTemplateKind!,
              names.nodePoolMachineTemplate(pool.name),
            ),
          },
        },
      },
    }
    return { name: pool.name, machineTemplate, bootstrapTemplate, machineDeployment }
  })

  // The CNI and the add-ons are ConfigMaps the platform publishes in each organization's
  // namespace, the access bindings the cluster's own; the ClusterResourceSet applies them to the
  // new cluster once its API answers.
  const addOnResources = [
    `clusterdeck-cni-${cluster.configuration.networking.cni}`,
    ...cluster.configuration.addOnIds.map((id) => `clusterdeck-add-on-${id}`),
    names.access,
  ]
  const addOns: KubeObject = {
    apiVersion: versions.addons,
    kind: 'ClusterResourceSet',
    metadata: meta(names.addOns),
    spec: {
      strategy: 'Reconcile',
      clusterSelector: { matchLabels: { [CLUSTER_ID_LABEL]: cluster.id } },
      resources: addOnResources.map((name) => ({ kind: 'ConfigMap', name })),
    },
  }

  return {
    provider,
    versions,
    namespace: {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace, labels: { [ORGANIZATION_ID_LABEL]: cluster.organizationId } },
    },
    cluster: clusterObject,
    infrastructureCluster,
    controlPlaneMachineTemplate,
    controlPlane,
    nodePools,
    access: accessConfigMap(meta(names.access)) as KubeObject,
    addOns,
  }
}

/** The merge patch that moves a rendered control plane to its (new) version and machine template. */
export function controlPlaneUpgradePatch(rendered: RenderedCluster) {
  const spec = rendered.controlPlane.spec as {
    version: string
    machineTemplate: { spec?: { infrastructureRef: { name: string } }; infrastructureRef?: { name: string } }
  }
  const { name } = (spec.machineTemplate.spec?.infrastructureRef ?? spec.machineTemplate.infrastructureRef)!
  return {
    spec: {
      version: spec.version,
      machineTemplate: spec.machineTemplate.spec
        ? { spec: { infrastructureRef: { name } } }
        : { infrastructureRef: { name } },
    },
  }
}

/** The merge patch that moves a rendered node pool to its (new) version and machine template. */
export function nodePoolUpgradePatch(pool: RenderedNodePool) {
  const { template } = pool.machineDeployment.spec as {
    template: { spec: { version: string; infrastructureRef: { name: string } } }
  }
  return {
    spec: {
      template: {
        spec: {
          version: template.spec.version,
          infrastructureRef: { name: template.spec.infrastructureRef.name },
        },
      },
    },
  }
}

/** The merge patch that sets a node pool's size and autoscaling bounds (a null removes an annotation). */
export function nodePoolScalePatch(change: {
  nodeCount: number
  autoscaling: NodePoolConfiguration['autoscaling']
}) {
  const annotations = {
    [AUTOSCALER_MIN]: null,
    [AUTOSCALER_MAX]: null,
    ...autoscalingAnnotations(change.autoscaling),
  }
  return { metadata: { annotations }, spec: { replicas: change.nodeCount } }
}

/** Every rendered object, in the order they are applied. */
export function renderedObjects(rendered: RenderedCluster): KubeObject[] {
  return [
    rendered.namespace,
    rendered.cluster,
    rendered.infrastructureCluster,
    rendered.controlPlaneMachineTemplate,
    rendered.controlPlane,
    ...rendered.nodePools.flatMap((pool) => [
      pool.machineTemplate,
      pool.bootstrapTemplate,
      pool.machineDeployment,
    ]),
    rendered.access,
    rendered.addOns,
  ]
}

/** The Cluster and infrastructure cluster a provider check dry-runs (nothing is kept). */
export function renderProviderCheckObjects(
  provider: InfrastructureProvider,
  namespace: string,
  settings: ClusterApiSettings,
): KubeObject[] {
  const name = 'clusterdeck-provider-check'
  const labels = { [CLUSTER_NAME_LABEL]: name }
  const { generation } = settings
  const versions = clusterApiVersions(generation)
  const infrastructureApiVersion = providerApiVersion(provider, generation)
  const site: InfrastructureSite = {
    clusterName: name,
    namespace,
    dataCenterCode: provider.checkRegion,
    region: provider.checkRegion,
    apiAllowList: [],
    generation,
    settings: settings.providers,
  }
  const reference = (apiVersion: string, kind: string, refName: string) =>
    generation === 'v1beta2'
      ? { apiGroup: groupOf(apiVersion), kind, name: refName }
      : { apiVersion, kind, name: refName }
  return [
    {
      apiVersion: versions.cluster,
      kind: 'Cluster',
      metadata: { name, namespace, labels },
      spec: {
        clusterNetwork: {
          pods: { cidrBlocks: ['10.244.0.0/16'] },
          services: { cidrBlocks: ['10.96.0.0/12'] },
        },
        controlPlaneRef: reference(versions.controlPlane, 'KubeadmControlPlane', `${name}-control-plane`),
        infrastructureRef: reference(infrastructureApiVersion, provider.clusterKind, name),
      },
    },
    {
      apiVersion: infrastructureApiVersion,
      kind: provider.clusterKind,
      metadata: { name, namespace, labels },
      spec: provider.clusterSpec(site),
    },
  ]
}

export function clusterLabels(cluster: Pick<DriverCluster, 'id' | 'name' | 'organizationId'>) {
  return {
    [CLUSTER_NAME_LABEL]: cluster.name,
    [CLUSTER_ID_LABEL]: cluster.id,
    [ORGANIZATION_ID_LABEL]: cluster.organizationId,
  }
}

/** Node labels and taints go through kubeadm: Cluster API copies only its own labels to nodes. */
function nodeRegistration(pool: NodePoolConfiguration) {
  const nodeLabels = { ...pool.labels, [NODE_POOL_LABEL]: pool.name }
  return {
    kubeletExtraArgs: {
      'cloud-provider': 'external',
      'node-labels': Object.entries(nodeLabels)
        .map(([key, value]) => `${key}=${value}`)
        .join(','),
    },
    taints: pool.taints.map((taint) => ({
      key: taint.key,
      ...(taint.value ? { value: taint.value } : {}),
      effect: taint.effect,
    })),
  }
}

/** The Cluster API autoscaler reads a MachineDeployment's bounds from these annotations. */
export function autoscalingAnnotations(
  autoscaling: NodePoolConfiguration['autoscaling'],
): Record<string, string> {
  return autoscaling.enabled
    ? { [AUTOSCALER_MIN]: String(autoscaling.min), [AUTOSCALER_MAX]: String(autoscaling.max) }
    : {}
}

export function autoscalingAnnotationKeys(): [string, string] {
  return [AUTOSCALER_MIN, AUTOSCALER_MAX]
}

const versionSuffix = (patch: string) => `v${patch.replaceAll('.', '-')}`

/**
 * Joins name parts; a name past 63 characters (a label value, which Cluster API requires of
 * MachineDeployment names) is cut and made unique again with a short hash of the whole.
 */
export function boundedName(...parts: string[]): string {
  const name = parts.join('-')
  if (name.length <= 63) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 6)
  return `${name.slice(0, 63 - hash.length - 1).replace(/-+$/, '')}-${hash}`
}

export function controlPlaneEndpointOf(cluster: KubeObject | undefined): string | undefined {
  const endpoint = (cluster?.spec as { controlPlaneEndpoint?: { host?: string; port?: number } } | undefined)
    ?.controlPlaneEndpoint
  if (!endpoint?.host) return undefined
  return `https://${endpoint.host}:${endpoint.port ?? KUBERNETES_API_PORT}`
}
