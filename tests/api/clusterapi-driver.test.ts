import { randomUUID } from 'node:crypto'
import { loadYaml } from '@kubernetes/client-node'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProvisioningStep } from '#common/schemas/clusters.ts'
import { clusterConfigurationSchema, NODE_POOL_LABEL } from '#common/schemas/clusters.ts'
import { providerCheckSchema } from '#common/schemas/providers.ts'
import { clusters, users } from '#server/db/schema/index.ts'
import { createSession } from '#server/modules/auth/sessions.ts'
import { createClusterApiDriver } from '#server/provisioning/clusterapi/driver.ts'
import type { DriverCluster, ProvisioningDriver, StepOutcome, StepRun } from '#server/provisioning/driver.ts'
import { callsNotAllowed } from '#tests/helpers/chart-rbac.ts'
import { CLUSTER_API_ENVIRONMENT, CLUSTER_API_SETTINGS } from '#tests/helpers/cluster-api-settings.ts'
import {
  clusterRecord,
  demoRequester,
  insertCluster,
  type Requester,
  startClusterOperation,
  testConfiguration,
  waitForClusterStatus,
} from '#tests/helpers/clusters.ts'
import { type KubeApiServer, type KubeObject, startKubeApiServer } from '#tests/helpers/kube-api-server.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server.ts'

/**
 * The clusterapi driver against a local server that speaks the Kubernetes API and plays Cluster
 * API's controllers (tests/helpers/kube-api-server.ts): it creates the objects, follows them to
 * Provisioned, scales, upgrades, hands out kubeconfigs, deletes, and checks providers; then the
 * same through the provisioning engine and the provider check route.
 */

const SPEED = 20
let kube: KubeApiServer
let driver: ProvisioningDriver

beforeAll(async () => {
  kube = await startKubeApiServer({ controllerIntervalMs: 40 })
  driver = createClusterApiDriver({
    kubeconfigPath: kube.kubeconfigPath,
    speed: SPEED,
    settings: CLUSTER_API_SETTINGS,
  })
})
afterAll(() => kube.close())

function newCluster(
  overrides: { name?: string; provider?: string; dataCenterCode?: string; clusterTypeId?: string } = {},
) {
  const configuration = clusterConfigurationSchema.parse({
    name: overrides.name ?? 'shop-prod',
    clusterTypeId: overrides.clusterTypeId ?? 'blue',
    dataCenterCode: overrides.dataCenterCode ?? 'fr-rbx-1',
    kubernetesVersion: '1.36',
    nodePools: [
      {
        name: 'default',
        flavorId: 'gp-4-16',
        nodeCount: 2,
        autoscaling: { enabled: false, min: 1, max: 3 },
        labels: { tier: 'web' },
      },
      {
        name: 'gpu',
        flavorId: 'gpu-l4-1',
        nodeCount: 1,
        autoscaling: { enabled: true, min: 1, max: 4 },
        taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
      },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
      apiAllowList: ['203.0.113.0/24'],
    },
    addOnIds: ['monitoring'],
  })
  const cluster: DriverCluster = {
    id: randomUUID(),
    organizationId: randomUUID(),
    name: configuration.name,
    configuration,
    kubernetesPatch: '1.36.6',
    dataCenter: {
      code: overrides.dataCenterCode ?? 'fr-rbx-1',
      city: 'Roubaix',
      countryCode: 'FR',
      provider: overrides.provider ?? 'OVHcloud',
    },
  }
  return { cluster, namespace: `org-${cluster.organizationId}` }
}

/** Runs one step as the engine does: the same step again after each `waiting`, until it ends. */
async function runStep(
  call: (step: StepRun) => Promise<StepOutcome>,
  name: ProvisioningStep,
): Promise<StepOutcome> {
  const step: StepRun = { name, startedAt: new Date(), attempts: 0 }
  for (;;) {
    step.attempts++
    const outcome = await call(step)
    if (outcome.state !== 'waiting') return outcome
    expect(outcome.retryAfterSeconds).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, outcome.retryAfterSeconds * 1000))
  }
}

