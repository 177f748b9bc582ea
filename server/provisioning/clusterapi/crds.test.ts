import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import { CrdCatalog, type ObjectCheck } from '#tests/helpers/crd-schema.ts'
import type { DriverCluster, DriverInstallation } from '../driver.ts'
import { renderHelmChartProxy } from './installations.ts'
import { infrastructureProvider, type ProviderSettings } from './providers.ts'
import {
  type ClusterApiGeneration,
  type ClusterApiSettings,
  controlPlaneUpgradePatch,
  type KubeObject,
  nodePoolScalePatch,
  nodePoolUpgradePatch,
  renderCluster,
  renderedObjects,
  renderProviderCheckObjects,
} from './render.ts'

/**
 * Every object the clusterapi driver sends, for every provider it builds with and several shapes
 * of cluster, checked against the official CRDs of pinned releases (tests/fixtures/capi-crds): as
 * the API server would take it on create (defaults, required fields, types, enums, patterns,
 * formats, unknown fields, CEL rules), at a served version that is the storage one and not
 * deprecated. The legacy setting (v1beta1 management clusters) must be accepted too.
 */

const PROVIDERS = [
  ['openstack', 'OVHcloud', 'fr-rbx-1'],
  ['metal3', 'Equinix', 'de-fra-1'],
  ['hetzner', 'Hetzner', 'de-fsn-1'],
  ['outscale', 'Outscale', 'fr-par-1'],
  ['scaleway', 'Scaleway', 'pl-waw-1'],
  ['aws', 'AWS', 'fr-par-2'],
  ['gcp', 'Google Cloud', 'fr-par-3'],
  ['azure', 'Microsoft Azure', 'fr-par-4'],
  ['ibm', 'IBM Cloud', 'de-fra-2'],
  ['huawei', 'Huawei Cloud', 'ie-dub-1'],
  ['digitalocean', 'DigitalOcean', 'de-fra-3'],
] as const

const PROVIDER_SETTINGS: ProviderSettings = {
  scalewayProjectId: '3f1c2b9e-5d4a-4c3b-9a8e-7f6d5c4b3a21',
  digitalOceanSshKeys: [41_887_623, '3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa'],
}

type Shape = { name: string; cluster: (base: DriverCluster) => DriverCluster; patch?: Patch }
type Patch = (objects: KubeObject[], cluster: DriverCluster, settings: ClusterApiSettings) => KubeObject[]

const pool = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  flavorId: 'gp-4-16',
  nodeCount: 2,
  autoscaling: { enabled: false, min: 1, max: 3 },
  ...overrides,
})

const SHAPES: Shape[] = [
  { name: 'one pool', cluster: (base) => base },
  {
    name: 'two pools with autoscaling, add-ons and the token webhook',
    cluster: (base) =>
      withConfiguration(base, {
        clusterTypeId: 'red',
        nodePools: [
          pool('web', { labels: { tier: 'web' } }),
          pool('gpu', {
            flavorId: 'gpu-l4-1',
            nodeCount: 1,
            autoscaling: { enabled: true, min: 1, max: 5 },
            taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
          }),
        ],
        addOnIds: ['monitoring', 'cert-manager'],
        networking: { apiAllowList: ['203.0.113.0/24'] },
      }),
  },
  {
    name: 'an upgrade to the next minor version',
    cluster: (base) => base,
    // The driver applies the new machine templates, then merge-patches the control plane and pools.
    patch: (objects, cluster, settings) => {
      const upgraded = renderCluster({ ...cluster, kubernetesPatch: '1.37.1' }, { settings })
      const poolNamed = (name: string) =>
        upgraded.nodePools.find((entry) => entry.machineDeployment.metadata.name === name)
      return [
        ...objects.map((object) => {
          if (object.kind === 'KubeadmControlPlane')
            return mergePatch(object, controlPlaneUpgradePatch(upgraded))
          const upgradedPool = object.kind === 'MachineDeployment' && poolNamed(object.metadata.name)
          return upgradedPool ? mergePatch(object, nodePoolUpgradePatch(upgradedPool)) : object
        }),
        upgraded.controlPlaneMachineTemplate,
        ...upgraded.nodePools.map((entry) => entry.machineTemplate),
      ]
    },
  },
  {
    name: 'hibernated: every pool scaled to zero',
    cluster: (base) => base,
    patch: (objects) =>
      objects.map((object) =>
        object.kind === 'MachineDeployment'
          ? mergePatch(
              object,
              nodePoolScalePatch({ nodeCount: 0, autoscaling: { enabled: false, min: 0, max: 1 } }),
            )
          : object,
      ),
  },
]

