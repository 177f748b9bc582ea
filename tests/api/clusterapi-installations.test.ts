import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import type { InstallationOperationKind } from '#common/schemas/installations.ts'
import { createClusterApiDriver } from '#server/provisioning/clusterapi/driver.ts'
import { HELM_CHART_PROXY_LABEL, helmChartProxyName } from '#server/provisioning/clusterapi/installations.ts'
import type {
  DriverCluster,
  DriverInstallation,
  InstallationStepOutcome,
  InstallationStepRun,
  ProvisioningDriver,
} from '#server/provisioning/driver.ts'
import { callsNotAllowed } from '#tests/helpers/chart-rbac.ts'
import { CLUSTER_API_SETTINGS } from '#tests/helpers/cluster-api-settings.ts'
import { type KubeApiServer, startKubeApiServer } from '#tests/helpers/kube-api-server.ts'

/**
 * Products on Cluster API clusters through the Cluster API Add-on Provider for Helm, against the
 * local Kubernetes API server (which plays the provider's controller): the driver creates the
 * HelmChartProxy selecting the workload cluster, follows its HelmReleaseProxy to deployed, patches
 * it for an upgrade, reports a failed release with its reason, and deletes it.
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

function workloadCluster(): DriverCluster {
  const configuration = clusterConfigurationSchema.parse({
    name: 'shop-prod',
    clusterTypeId: 'blue',
    dataCenterCode: 'fr-rbx-1',
    kubernetesVersion: '1.36',
    nodePools: [
      { name: 'default', flavorId: 'gp-4-16', nodeCount: 2, autoscaling: { enabled: false, min: 1, max: 3 } },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: false,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
      apiAllowList: [],
    },
    addOnIds: [],
  })
  return {
    id: randomUUID(),
    organizationId: randomUUID(),
    name: configuration.name,
    configuration,
    kubernetesPatch: '1.36.6',
    dataCenter: { code: 'fr-rbx-1', city: 'Roubaix', countryCode: 'FR', provider: 'OVHcloud' },
  }
}

function installationOn(
  cluster: DriverCluster,
  overrides: Partial<DriverInstallation> = {},
): DriverInstallation {
  return {
    id: randomUUID(),
    organizationId: cluster.organizationId,
    productId: 'postgresql',
    productKind: 'middleware',
    productName: 'PostgreSQL (CloudNativePG)',
    namespace: 'databases',
    planId: 'm',
    version: '17.6',
    chart: { repository: 'https://cloudnative-pg.github.io/charts', name: 'cluster', version: '0.3.1' },
    settings: { databaseName: 'shop', owner: 'app', maxConnections: 200 },
    cluster,
    ...overrides,
  }
}

/** Every planned step of an operation, each called again after `waiting` as the engine does. */
async function runOperation(kind: InstallationOperationKind, installation: DriverInstallation) {
  const outcomes: InstallationStepOutcome[] = []
  for (const planned of driver.installations.plan(kind, installation)) {
    const step: InstallationStepRun = { name: planned.name, startedAt: new Date(), attempts: 1 }
    let outcome = await driver.installations.run(kind, installation, step)
    while (outcome.state === 'waiting') {
      await new Promise((resolve) =>
        setTimeout(resolve, outcome.state === 'waiting' ? outcome.retryAfterSeconds * 1000 : 0),
      )
      outcome = await driver.installations.run(kind, installation, step)
    }
    outcomes.push(outcome)
    if (outcome.state === 'failed') break
  }
  return outcomes
}

const proxyOf = (installation: DriverInstallation) =>
  kube.object('HelmChartProxy', `org-${installation.organizationId}`, helmChartProxyName(installation))
const releasesOf = (installation: DriverInstallation) =>
  kube
    .objects('HelmReleaseProxy', `org-${installation.organizationId}`)
    .filter(
      (release) => release.metadata.labels?.[HELM_CHART_PROXY_LABEL] === helmChartProxyName(installation),
    )