/** Every planned step of an operation, in order; each must end done. */
async function runOperation(
  kind: Parameters<ProvisioningDriver['plan']>[0],
  cluster: DriverCluster,
  call: (step: StepRun) => Promise<StepOutcome>,
  parameters: Record<string, unknown> = {},
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = []
  for (const planned of driver.plan(kind, cluster, parameters)) {
    const outcome = await runStep(call, planned.name)
    expect(outcome, `${kind} step ${planned.name}`).toMatchObject({ state: 'done' })
    outcomes.push(outcome)
  }
  return outcomes
}

const created = (plural: string) =>
  kube.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/${plural}`))

describe('creating a cluster', () => {
  const { cluster, namespace } = newCluster()
  let outcomes: StepOutcome[]

  beforeAll(async () => {
    // The controllers hold still until the driver watches them, so the steps are seen following
    // the controllers' changes whatever the machine's speed (a fast controller leaves nothing to watch).
    kube.pauseControllers()
    const resumed = (async () => {
      while (!kube.requests.some((request) => request.query.watch === 'true'))
        await new Promise((resolve) => setTimeout(resolve, 10))
      kube.resumeControllers()
    })()
    outcomes = await runOperation('create', cluster, (step) => driver.create(cluster, step))
    await resumed
  }, 30_000)

  it('plans the five create steps, scaled by the speed', () => {
    const plan = driver.plan('create', cluster, {})
    expect(plan.map((step) => step.name)).toEqual([
      'network',
      'control_plane',
      'node_pools',
      'add_ons',
      'health_check',
    ])
    expect(plan.every((step) => step.estimatedSeconds >= 1 && step.estimatedSeconds <= 240 / SPEED)).toBe(
      true,
    )
    // The simulated driver's names, which the web app labels.
    expect(driver.plan('scale', cluster, {}).map((step) => step.name)).toEqual([
      'scale_pools',
      'wait_for_nodes',
    ])
    expect(driver.plan('upgrade', cluster, {}).map((step) => step.name)).toEqual([
      'upgrade_control_plane',
      'upgrade_nodes',
    ])
    expect(driver.plan('delete', cluster, {}).map((step) => step.name)).toEqual([
      'drain_nodes',
      'delete_resources',
      'release_network',
    ])
  })

  it('creates the Cluster, the OpenStack infrastructure, the control plane and one MachineDeployment per pool', () => {
    expect(kube.object('Namespace', undefined, namespace)).toBeDefined()
    const clusterObject = kube.object('Cluster', namespace, 'shop-prod')!
    expect(clusterObject.apiVersion).toBe('cluster.x-k8s.io/v1beta2')
    expect(clusterObject.metadata.labels).toMatchObject({
      'cluster.x-k8s.io/cluster-name': 'shop-prod',
      'clusterdeck.eu/cluster-id': cluster.id,
      'clusterdeck.eu/organization-id': cluster.organizationId,
    })
    expect(clusterObject.spec).toMatchObject({
      clusterNetwork: { pods: { cidrBlocks: ['10.244.0.0/16'] }, services: { cidrBlocks: ['10.96.0.0/12'] } },
      controlPlaneRef: {
        apiGroup: 'controlplane.cluster.x-k8s.io',
        kind: 'KubeadmControlPlane',
        name: 'shop-prod-control-plane',
      },
      infrastructureRef: {
        apiGroup: 'infrastructure.cluster.x-k8s.io',
        kind: 'OpenStackCluster',
        name: 'shop-prod',
      },
    })

    const infrastructure = kube.object('OpenStackCluster', namespace, 'shop-prod')!
    expect(infrastructure.spec).toMatchObject({
      apiServerLoadBalancer: { enabled: true, allowedCIDRs: ['203.0.113.0/24'] },
    })

    const controlPlane = kube.object('KubeadmControlPlane', namespace, 'shop-prod-control-plane')!
    expect(controlPlane.spec).toMatchObject({
      replicas: 3,
      version: 'v1.36.6',
      machineTemplate: {
        spec: {
          infrastructureRef: { kind: 'OpenStackMachineTemplate', name: 'shop-prod-control-plane-v1-36-6' },
        },
      },
    })

    const deployments = kube.objects('MachineDeployment', namespace)
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([
      'shop-prod-pool-default',
      'shop-prod-pool-gpu',
    ])
    const gpu = deployments.find((deployment) => deployment.metadata.name === 'shop-prod-pool-gpu')!
    expect(gpu.metadata.labels?.[NODE_POOL_LABEL]).toBe('gpu')
    expect(gpu.metadata.annotations).toMatchObject({
      'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size': '1',
      'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size': '4',
    })
    expect(gpu.spec).toMatchObject({
      clusterName: 'shop-prod',
      replicas: 1,
      template: {
        metadata: { labels: { [NODE_POOL_LABEL]: 'gpu' } },
        spec: {
          version: 'v1.36.6',
          bootstrap: { configRef: { kind: 'KubeadmConfigTemplate', name: 'shop-prod-pool-gpu' } },
          infrastructureRef: { kind: 'OpenStackMachineTemplate', name: 'shop-prod-pool-gpu-v1-36-6' },
        },
      },
    })

    const gpuBootstrap = kube.object('KubeadmConfigTemplate', namespace, 'shop-prod-pool-gpu')!
    expect(gpuBootstrap.spec).toMatchObject({
      template: {
        spec: {
          joinConfiguration: {
            nodeRegistration: {
              kubeletExtraArgs: expect.arrayContaining([
                { name: 'node-labels', value: `${NODE_POOL_LABEL}=gpu` },
              ]),
              taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
            },
          },
        },
      },
    })
    const defaultBootstrap = kube.object('KubeadmConfigTemplate', namespace, 'shop-prod-pool-default')!
    expect(JSON.stringify(defaultBootstrap.spec)).toContain(`tier=web,${NODE_POOL_LABEL}=default`)

    const gpuTemplate = kube.object('OpenStackMachineTemplate', namespace, 'shop-prod-pool-gpu-v1-36-6')!
    expect(gpuTemplate.spec).toMatchObject({ template: { spec: { flavor: 'gpu-l4-1' } } })

    const addOns = kube.object('ClusterResourceSet', namespace, 'shop-prod-add-ons')!
    expect(addOns.spec).toMatchObject({
      clusterSelector: { matchLabels: { 'clusterdeck.eu/cluster-id': cluster.id } },
      resources: [
        { kind: 'ConfigMap', name: 'clusterdeck-cni-cilium' },
        { kind: 'ConfigMap', name: 'clusterdeck-add-on-monitoring' },
        { kind: 'ConfigMap', name: 'shop-prod-access' },
      ],
    })
    // The portal's groups get their roles in the cluster: owners cluster-admin, members edit.
    const access = kube.object('ConfigMap', namespace, 'shop-prod-access')!
    const bindings = (access.data as Record<string, string>)['access.yaml']!
    expect(bindings).toMatch(/name: cluster-admin[\s\S]*name: clusterdeck:owners/)
    expect(bindings).toMatch(/name: edit[\s\S]*name: clusterdeck:members/)
  })

  it('follows the controllers to Provisioned and reports the nodes, the endpoint and the CA', async () => {
    expect(kube.object('Cluster', namespace, 'shop-prod')?.status).toMatchObject({
      phase: 'Provisioned',
      initialization: { infrastructureProvisioned: true, controlPlaneInitialized: true },
    })
    const health = outcomes.at(-1)!
    if (health.state !== 'done') throw new Error('the health check did not finish')
    expect(health.nodes).toHaveLength(3)
    expect(health.nodes?.filter((node) => node.poolName === 'default')).toHaveLength(2)
    for (const node of health.nodes ?? []) {
      expect(node).toMatchObject({ status: 'ready', kubeletVersion: '1.36.6' })
      expect(node.internalIp).toMatch(/^10\.0\.\d+\.\d+$/)
    }
    expect(health.endpoint).toBe(`https://shop-prod.${namespace}.k8s.example.test:6443`)
    expect(health.caCertificate).toMatch(/^-----BEGIN CERTIFICATE-----\n/)
    // Steps follow the controllers with watches, from the resourceVersion of their last read.
    const watches = kube.requests.filter((request) => request.query.watch === 'true')
    expect(watches.length).toBeGreaterThan(0)
    expect(
      watches.every((request) => request.query.labelSelector === `clusterdeck.eu/cluster-id=${cluster.id}`),
    ).toBe(true)
    expect(watches.every((request) => Number(request.query.resourceVersion) > 0)).toBe(true)

    const status = await driver.status(cluster)
    expect(status.phase).toBe('Provisioned')
    expect(status.nodes.map((node) => node.name).sort()).toEqual(
      health.nodes!.map((node) => node.name).sort(),
    )
  })

  it('runs a step again without creating anything twice', async () => {
    const deployments = kube.objects('MachineDeployment', namespace).length
    const machines = kube.objects('Machine', namespace).length
    const clusterPosts = created('clusters').length
    for (const name of ['network', 'node_pools'] as const) {
      const outcome = await runStep((step) => driver.create(cluster, step), name)
      expect(outcome.state).toBe('done')
    }
    expect(kube.objects('MachineDeployment', namespace)).toHaveLength(deployments)
    expect(kube.objects('Machine', namespace)).toHaveLength(machines)
    // Sent again, answered 409 AlreadyExists, and left as it was.
    expect(created('clusters').length).toBe(clusterPosts + 1)
  })

  it('hands out a kubeconfig with the Secret’s server and CA, the person’s token and its expiry', async () => {
    const expiresAt = new Date('2026-12-03T10:00:00.000Z')
    const text = await driver.kubeconfig(cluster, {
      userName: 'demo@shop-prod',
      token: 'cd_token_123',
      expiresAt,
    })
    const config = loadYaml<{
      clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[]
      users: { name: string; user: { token: string } }[]
      'current-context': string
    }>(text)
    const caSecret = kube.object('Secret', namespace, 'shop-prod-ca')!
    expect(config.clusters[0]!.cluster.server).toBe(`https://shop-prod.${namespace}.k8s.example.test:6443`)
    expect(config.clusters[0]!.cluster['certificate-authority-data']).toBe(caSecret.data!['tls.crt'])
    expect(config.users).toEqual([
      {
        name: 'demo@shop-prod',
        user: {
          token: 'cd_token_123',
          extensions: [
            { name: 'clusterdeck.eu/credential', extension: { expiresAt: '2026-12-03T10:00:00.000Z' } },
          ],
        },
      },
    ])
    expect(config['current-context']).toBe('demo@shop-prod')
  })

  it('renders the same objects as its manifests', () => {
    const kinds = driver.manifests(cluster).map((object) => object.kind)
    expect(kinds).toEqual([
      'Namespace',
      'Cluster',
      'OpenStackCluster',
      'OpenStackMachineTemplate',
      'KubeadmControlPlane',
      'OpenStackMachineTemplate',
      'KubeadmConfigTemplate',
      'MachineDeployment',
      'OpenStackMachineTemplate',
      'KubeadmConfigTemplate',
      'MachineDeployment',
      'ConfigMap',
      'ClusterResourceSet',
    ])
  })

  describe('then scaling, upgrading and deleting it', () => {
    it('scales a pool and waits for the new nodes', async () => {
      const parameters = [
        { poolName: 'default', nodeCount: 4, autoscaling: { enabled: true, min: 2, max: 6 } },
      ]
      const outcomes = await runOperation('scale', cluster, (step) => driver.scale(cluster, step, parameters))
      const deployment = kube.object('MachineDeployment', namespace, 'shop-prod-pool-default')!
      expect(deployment.spec?.replicas).toBe(4)
      expect(deployment.metadata.annotations).toMatchObject({
        'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size': '2',
        'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size': '6',
      })
      const last = outcomes.at(-1)!
      expect(last.state === 'done' && last.nodes?.filter((node) => node.poolName === 'default')).toHaveLength(
        4,
      )
      expect(
        kube.requests.some(
          (request) => request.method === 'PATCH' && request.contentType === 'application/merge-patch+json',
        ),
      ).toBe(true)
    }, 30_000)

    it('hibernates a pool to zero and turns autoscaling off', async () => {
      const parameters = [{ poolName: 'gpu', nodeCount: 0, autoscaling: { enabled: false, min: 0, max: 1 } }]
      await runOperation('hibernate', cluster, (step) => driver.scale(cluster, step, parameters))
      const deployment = kube.object('MachineDeployment', namespace, 'shop-prod-pool-gpu')!
      expect(deployment.spec?.replicas).toBe(0)
      expect(deployment.metadata.annotations ?? {}).not.toHaveProperty(
        'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size',
      )
      expect(machinesOf(namespace, 'shop-prod-pool-gpu')).toHaveLength(0)
      await runOperation('wake', cluster, (step) =>
        driver.scale(cluster, step, [
          { poolName: 'gpu', nodeCount: 1, autoscaling: { enabled: true, min: 1, max: 4 } },
        ]),
      )
      expect(machinesOf(namespace, 'shop-prod-pool-gpu')).toHaveLength(1)
    }, 30_000)

    it('upgrades the control plane and every pool to the next minor version', async () => {
      const parameters = { version: '1.37', patch: '1.37.2' }
      const outcomes = await runOperation(
        'upgrade',
        cluster,
        (step) => driver.upgrade(cluster, step, parameters),
        parameters,
      )
      const controlPlane = kube.object('KubeadmControlPlane', namespace, 'shop-prod-control-plane')!
      expect(controlPlane.spec).toMatchObject({
        version: 'v1.37.2',
        machineTemplate: { spec: { infrastructureRef: { name: 'shop-prod-control-plane-v1-37-2' } } },
      })
      expect(
        kube.object('OpenStackMachineTemplate', namespace, 'shop-prod-control-plane-v1-37-2'),
      ).toBeDefined()
      const deployment = kube.object('MachineDeployment', namespace, 'shop-prod-pool-default')!
      expect(deployment.spec).toMatchObject({
        replicas: 4,
        template: {
          spec: { version: 'v1.37.2', infrastructureRef: { name: 'shop-prod-pool-default-v1-37-2' } },
        },
      })
      expect(kube.objects('Machine', namespace).every((machine) => machine.spec?.version === 'v1.37.2')).toBe(
        true,
      )
      const last = outcomes.at(-1)!
      expect(last.state === 'done' && last.nodes?.every((node) => node.kubeletVersion === '1.37.2')).toBe(
        true,
      )
    }, 30_000)

    it('deletes the Cluster, waits until Cluster API has removed everything, and cleans up', async () => {
      await runOperation('delete', cluster, (step) => driver.delete(cluster, step))
      for (const kind of [
        'Cluster',
        'OpenStackCluster',
        'KubeadmControlPlane',
        'MachineDeployment',
        'Machine',
        'OpenStackMachineTemplate',
        'KubeadmConfigTemplate',
        'ClusterResourceSet',
      ])
        expect(kube.objects(kind, namespace), kind).toEqual([])
      expect(kube.object('ConfigMap', namespace, 'shop-prod-access')).toBeUndefined()
      expect(kube.object('Secret', namespace, 'shop-prod-kubeconfig')).toBeUndefined()
      expect(
        kube.requests.some(
          (request) =>
            request.method === 'DELETE' &&
            request.path === `/apis/cluster.x-k8s.io/v1beta2/namespaces/${namespace}/clusters/shop-prod`,
        ),
      ).toBe(true)
      expect(await driver.status(cluster)).toEqual({ phase: 'Deleted', nodes: [] })
    }, 30_000)
  })
})

