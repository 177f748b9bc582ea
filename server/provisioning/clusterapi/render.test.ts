import { describe, expect, it } from 'vitest'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import { CLUSTER_API_SETTINGS } from '#tests/helpers/cluster-api-settings.ts'
import type { DriverCluster } from '../driver.ts'
import {
  clusterCrdName,
  infrastructureProvider,
  infrastructureProviderForDataCenter,
  pluralOf,
} from './providers.ts'
import { boundedName, renderCluster, renderedObjects } from './render.ts'

function cluster(
  overrides: { clusterTypeId?: string; provider?: string; code?: string; pools?: string[] } = {},
) {
  const configuration = clusterConfigurationSchema.parse({
    name: 'edge',
    clusterTypeId: overrides.clusterTypeId ?? 'orange',
    dataCenterCode: overrides.code ?? 'pl-waw-1',
    kubernetesVersion: '1.36',
    nodePools: (overrides.pools ?? ['default']).map((name) => ({
      name,
      flavorId: 'dev-2-4',
      nodeCount: 1,
      autoscaling: { enabled: false, min: 1, max: 1 },
      taints: [{ key: 'dedicated', value: '', effect: 'NoExecute' }],
    })),
    networking: {
      cni: 'calico',
      privateNetwork: false,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
    },
  })
  return {
    id: '6f1c1e3a-1111-4222-8333-444455556666',
    organizationId: '0b0e5d9e-aaaa-4bbb-8ccc-ddddeeeeffff',
    name: 'edge',
    configuration,
    kubernetesPatch: '1.36.6',
    dataCenter: {
      code: overrides.code ?? 'pl-waw-1',
      city: 'Warsaw',
      countryCode: 'PL',
      provider: overrides.provider ?? 'Scaleway',
    },
  } satisfies DriverCluster
}

describe('rendering a cluster as Cluster API objects', () => {
  it('picks the infrastructure provider of the data center, bare metal for colocation sites', () => {
    expect(infrastructureProviderForDataCenter('OVHcloud').clusterKind).toBe('OpenStackCluster')
    expect(infrastructureProviderForDataCenter('Hetzner').machineTemplateKind).toBe('HCloudMachineTemplate')
    expect(infrastructureProviderForDataCenter('Outscale').clusterKind).toBe('OscCluster')
    expect(infrastructureProviderForDataCenter('Scaleway').apiVersion).toBe(
      'infrastructure.cluster.x-k8s.io/v1alpha2',
    )
    for (const colocation of ['Equinix', 'Digital Realty', 'Aruba', 'Green.ch'])
      expect(infrastructureProviderForDataCenter(colocation).clusterKind, colocation).toBe('Metal3Cluster')
  })

  it('derives regions from the data center code', () => {
    const scaleway = renderCluster(cluster(), { settings: CLUSTER_API_SETTINGS })
    expect(scaleway.infrastructureCluster.spec).toMatchObject({ region: 'pl-waw' })
    const hetzner = renderCluster(cluster({ provider: 'Hetzner', code: 'de-fsn-1' }), {
      settings: CLUSTER_API_SETTINGS,
    })
    expect(hetzner.infrastructureCluster.spec).toMatchObject({ controlPlaneRegions: ['fsn1'] })
  })

  it('gives shared control plane types one replica and dedicated ones three', () => {
    expect(renderCluster(cluster(), { settings: CLUSTER_API_SETTINGS }).controlPlane.spec).toMatchObject({
      replicas: 1,
    })
    expect(
      renderCluster(cluster({ clusterTypeId: 'red' }), { settings: CLUSTER_API_SETTINGS }).controlPlane.spec,
    ).toMatchObject({ replicas: 3 })
  })

  it('keeps a pool named like the control plane apart from it', () => {
    const rendered = renderCluster(cluster({ pools: ['control-plane', 'add-ons'] }), {
      settings: CLUSTER_API_SETTINGS,
    })
    const names = renderedObjects(rendered).map((object) => `${object.kind}/${object.metadata.name}`)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toContain('MachineDeployment/edge-pool-control-plane')
  })

  it("points the API server at the portal's token review when given its address", () => {
    const url = 'https://portal.example/api/clusters/7/token-review'
    const spec = renderCluster(cluster(), { tokenReviewUrl: url, settings: CLUSTER_API_SETTINGS })
      .controlPlane.spec as {
      kubeadmConfigSpec: {
        files: { path: string; content: string }[]
        clusterConfiguration: { apiServer: { extraArgs: { name: string; value: string }[] } }
      }
    }
    const [file] = spec.kubeadmConfigSpec.files
    expect(file!.content).toContain(`server: ${url}`)
    // v1beta2: kubeadm's extra arguments are a list of name and value.
    expect(spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs).toContainEqual({
      name: 'authentication-token-webhook-config-file',
      value: file!.path,
    })
    expect(
      JSON.stringify(renderCluster(cluster(), { settings: CLUSTER_API_SETTINGS }).controlPlane.spec),
    ).not.toContain('token-webhook')
  })

  it('leaves out an empty taint value', () => {
    const [pool] = renderCluster(cluster(), { settings: CLUSTER_API_SETTINGS }).nodePools
    expect(JSON.stringify(pool!.bootstrapTemplate.spec)).toContain(
      '"taints":[{"key":"dedicated","effect":"NoExecute"}]',
    )
  })

  it('labels everything with the cluster and puts it in the organization namespace', () => {
    for (const object of renderedObjects(renderCluster(cluster(), { settings: CLUSTER_API_SETTINGS })).slice(
      1,
    )) {
      expect(object.metadata.namespace).toBe('org-0b0e5d9e-aaaa-4bbb-8ccc-ddddeeeeffff')
      expect(object.metadata.labels?.['clusterdeck.eu/cluster-id']).toBe(
        '6f1c1e3a-1111-4222-8333-444455556666',
      )
    }
  })
})