let catalog: CrdCatalog
beforeAll(() => {
  catalog = new CrdCatalog(path.join(import.meta.dirname, '../../../tests/fixtures/capi-crds'))
})

describe.each(['v1beta2', 'v1beta1'] as const)('objects rendered at %s', (generation) => {
  const settings: ClusterApiSettings = { generation, providers: PROVIDER_SETTINGS }

  it('are all accepted by the official CRDs', () => {
    const checks = allObjects(generation, settings).map((object) => catalog.check(object))
    const violations = checks.flatMap((check) => check.violations)
    expect(violations).toEqual([])
    // Every provider, every shape: the CRDs really were looked at.
    expect(checks.length).toBeGreaterThan(150)
    expect(checks.reduce((sum, check) => sum + check.rulesEvaluated, 0)).toBeGreaterThan(0)
    // Compiling every schema and rule takes seconds of CPU; on a busy machine, several times that.
  }, 120_000)

  if (generation === 'v1beta2')
    it('use current versions: served, the storage version, not deprecated', () => {
      const deprecated = allObjects(generation, settings)
        .map((object) => catalog.check(object))
        .filter((check): check is ObjectCheck & { deprecated: string } => check.deprecated !== undefined)
        .map((check) => `${check.object}: ${check.deprecated}`)
      expect(deprecated).toEqual([])
    })
})

describe('the checker itself', () => {
  it('flags a missing required field, an unknown field, a bad enum and a failed CEL rule', () => {
    const settings: ClusterApiSettings = { generation: 'v1beta2', providers: PROVIDER_SETTINGS }
    const rendered = renderCluster(clusterAt('openstack'), { settings })
    const broken = structuredClone(rendered.nodePools[0]!.machineDeployment) as KubeObject & {
      spec: Record<string, unknown> & { template: { spec: Record<string, unknown> } }
    }
    delete broken.spec.clusterName
    broken.spec.rolloutStrategy = { type: 'RollingUpdate' }
    broken.spec.rollout = { strategy: { type: 'Sideways' } }
    const messages = catalog
      .check(broken)
      .violations.map((violation) => `${violation.path} ${violation.message}`)
    expect(messages).toContainEqual(expect.stringContaining('required field clusterName'))
    expect(messages).toContainEqual(expect.stringContaining('unknown field rolloutStrategy'))
    expect(messages).toContainEqual(expect.stringMatching(/\/spec\/rollout\/strategy\/type .*RollingUpdate/))

    const controlPlane = structuredClone(rendered.controlPlane) as KubeObject & {
      spec: { kubeadmConfigSpec: { clusterConfiguration: { apiServer: { extraArgs: unknown[] } } } }
    }
    const { apiServer } = controlPlane.spec.kubeadmConfigSpec.clusterConfiguration
    apiServer.extraArgs = [...apiServer.extraArgs, { name: 'profiling', value: 'true' }]
    expect(catalog.check(controlPlane).violations).toContainEqual(
      expect.objectContaining({ path: '/spec/kubeadmConfigSpec/clusterConfiguration/apiServer/extraArgs' }),
    )
  })

  it('finds v1beta1 of Cluster API deprecated, and a Scaleway cluster without its project refused', () => {
    const settings: ClusterApiSettings = { generation: 'v1beta1', providers: PROVIDER_SETTINGS }
    const rendered = renderCluster(clusterAt('scaleway'), { settings })
    expect(catalog.check(rendered.cluster).deprecated).toMatch(/deprecated/)
    const withoutProject = structuredClone(rendered.infrastructureCluster)
    delete withoutProject.spec!.projectID
    expect(catalog.check(withoutProject).violations).toContainEqual(
      expect.objectContaining({ message: 'required field projectID is missing' }),
    )
  })
})