function machinesOf(namespace: string, deployment: string): KubeObject[] {
  return kube
    .objects('Machine', namespace)
    .filter((machine) => machine.metadata.labels?.['cluster.x-k8s.io/deployment-name'] === deployment)
}

describe('other data centers and outcomes', () => {
  it('builds Hetzner and colocation clusters with their own infrastructure kinds', async () => {
    const hetzner = newCluster({ name: 'hetzner-one', provider: 'Hetzner', dataCenterCode: 'de-fsn-1' })
    expect(await runStep((step) => driver.create(hetzner.cluster, step), 'network')).toMatchObject({
      state: 'done',
    })
    expect(kube.object('HetznerCluster', hetzner.namespace, 'hetzner-one')?.spec).toMatchObject({
      controlPlaneRegions: ['fsn1'],
    })

    const colocation = newCluster({ name: 'colo-one', provider: 'Equinix', dataCenterCode: 'de-fra-1' })
    expect(await runStep((step) => driver.create(colocation.cluster, step), 'network')).toMatchObject({
      state: 'done',
    })
    expect(kube.object('Metal3Cluster', colocation.namespace, 'colo-one')).toBeDefined()
    const kinds = driver.manifests(colocation.cluster).map((object) => object.kind)
    expect(kinds).toContain('Metal3MachineTemplate')
  })

  it('answers waiting while the controllers have not moved, then done', async () => {
    const { cluster } = newCluster({ name: 'slow-one' })
    kube.pauseControllers()
    try {
      const outcome = await driver.create(cluster, { name: 'network', startedAt: new Date(), attempts: 1 })
      expect(outcome).toMatchObject({ state: 'waiting' })
      expect(outcome.state === 'waiting' && outcome.message).toMatch(/building the network/)
    } finally {
      kube.resumeControllers()
    }
    expect(await runStep((step) => driver.create(cluster, step), 'network')).toMatchObject({ state: 'done' })
  })

  it('fails the step with Cluster API’s failure message', async () => {
    const { cluster, namespace } = newCluster({ name: 'doomed-one' })
    expect(await runStep((step) => driver.create(cluster, step), 'network')).toMatchObject({ state: 'done' })
    kube.failCluster(namespace, 'doomed-one', 'Quota exceeded for instances: requested 3, available 1')
    const outcome = await runStep((step) => driver.create(cluster, step), 'control_plane')
    expect(outcome).toEqual({
      state: 'failed',
      reason: 'Quota exceeded for instances: requested 3, available 1',
    })
  })

  it('never takes over an object of another cluster with the same name', async () => {
    const first = newCluster({ name: 'twin' })
    expect(await runStep((step) => driver.create(first.cluster, step), 'network')).toMatchObject({
      state: 'done',
    })
    const second = { ...first.cluster, id: randomUUID() }
    const outcome = await driver.create(second, { name: 'network', startedAt: new Date(), attempts: 1 })
    expect(outcome.state).toBe('failed')
    expect(outcome.state === 'failed' && outcome.reason).toMatch(/belongs to another cluster/)
  })

  it('fails a step when a step has waited past its limit', async () => {
    const { cluster } = newCluster({ name: 'stuck-one' })
    kube.pauseControllers()
    try {
      const outcome = await driver.create(cluster, {
        name: 'network',
        startedAt: new Date(Date.now() - 3_600_000),
        attempts: 40,
      })
      expect(outcome.state).toBe('failed')
      expect(outcome.state === 'failed' && outcome.reason).toMatch(/^Not done after .*building the network/)
    } finally {
      kube.resumeControllers()
    }
  })

  it('fails with a clear reason when the kubeconfig cannot be read', async () => {
    const broken = createClusterApiDriver({
      kubeconfigPath: '/nonexistent/kubeconfig',
      speed: SPEED,
      settings: CLUSTER_API_SETTINGS,
    })
    const { cluster } = newCluster({ name: 'nowhere' })
    const outcome = await broken.create(cluster, { name: 'network', startedAt: new Date(), attempts: 1 })
    expect(outcome.state).toBe('failed')
    expect(outcome.state === 'failed' && outcome.reason).toMatch(/kubeconfig \(\/nonexistent\/kubeconfig\)/)
    const check = await broken.checkProvider('aws')
    expect(check.ok).toBe(false)
    expect(check.steps.map((step) => step.ok)).toEqual([false, false, false])
  })
})