describe('a product on a Cluster API cluster', () => {
  const cluster = workloadCluster()
  const installation = installationOn(cluster)

  beforeAll(async () => {
    // The workload cluster's objects, as its creation's first step applies them.
    const step = { name: 'network' as const, startedAt: new Date(), attempts: 1 }
    let outcome = await driver.create(cluster, step)
    while (outcome.state === 'waiting') outcome = await driver.create(cluster, step)
    expect(outcome.state).toBe('done')
  })

  it('creates a HelmChartProxy selecting the cluster and follows its release to deployed', async () => {
    const outcomes = await runOperation('install', installation)
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['done', 'done', 'done', 'done'])
    expect(outcomes[3]).toMatchObject({
      endpoints: [
        { name: 'In the cluster', url: 'postgresql://postgresql.databases.svc.cluster.local:5432' },
      ],
      username: 'app',
    })
    const proxy = proxyOf(installation)
    expect(proxy?.metadata.labels).toMatchObject({
      'clusterdeck.eu/installation-id': installation.id,
      'clusterdeck.eu/cluster-id': cluster.id,
    })
    expect(proxy?.spec).toMatchObject({
      clusterSelector: { matchLabels: { 'clusterdeck.eu/cluster-id': cluster.id } },
      repoURL: 'https://cloudnative-pg.github.io/charts',
      chartName: 'cluster',
      version: '0.3.1',
      releaseName: 'postgresql',
      namespace: 'databases',
      options: { install: { createNamespace: true } },
    })
    expect(JSON.parse(String(proxy?.spec?.valuesTemplate))).toEqual(installation.settings)
    const [release] = releasesOf(installation)
    expect(release?.spec).toMatchObject({ clusterRef: { name: 'shop-prod' }, version: '0.3.1' })
    expect(release?.status).toMatchObject({ status: 'deployed', revision: 1 })
    expect(outcomes[2]).toMatchObject({ message: 'Release postgresql deployed (revision 1)' })
  })

  it('upgrades by patching the proxy and waits for the new revision', async () => {
    const upgraded = {
      ...installation,
      version: '18.1',
      chart: { ...installation.chart, version: '0.4.0' },
      settings: { ...installation.settings, maxConnections: 400 },
    }
    const outcomes = await runOperation('upgrade', upgraded)
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['done', 'done', 'done'])
    expect(proxyOf(installation)?.spec).toMatchObject({ version: '0.4.0' })
    const [release] = releasesOf(installation)
    expect(release?.spec).toMatchObject({ version: '0.4.0' })
    expect(JSON.parse(String(release?.spec?.values)).maxConnections).toBe(400)
    expect(release?.status).toMatchObject({ status: 'deployed', revision: 2 })
  })

  it('reports a release that fails with the provider’s reason', async () => {
    const broken = installationOn(cluster, { productId: 'valkey', productName: 'Valkey', namespace: 'cache' })
    kube.failRelease(helmChartProxyName(broken))
    const outcomes = await runOperation('install', broken)
    expect(outcomes.at(-1)).toEqual({
      state: 'failed',
      reason: 'The Helm release failed: Image pull failed: ErrImagePull',
    })
  })

  it('deletes the proxy and waits until the release is gone', async () => {
    const outcomes = await runOperation('uninstall', installation)
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['done', 'done'])
    expect(proxyOf(installation)).toBeUndefined()
    expect(releasesOf(installation)).toEqual([])
    expect(
      kube.requests.some(
        (request) =>
          request.method === 'DELETE' &&
          request.path.endsWith(`/helmchartproxies/${helmChartProxyName(installation)}`),
      ),
    ).toBe(true)
  })
})

// Last, once every test above has sent its calls.
describe('the Helm chart', () => {
  it('allows every call the installations made, with managementCluster.access: serviceAccount', () => {
    expect(kube.requests.length).toBeGreaterThan(10)
    expect(callsNotAllowed(kube.requests)).toEqual([])
  })
})