/** Every object of every provider and shape, the provider checks' and an installation's. */
function allObjects(generation: ClusterApiGeneration, settings: ClusterApiSettings): KubeObject[] {
  const objects: KubeObject[] = []
  for (const [providerId] of PROVIDERS) {
    for (const shape of SHAPES) {
      const cluster = shape.cluster(clusterAt(providerId))
      const rendered = renderedObjects(renderCluster(cluster, { settings, tokenReviewUrl: TOKEN_REVIEW_URL }))
      const custom = rendered.filter((object) => object.apiVersion.includes('.'))
      objects.push(...(shape.patch ? shape.patch(custom, cluster, settings) : custom))
    }
    objects.push(...renderProviderCheckObjects(infrastructureProvider(providerId)!, 'capi-check', settings))
  }
  objects.push(renderHelmChartProxy(installation(clusterAt('openstack'))))
  expect(new Set(objects.map((object) => object.apiVersion.split('/')[1])).has(generation)).toBe(true)
  return objects
}

const TOKEN_REVIEW_URL = 'https://portal.example/api/clusters/6f1c1e3a/token-review'

function clusterAt(providerId: string): DriverCluster {
  const [, provider, code] = PROVIDERS.find(([id]) => id === providerId)!
  const configuration = clusterConfigurationSchema.parse({
    name: 'shop-prod',
    clusterTypeId: 'orange',
    dataCenterCode: code,
    kubernetesVersion: '1.36',
    nodePools: [pool('default')],
    networking: {
      cni: 'cilium',
      privateNetwork: false,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
    },
  })
  return {
    id: '6f1c1e3a-1111-4222-8333-444455556666',
    organizationId: '0b0e5d9e-aaaa-4bbb-8ccc-ddddeeeeffff',
    name: 'shop-prod',
    configuration,
    kubernetesPatch: '1.36.6',
    dataCenter: { code, city: 'Somewhere', countryCode: 'EU', provider },
  }
}

function withConfiguration(base: DriverCluster, changes: Record<string, unknown>): DriverCluster {
  const { networking, ...rest } = changes as { networking?: Record<string, unknown> }
  return {
    ...base,
    configuration: clusterConfigurationSchema.parse({
      ...base.configuration,
      ...rest,
      networking: { ...base.configuration.networking, ...networking },
    }),
  }
}

function installation(cluster: DriverCluster): DriverInstallation {
  return {
    id: '9a8b7c6d-1111-4222-8333-444455556666',
    organizationId: cluster.organizationId,
    productId: 'postgresql',
    productKind: 'middleware',
    productName: 'PostgreSQL',
    namespace: 'databases',
    planId: null,
    version: '17.2',
    chart: { repository: 'https://charts.example.eu', name: 'postgresql', version: '16.4.1' },
    settings: { replicas: 2, storage: { size: '20Gi' } },
    cluster,
  }
}

/** RFC 7386, as the API server applies the driver's merge patches. */
function mergePatch(target: KubeObject, patch: Record<string, unknown>): KubeObject {
  const merge = (into: unknown, change: unknown): unknown => {
    if (!change || typeof change !== 'object' || Array.isArray(change)) return change
    const result: Record<string, unknown> =
      into && typeof into === 'object' && !Array.isArray(into) ? { ...(into as Record<string, unknown>) } : {}
    for (const [name, value] of Object.entries(change)) {
      if (value === null) delete result[name]
      else result[name] = merge(result[name], value)
    }
    return result
  }
  return merge(structuredClone(target), patch) as KubeObject
}