describe('checking a provider', () => {
  it('passes when the CRDs are installed, the credentials are there and the dry run is accepted', async () => {
    kube.putSecret('capa-system', 'capa-manager-bootstrap-credentials', {
      credentials: '[default]\naws_access_key_id = x',
    })
    const before = kube.requests.length
    const check = await driver.checkProvider('aws')
    expect(check).toMatchObject({ provider: 'aws', driver: 'clusterapi', simulated: false, ok: true })
    expect(check.steps.map((step) => [step.name, step.ok])).toEqual([
      ['infrastructure_provider', true],
      ['credentials', true],
      ['dry_run', true],
    ])
    expect(check.steps[1]!.detail).toContain('capa-system/capa-manager-bootstrap-credentials')
    const sent = kube.requests.slice(before)
    expect(sent).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/awsclusters.infrastructure.cluster.x-k8s.io',
      }),
    )
    const dryRuns = sent.filter((request) => request.method === 'POST' && request.query.dryRun === 'All')
    expect(dryRuns.map((request) => request.path)).toEqual([
      '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters',
      '/apis/infrastructure.cluster.x-k8s.io/v1beta2/namespaces/default/awsclusters',
    ])
    expect(kube.objects('AWSCluster')).toEqual([])
    expect(kube.object('Cluster', 'default', 'clusterdeck-provider-check')).toBeUndefined()
  })

  it('fails each step that does not hold: provider missing, no credentials, dry run refused', async () => {
    kube.uninstallProvider('ibm')
    try {
      const check = await driver.checkProvider('ibm')
      expect(check.ok).toBe(false)
      expect(check.steps.map((step) => [step.name, step.ok])).toEqual([
        ['infrastructure_provider', false],
        ['credentials', false],
        ['dry_run', false],
      ])
      expect(check.steps[0]!.detail).toContain('ibmvpcclusters.infrastructure.cluster.x-k8s.io not found')
      expect(check.steps[1]!.detail).toContain(
        'capi-ibmcloud-system/capi-ibmcloud-manager-bootstrap-credentials not found',
      )
      expect(check.steps[2]!.detail).toMatch(/IBMVPCCluster/)
    } finally {
      kube.installProvider('ibm')
    }
  })

  it('says an empty credentials Secret is empty', async () => {
    kube.putSecret('capdo-system', 'capdo-manager-bootstrap-credentials', { credentials: '' })
    const check = await driver.checkProvider('digitalocean')
    expect(check.steps[1]).toEqual({
      name: 'credentials',
      ok: false,
      detail: 'Secret capdo-system/capdo-manager-bootstrap-credentials is empty',
    })
  })
})

