import { randomBytes } from 'node:crypto'
import { writeAccessSecrets } from './access-secrets.ts'
import { reconcileHelm } from './helm-controllers.ts'
import { CLUSTER_NAME_LABEL, CONTROL_PLANE_LABEL, DEPLOYMENT_NAME_LABEL } from './labels.ts'
import { INFRASTRUCTURE_PROVIDERS, type KubeObject } from './resources.ts'
import type { KubeStore } from './store.ts'

export type Controllers = {
  /** Makes a Cluster fail as its infrastructure provider would (phase Failed with this message). */
  failCluster: (namespace: string, name: string, message: string) => void
  /** Makes the Helm releases of this HelmChartProxy fail to install or upgrade. */
  failRelease: (proxyName: string) => void
  pause: () => void
  resume: () => void
  stop: () => void
}

/**
 * Cluster API's controllers, one reconcile of every object per tick: infrastructure clusters
 * become ready; a Cluster goes Pending → Provisioning → Provisioned once its infrastructure and
 * KubeadmControlPlane are ready; KubeadmControlPlane and MachineDeployments create, remove and
 * upgrade Machines one tick at a time and report their replicas; a ClusterResourceSet reports
 * ResourcesApplied; a deleted Cluster loses its parts tick by tick.
 */
export function startControllers(store: KubeStore, intervalMs: number): Controllers {
  const failures = new Map<string, string>()
  const failingReleases = new Set<string>()
  let machineCount = 0
  let paused = false

  const ticker = setInterval(() => {
    if (!paused) reconcile()
  }, intervalMs)

  function reconcile() {
    for (const kind of infrastructureClusterKinds())
      for (const object of store.all(kind)) reconcileInfrastructure(object)
    for (const cluster of store.all('Cluster')) reconcileCluster(cluster)
    for (const controlPlane of store.all('KubeadmControlPlane')) reconcileControlPlane(controlPlane)
    for (const deployment of store.all('MachineDeployment')) reconcileDeployment(deployment)
    for (const machine of store.all('Machine')) reconcileMachine(machine)
    for (const set of store.all('ClusterResourceSet')) reconcileResourceSet(set)
    reconcileHelm(store, failingReleases)
  }

  function infrastructureClusterKinds() {
    return Object.values(INFRASTRUCTURE_PROVIDERS).map((provider) => provider.kinds[0])
  }

  function reconcileInfrastructure(object: KubeObject) {
    if (object.status?.ready === true || object.metadata.deletionTimestamp) return
    store.update(object, (infrastructure) => {
      infrastructure.spec = {
        ...infrastructure.spec,
        controlPlaneEndpoint: (infrastructure.spec?.controlPlaneEndpoint as object | undefined) ?? {
          host: `${infrastructure.metadata.name}.${infrastructure.metadata.namespace}.k8s.example.test`,
          port: 6443,
        },
      }
      infrastructure.status = { ...infrastructure.status, ready: true }
    })
  }

  function clusterParts(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const spec = cluster.spec as {
      infrastructureRef?: { kind: string; name: string }
      controlPlaneRef?: { name: string }
    }
    return {
      infrastructure: spec.infrastructureRef
        ? store.find(spec.infrastructureRef.kind, namespace, spec.infrastructureRef.name)
        : undefined,
      controlPlane: spec.controlPlaneRef
        ? store.find('KubeadmControlPlane', namespace, spec.controlPlaneRef.name)
        : undefined,
    }
  }

  function reconcileCluster(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const failure = failures.get(`${namespace}/${cluster.metadata.name}`)
    if (cluster.metadata.deletionTimestamp) return deleteClusterStep(cluster)
    if (failure)
      return store.update(cluster, (object) => {
        object.status = {
          ...object.status,
          phase: 'Failed',
          deprecated: { v1beta1: { failureReason: 'CreateError', failureMessage: failure } },
        }
      })
    const { infrastructure, controlPlane } = clusterParts(cluster)
    store.update(cluster, (object) => {
      const status = { ...object.status } as Record<string, unknown>
      const initialization = { ...(status.initialization as Record<string, boolean> | undefined) }
      if (!status.phase) status.phase = 'Pending'
      else if (status.phase === 'Pending' && infrastructure) status.phase = 'Provisioning'
      if (infrastructure?.status?.ready === true) {
        initialization.infrastructureProvisioned = true
        object.spec = { ...object.spec, controlPlaneEndpoint: infrastructure.spec?.controlPlaneEndpoint }
      }
      if (controlPlaneInitialized(controlPlane)) initialization.controlPlaneInitialized = true
      if (
        status.phase === 'Provisioning' &&
        initialization.infrastructureProvisioned &&
        initialization.controlPlaneInitialized
      )
        status.phase = 'Provisioned'
      object.status = { ...status, initialization }
    })
  }

  /** One stage per tick: workers, then the control plane, then the infrastructure, then the Cluster. */
  function deleteClusterStep(cluster: KubeObject) {
    const namespace = cluster.metadata.namespace
    const name = cluster.metadata.name
    const owned = (kind: string) =>
      store.all(kind, namespace).filter((object) => object.metadata.labels?.[CLUSTER_NAME_LABEL] === name)
    const machines = owned('Machine')
    const workers = [
      ...owned('MachineDeployment'),
      ...machines.filter((machine) => machine.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined),
    ]
    if (workers.length > 0) return removeAll(workers)
    const { infrastructure, controlPlane } = clusterParts(cluster)
    const controlPlaneParts = [...(controlPlane ? [controlPlane] : []), ...machines]
    if (controlPlaneParts.length > 0) return removeAll(controlPlaneParts)
    const templateKinds = Object.values(INFRASTRUCTURE_PROVIDERS).flatMap((provider) =>
      provider.kinds.slice(1),
    )
    const infrastructureParts = [
      ...(infrastructure ? [infrastructure] : []),
      ...templateKinds.flatMap(owned),
      ...owned('KubeadmConfigTemplate'),
      ...[`${name}-kubeconfig`, `${name}-ca`].flatMap(
        (secret) => store.find('Secret', namespace, secret) ?? [],
      ),
    ]
    if (infrastructureParts.length > 0) return removeAll(infrastructureParts)
    store.remove(cluster)
  }

  function removeAll(objects: KubeObject[]) {
    for (const object of objects) store.remove(object)
  }

  function clusterOf(namespace: string | undefined, name: string | undefined) {
    return name ? store.find('Cluster', namespace, name) : undefined
  }

  function reconcileControlPlane(controlPlane: KubeObject) {
    const namespace = controlPlane.metadata.namespace
    const cluster = store
      .all('Cluster', namespace)
      .find(
        (candidate) =>
          (candidate.spec?.controlPlaneRef as { name?: string } | undefined)?.name ===
          controlPlane.metadata.name,
      )
    if (
      !cluster ||
      cluster.metadata.deletionTimestamp ||
      !clusterInitialized(cluster, 'infrastructureProvisioned')
    )
      return
    const spec = controlPlane.spec as {
      replicas?: number
      version: string
      machineTemplate?: {
        metadata?: { labels?: Record<string, string> }
        spec?: { infrastructureRef?: object }
      }
    }
    const machines = store
      .all('Machine', namespace)
      .filter(
        (machine) =>
          machine.metadata.labels?.[CLUSTER_NAME_LABEL] === cluster.metadata.name &&
          machine.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined,
      )
    const wanted = spec.replicas ?? 1
    if (machines.length < wanted)
      createMachine(cluster, controlPlane.metadata.name, spec.version, {
        ...spec.machineTemplate?.metadata?.labels,
        [CLUSTER_NAME_LABEL]: cluster.metadata.name,
        [CONTROL_PLANE_LABEL]: '',
      })
    else if (machines.length > wanted) store.remove(machines[machines.length - 1]!)
    else upgradeOneMachine(machines, spec.version)

    const running = machines.filter((machine) => machine.status?.phase === 'Running')
    if (running.length > 0) writeAccessSecrets(store, cluster)
    const updated = running.filter((machine) => machine.spec?.version === spec.version)
    store.update(controlPlane, (object) => {
      object.status = {
        ...object.status,
        replicas: machines.length,
        readyReplicas: running.length,
        upToDateReplicas: updated.length,
        initialization: { controlPlaneInitialized: running.length > 0 || controlPlaneInitialized(object) },
        version:
          updated.length === machines.length && machines.length > 0 ? spec.version : lowestVersion(machines),
        observedGeneration: object.metadata.generation,
      }
    })
  }

  function reconcileDeployment(deployment: KubeObject) {
    const namespace = deployment.metadata.namespace
    const spec = deployment.spec as {
      clusterName: string
      replicas?: number
      template: { metadata?: { labels?: Record<string, string> }; spec: { version: string } }
    }
    const cluster = clusterOf(namespace, spec.clusterName)
    if (
      !cluster ||
      cluster.metadata.deletionTimestamp ||
      !clusterInitialized(cluster, 'controlPlaneInitialized')
    )
      return
    const machines = store
      .all('Machine', namespace)
      .filter((machine) => machine.metadata.labels?.[DEPLOYMENT_NAME_LABEL] === deployment.metadata.name)
    const wanted = spec.replicas ?? 1
    for (let count = machines.length; count < wanted; count++)
      machines.push(
        createMachine(cluster, deployment.metadata.name, spec.template.spec.version, {
          ...spec.template.metadata?.labels,
          [CLUSTER_NAME_LABEL]: cluster.metadata.name,
          [DEPLOYMENT_NAME_LABEL]: deployment.metadata.name,
        }),
      )
    while (machines.length > wanted) store.remove(machines.pop()!)
    upgradeOneMachine(machines, spec.template.spec.version)
    const running = machines.filter((machine) => machine.status?.phase === 'Running')
    const updated = running.filter((machine) => machine.spec?.version === spec.template.spec.version)
    store.update(deployment, (object) => {
      object.status = {
        ...object.status,
        replicas: machines.length,
        readyReplicas: running.length,
        availableReplicas: running.length,
        upToDateReplicas: updated.length,
        observedGeneration: object.metadata.generation,
        phase: running.length === wanted ? 'Running' : machines.length > wanted ? 'ScalingDown' : 'ScalingUp',
      }
    })
  }

  function createMachine(
    cluster: KubeObject,
    owner: string,
    version: string,
    labels: Record<string, string>,
  ) {
    machineCount++
    return store.create({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Machine',
      metadata: {
        name: `${owner}-${randomBytes(3).toString('hex').slice(0, 5)}`,
        namespace: cluster.metadata.namespace,
        labels,
      },
      spec: { clusterName: cluster.metadata.name, version },
      status: {
        phase: 'Provisioning',
        addresses: [
          {
            type: 'InternalIP',
            address: `10.0.${Math.floor(machineCount / 250)}.${(machineCount % 250) + 2}`,
          },
        ],
      },
    })
  }

  /** A rolling upgrade, one machine per tick. */
  function upgradeOneMachine(machines: KubeObject[], version: string) {
    const outdated = machines.find((machine) => machine.spec?.version !== version)
    if (outdated)
      store.update(outdated, (machine) => {
        machine.spec = { ...machine.spec, version }
        machine.status = { ...machine.status, phase: 'Provisioning' }
      })
  }

  function reconcileMachine(machine: KubeObject) {
    if (machine.status?.phase !== 'Provisioning') return
    store.update(machine, (object) => {
      object.status = {
        ...object.status,
        phase: 'Running',
        nodeRef: { apiVersion: 'v1', kind: 'Node', name: object.metadata.name },
        nodeInfo: { kubeletVersion: object.spec?.version },
      }
    })
  }

  function reconcileResourceSet(set: KubeObject) {
    const selector =
      (set.spec?.clusterSelector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels ?? {}
    const provisioned = store
      .all('Cluster', set.metadata.namespace)
      .some(
        (cluster) =>
          cluster.status?.phase === 'Provisioned' &&
          Object.entries(selector).every(([key, value]) => cluster.metadata.labels?.[key] === value),
      )
    const applied = (set.status?.conditions as { type: string }[] | undefined)?.some(
      (condition) => condition.type === 'ResourcesApplied',
    )
    if (!provisioned || applied) return
    store.update(set, (object) => {
      object.status = {
        ...object.status,
        conditions: [
          { type: 'ResourcesApplied', status: 'True', lastTransitionTime: new Date().toISOString() },
        ],
      }
    })
  }

  return {
    failCluster: (namespace, name, message) => {
      failures.set(`${namespace}/${name}`, message)
    },
    failRelease: (proxyName) => {
      failingReleases.add(proxyName)
    },
    pause: () => {
      paused = true
    },
    resume: () => {
      paused = false
    },
    stop: () => clearInterval(ticker),
  }
}

function lowestVersion(machines: KubeObject[]): string | undefined {
  const versions = machines.map((machine) => String(machine.spec?.version ?? '')).filter(Boolean)
  return versions.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))[0]
}

/** Cluster API v1beta2 reports what is provisioned under `status.initialization`. */
function clusterInitialized(
  cluster: KubeObject,
  part: 'infrastructureProvisioned' | 'controlPlaneInitialized',
) {
  return (cluster.status?.initialization as Record<string, boolean> | undefined)?.[part] === true
}

function controlPlaneInitialized(controlPlane: KubeObject | undefined) {
  return (
    (controlPlane?.status?.initialization as { controlPlaneInitialized?: boolean } | undefined)
      ?.controlPlaneInitialized === true
  )
}
