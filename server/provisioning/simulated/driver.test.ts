import { X509Certificate } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import type { ProvisioningStep } from '#common/schemas/clusters.ts'
import { driverCluster, nodePool } from '#tests/helpers/driver-cluster.ts'
import type { StepRun } from '../driver.ts'
import { clusterEndpoint, createSimulatedDriver, STEP_SECONDS } from './driver.ts'
import { fails } from './step-walk.ts'

const cluster = driverCluster(
  'web-prod',
  [
    nodePool('web', 'gp-4-16', 3, {
      autoscaling: { enabled: true, min: 2, max: 6 },
      labels: { tier: 'frontend' },
    }),
    nodePool('batch', 'cpu-8-16', 2, {
      autoscaling: { enabled: false, min: 1, max: 1 },
      taints: [{ key: 'batch', value: 'true', effect: 'NoSchedule' }],
    }),
  ],
  { addOnIds: ['monitoring'] },
)

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000)
const run = (name: ProvisioningStep, startedSecondsAgo: number, attempts = 1): StepRun => ({
  name,
  startedAt: secondsAgo(startedSecondsAgo),
  attempts,
})

describe('the simulated driver', () => {
  it('plans the steps of each operation with durations divided by the speed', () => {
    const driver = createSimulatedDriver({ speed: 10, failureRate: 0 })
    expect(driver.plan('create', cluster, {})).toEqual([
      { name: 'network', estimatedSeconds: 2 },
      { name: 'control_plane', estimatedSeconds: 9 },
      { name: 'node_pools', estimatedSeconds: 6 },
      { name: 'add_ons', estimatedSeconds: 3 },
      { name: 'health_check', estimatedSeconds: 1 },
    ])
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
    // Without add-ons the step only checks the defaults.
    const bare = { ...cluster, configuration: { ...cluster.configuration, addOnIds: [] } }
    expect(createSimulatedDriver({ speed: 1, failureRate: 0 }).plan('create', bare, {})[3]).toEqual({
      name: 'add_ons',
      estimatedSeconds: 3,
    })
  })

  it('waits out a step’s duration from when it first started, then is done', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const waiting = await driver.create(cluster, run('network', 5))
    expect(waiting.state).toBe('waiting')
    if (waiting.state === 'waiting') {
      expect(waiting.retryAfterSeconds).toBeGreaterThan(STEP_SECONDS.network - 5 - 1)
      expect(waiting.retryAfterSeconds).toBeLessThanOrEqual(STEP_SECONDS.network - 5)
    }
    // A restarted worker asks again with the same start: the rest has passed.
    expect((await driver.create(cluster, run('network', STEP_SECONDS.network))).state).toBe('done')
  })

  it('brings the control plane up with an endpoint and a real CA certificate', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const outcome = await driver.create(cluster, run('control_plane', STEP_SECONDS.control_plane))
    expect(outcome.state).toBe('done')
    if (outcome.state !== 'done') return
    expect(outcome.endpoint).toBe('https://web-prod-3f2b8c.de-fra-1.k8s.clusterdeck.eu:6443')
    const certificate = new X509Certificate(outcome.caCertificate!)
    expect(certificate.ca).toBe(true)
    expect(certificate.subject).toBe('CN=kubernetes')
    expect(certificate.verify(certificate.publicKey)).toBe(true)
    expect(new Date(certificate.validTo).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 10)
  })

  it('names nodes after cluster and pool, the same every time, on the private network', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const first = await driver.create(cluster, run('node_pools', 60))
    const second = await driver.create(cluster, run('node_pools', 600))
    if (first.state !== 'done' || second.state !== 'done') throw new Error('node_pools should be done')
    expect(first.nodes).toEqual(second.nodes)
    expect(first.nodes).toHaveLength(5)
    for (const node of first.nodes!) {
      expect(node.name).toMatch(new RegExp(`^web-prod-${node.poolName}-[bcdfghjklmnpqrstvwxz2456789]{5}$`))
      expect(node.internalIp).toMatch(/^10\.0\.\d{1,3}\.\d{1,3}$/)
      expect(node.kubeletVersion).toBe('1.36.6')
    }
    expect(new Set(first.nodes!.map((node) => node.name)).size).toBe(5)
    expect(new Set(first.nodes!.map((node) => node.internalIp)).size).toBe(5)
  })

  it('scales by keeping the existing nodes and adding or removing the last ones', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const created = await driver.create(cluster, run('health_check', 60))
    const scaled = await driver.scale(cluster, run('wait_for_nodes', 60), [
      { poolName: 'web', nodeCount: 5, autoscaling: { enabled: true, min: 2, max: 6 } },
    ])
    const hibernated = await driver.scale(cluster, run('wait_for_nodes', 60), [
      { poolName: 'web', nodeCount: 0, autoscaling: { enabled: true, min: 2, max: 6 } },
      { poolName: 'batch', nodeCount: 0, autoscaling: { enabled: false, min: 1, max: 1 } },
    ])
    if (created.state !== 'done' || scaled.state !== 'done' || hibernated.state !== 'done')
      throw new Error('done')
    const names = (nodes: { name: string }[] | undefined) => (nodes ?? []).map((node) => node.name)
    expect(names(scaled.nodes)).toEqual(expect.arrayContaining(names(created.nodes)))
    expect(scaled.nodes!.filter((node) => node.poolName === 'web')).toHaveLength(5)
    expect(hibernated.nodes).toEqual([])
  })

  it('finishes a scale with every node Ready, even when the clock passes the end mid-answer', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const startedAt = new Date('2026-11-27T10:00:00Z')
    const end = startedAt.getTime() + STEP_SECONDS.wait_for_nodes * 1000
    // The node list is read a moment before the end, the step's time just after it.
    const clock = vi
      .spyOn(Date, 'now')
      .mockReturnValueOnce(end - 100)
      .mockReturnValue(end + 1)
    try {
      const scaled = await driver.scale(cluster, { name: 'wait_for_nodes', startedAt, attempts: 1 }, [
        { poolName: 'web', nodeCount: 5, autoscaling: { enabled: true, min: 2, max: 6 } },
      ])
      expect(scaled.state).toBe('done')
      if (scaled.state !== 'done') return
      expect(scaled.nodes).toHaveLength(7)
      expect(scaled.nodes!.every((node) => node.status === 'ready')).toBe(true)
    } finally {
      clock.mockRestore()
    }
  })

  it('upgrades the nodes to the new patch and deletes them all', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const upgraded = await driver.upgrade(cluster, run('upgrade_nodes', 90), {
      version: '1.37',
      patch: '1.37.2',
    })
    if (upgraded.state !== 'done') throw new Error('upgrade_nodes should be done')
    expect(new Set(upgraded.nodes!.map((node) => node.kubeletVersion))).toEqual(new Set(['1.37.2']))
    const deleted = await driver.delete(cluster, run('delete_resources', 45))
    expect(deleted).toMatchObject({ state: 'done', nodes: [] })
  })

  it('fails only when asked to, the same way for the same attempt, and says why', async () => {
    expect(fails(cluster, { name: 'network', attempts: 1 }, 0)).toBe(false)
    expect(fails(cluster, { name: 'network', attempts: 1 }, 1)).toBe(true)
    const decisions = Array.from({ length: 200 }, (_, attempt) =>
      fails(cluster, { name: 'network', attempts: attempt }, 0.25),
    )
    expect(decisions).toEqual(
      Array.from({ length: 200 }, (_, attempt) =>
        fails(cluster, { name: 'network', attempts: attempt }, 0.25),
      ),
    )
    const share = decisions.filter(Boolean).length / decisions.length
    expect(share).toBeGreaterThan(0.1)
    expect(share).toBeLessThan(0.4)

    const settings = { speed: 1, failureRate: 1 }
    const driver = createSimulatedDriver(settings)
    // A failing attempt gets half-way first.
    expect((await driver.create(cluster, run('network', 1))).state).toBe('waiting')
    const failed = await driver.create(cluster, run('network', STEP_SECONDS.network / 2))
    expect(failed.state).toBe('failed')
    if (failed.state === 'failed') expect(failed.reason).toMatch(/private network.*simulated failure/)
    // The settings are read at every call.
    settings.failureRate = 0
    expect((await driver.create(cluster, run('network', STEP_SECONDS.network))).state).toBe('done')
  })

  it('writes a kubeconfig with the endpoint, the CA, the person’s token and its expiry', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
    const expiresAt = new Date('2026-12-03T10:00:00.000Z')
    const text = await driver.kubeconfig(
      { ...cluster, endpoint: clusterEndpoint(cluster), caCertificate: ca },
      { userName: 'dana@web-prod', token: 'cdk_secret-token', expiresAt },
    )
    const kubeconfig = parse(text)
    expect(kubeconfig).toMatchObject({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'web-prod',
      clusters: [
        {
          name: 'web-prod',
          cluster: {
            server: 'https://web-prod-3f2b8c.de-fra-1.k8s.clusterdeck.eu:6443',
            'certificate-authority-data': Buffer.from(ca).toString('base64'),
          },
        },
      ],
      contexts: [{ name: 'web-prod', context: { cluster: 'web-prod', user: 'dana@web-prod' } }],
      users: [
        {
          name: 'dana@web-prod',
          user: {
            token: 'cdk_secret-token',
            extensions: [
              { name: 'clusterdeck.eu/credential', extension: { expiresAt: '2026-12-03T10:00:00.000Z' } },
            ],
          },
        },
      ],
    })
  })

  it('describes the cluster as the Cluster API objects of its data center’s provider', () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const manifests = driver.manifests(cluster) as {
      apiVersion: string
      kind: string
      metadata: { name: string }
      spec: never
      data?: Record<string, string>
    }[]
    const kinds = manifests.map((object) => object.kind)
    expect(kinds).toEqual(
      expect.arrayContaining(['Cluster', 'HetznerCluster', 'KubeadmControlPlane', 'MachineDeployment']),
    )
    // Nothing a customer reads names the simulation.
    expect(JSON.stringify(manifests)).not.toMatch(/simulat/i)
    expect(manifests.find((object) => object.kind === 'Cluster')?.apiVersion).toBe('cluster.x-k8s.io/v1beta2')
    expect(manifests.find((object) => object.kind === 'KubeadmControlPlane')).toMatchObject({
      spec: { replicas: 3, version: 'v1.36.6' },
    })
    expect(
      manifests.find(
        (object) => object.kind === 'MachineDeployment' && object.metadata.name === 'web-prod-pool-web',
      ),
    ).toMatchObject({
      metadata: { annotations: { 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size': '6' } },
      spec: { template: { metadata: { labels: { 'clusterdeck.eu/node-pool': 'web' } } } },
    })
    // The objects survive a YAML round trip (the read-only view).
    const documents = parseAllDocuments(
      manifests.map((object) => `---\n${JSON.stringify(object)}\n`).join(''),
    )
    expect(documents).toHaveLength(manifests.length)
    // The portal's groups mean something in the cluster: owners are cluster-admin, members edit.
    const access = manifests.find((object) => object.data?.['access.yaml'])!
    expect(parseAllDocuments(access.data!['access.yaml']!).map((document) => document.toJS())).toMatchObject([
      {
        kind: 'ClusterRoleBinding',
        roleRef: { kind: 'ClusterRole', name: 'cluster-admin' },
        subjects: [{ kind: 'Group', name: 'clusterdeck:owners' }],
      },
      {
        kind: 'ClusterRoleBinding',
        roleRef: { kind: 'ClusterRole', name: 'edit' },
        subjects: [{ kind: 'Group', name: 'clusterdeck:members' }],
      },
    ])
    expect(manifests.find((object) => object.kind === 'ClusterResourceSet')).toMatchObject({
      spec: { resources: expect.arrayContaining([expect.objectContaining({ kind: 'ConfigMap' })]) },
    })
  })

  it('answers provider checks as a simulation', async () => {
    const check = await createSimulatedDriver({ speed: 1, failureRate: 0 }).checkProvider('aws')
    expect(check).toMatchObject({ provider: 'aws', driver: 'simulated', simulated: true, ok: true })
    expect(check.steps).toHaveLength(3)
    for (const step of check.steps) expect(step.detail).toMatch(/^Simulated/)
  })
})