describe('with the server configured for Cluster API', () => {
  let app: TestServer
  let requester: Requester
  let cookie: string
  /** The platform operator's session: the provider checks are theirs alone. */
  let operatorCookie: string

  beforeAll(async () => {
    app = await startTestServer({
      PROVISIONING_DRIVER: 'clusterapi',
      KUBECONFIG: kube.kubeconfigPath,
      ...CLUSTER_API_ENVIRONMENT,
      PROVISIONING_SPEED: String(SPEED),
    })
    requester = await demoRequester(app.db)
    const session = await createSession(app.db, app.ctx.config.sessionSecret, requester.userId)
    cookie = `cd_session=${session.token}`
    const [operator] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'superadmin'))
    const operatorSession = await createSession(app.db, app.ctx.config.sessionSecret, operator!.id)
    operatorCookie = `cd_session=${operatorSession.token}`
  })
  afterAll(() => app?.close())

  it('provisions a cluster through the engine until it runs, then deletes it', async () => {
    const row = await insertCluster(app.db, requester, testConfiguration('capi-engine'))
    await app.db.update(clusters).set({ driver: 'clusterapi' }).where(eq(clusters.id, row.id))
    const namespace = `org-${requester.organizationId}`

    await startClusterOperation(app.ctx, requester, row.id, 'create')
    const running = await waitForClusterStatus(app.db, row.id, 'running')
    expect(kube.object('Cluster', namespace, 'capi-engine')?.status?.phase).toBe('Provisioned')
    // de-fra-1 is an Equinix colocation site: bare metal through Metal3.
    expect(kube.object('Metal3Cluster', namespace, 'capi-engine')).toBeDefined()
    expect(running.endpoint).toBe(`https://capi-engine.${namespace}.de-fra-1.k8s.internal:6443`)
    expect(running.caCertificate).toMatch(/^-----BEGIN CERTIFICATE-----/)
    const record = await clusterRecord(app.db, row.id)
    expect(record.steps.map((step) => [step.name, step.status])).toEqual([
      ['network', 'succeeded'],
      ['control_plane', 'succeeded'],
      ['node_pools', 'succeeded'],
      ['add_ons', 'succeeded'],
      ['health_check', 'succeeded'],
    ])
    expect(record.nodes.map((node) => node.poolName).sort()).toEqual(['jobs', 'web', 'web'])

    await startClusterOperation(app.ctx, requester, row.id, 'delete')
    await waitForClusterStatus(app.db, row.id, 'deleted')
    expect(kube.objects('Cluster', namespace)).toEqual([])
    expect(kube.objects('Machine', namespace)).toEqual([])
  }, 30_000)

  it('checks a provider for real in the management cluster', async () => {
    kube.putSecret('capg-system', 'capg-manager-bootstrap-credentials', {
      credentials: '{"type":"service_account"}',
    })
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/providers/gcp/check',
      headers: { cookie: operatorCookie },
    })
    expect(response.statusCode).toBe(200)
    const check = providerCheckSchema.parse(response.json())
    expect(check).toMatchObject({ provider: 'gcp', driver: 'clusterapi', simulated: false, ok: true })
    expect(check.steps.map((step) => step.name)).toEqual([
      'infrastructure_provider',
      'credentials',
      'dry_run',
    ])
  })

  it('answers 404 for a provider it does not check, 403 to a customer and 401 to a visitor', async () => {
    const unknown = await app.app.inject({
      method: 'GET',
      url: '/api/providers/oracle/check',
      headers: { cookie: operatorCookie },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'There is no provider check for "oracle"' })
    const visitor = await app.app.inject({ method: 'GET', url: '/api/providers/gcp/check' })
    expect(visitor.statusCode).toBe(401)
    // The check reads the management cluster's secrets: not a customer's to run.
    const customer = await app.app.inject({
      method: 'GET',
      url: '/api/providers/gcp/check',
      headers: { cookie },
    })
    expect(customer.statusCode).toBe(403)
  })
})

describe('with the simulated driver', () => {
  it('says the check is simulated and what it would look at', async () => {
    const app = await startTestServer()
    try {
      const [operator] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, 'superadmin'))
      const session = await createSession(app.db, app.ctx.config.sessionSecret, operator!.id)
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/providers/azure/check',
        headers: { cookie: `cd_session=${session.token}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const check = providerCheckSchema.parse(response.json())
      expect(check).toMatchObject({ provider: 'azure', driver: 'simulated', simulated: true, ok: true })
      expect(check.steps.map((step) => [step.name, step.ok])).toEqual([
        ['infrastructure_provider', true],
        ['credentials', true],
        ['dry_run', true],
      ])
      expect(check.steps[0]!.detail).toBe(
        'Simulated: would look for CustomResourceDefinition azureclusters.infrastructure.cluster.x-k8s.io (Cluster API Provider Azure (CAPZ)) in the management cluster',
      )
    } finally {
      await app.close()
    }
  })
})

// Last, once every test above has sent its calls.
describe('the Helm chart', () => {
  it('allows every call the driver made, with managementCluster.access: serviceAccount', () => {
    expect(kube.requests.length).toBeGreaterThan(100)
    expect(callsNotAllowed(kube.requests)).toEqual([])
  })
})