describe('the legacy setting', () => {
  it('renders v1beta1 for management clusters older than Cluster API 1.11', () => {
    const rendered = renderCluster(cluster(), {
      tokenReviewUrl: 'https://portal.example/api/clusters/7/token-review',
      settings: { ...CLUSTER_API_SETTINGS, generation: 'v1beta1' },
    })
    expect(rendered.cluster.apiVersion).toBe('cluster.x-k8s.io/v1beta1')
    expect(rendered.infrastructureCluster.apiVersion).toBe('infrastructure.cluster.x-k8s.io/v1alpha1')
    expect(rendered.cluster.spec).toMatchObject({
      infrastructureRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1', kind: 'ScalewayCluster' },
    })
    expect(rendered.controlPlane.spec).toMatchObject({
      machineTemplate: { infrastructureRef: { kind: 'ScalewayMachineTemplate' } },
      kubeadmConfigSpec: { clusterConfiguration: { apiServer: { extraArgs: { profiling: 'false' } } } },
      rolloutStrategy: { type: 'RollingUpdate' },
    })
  })

  it('names the setting a provider needs when it is missing', () => {
    expect(() =>
      renderCluster(cluster(), {
        settings: {
          ...CLUSTER_API_SETTINGS,
          providers: { ...CLUSTER_API_SETTINGS.providers, scalewayProjectId: undefined },
        },
      }),
    ).toThrow(/CLUSTERAPI_SCALEWAY_PROJECT_ID/)
  })
})

describe('names', () => {
  it('stays within 63 characters and unique when cut', () => {
    const long = 'a'.repeat(40)
    const first = boundedName(long, 'pool', 'b'.repeat(30))
    const second = boundedName(long, 'pool', `${'b'.repeat(29)}c`)
    expect(first.length).toBeLessThanOrEqual(63)
    expect(first).not.toBe(second)
    expect(boundedName('edge', 'pool', 'web')).toBe('edge-pool-web')
  })

  it('spells CRD names as Kubernetes does', () => {
    expect(pluralOf('AWSCluster')).toBe('awsclusters')
    expect(pluralOf('ClusterClass')).toBe('clusterclasses')
    expect(clusterCrdName(infrastructureProvider('gcp')!)).toBe('gcpclusters.infrastructure.cluster.x-k8s.io')
  })
})
