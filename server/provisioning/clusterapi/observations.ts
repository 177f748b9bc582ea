import type { DriverCluster, StepOutcome } from '../driver.ts'
import { readClusterAccess } from './cluster-access.ts'
import { type ManagementCluster, refOf } from './management-cluster.ts'
import {
  CLUSTER_ID_LABEL,
  type ClusterApiVersions,
  type KubeObject,
  namespaceOf,
  type RenderedCluster,
} from './render.ts'
import {
  clusterProvisioned,
  conditionOf,
  controlPlaneReady,
  failureOf,
  infrastructureReady,
  machinesOfPool,
  nodesOf,
  observed,
  replicasOf,
  statusOf,
  upToDateReplicasOf,
} from './status.ts'
import type { Timing } from './timing.ts'

export type Watched = { apiVersion: string; kind: string; namespace: string; labelSelector: string }
/** What one look at the management cluster found, and what to watch for the next change. */
export type Observation = { outcome: StepOutcome; watch?: Watched; resourceVersion?: string }

/**
 * Looks at the Cluster API objects of one step and says how the step stands: done, failed (with
 * the controllers' own reason), or waiting, with the list to watch for the next change.
 */
export class ClusterObserver {
  private readonly management: ManagementCluster
  private readonly timing: Timing
  /** The apiVersions of Cluster API's kinds the driver renders and reads. */
  private readonly versions: ClusterApiVersions

  constructor(management: ManagementCluster, timing: Timing, versions: ClusterApiVersions) {
    this.management = management
    this.timing = timing
    this.versions = versions
  }

  async network(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
    const { infrastructureCluster } = rendered
    const watched = this.watched(cluster, infrastructureCluster.kind, infrastructureCluster.apiVersion)
    const { items, resourceVersion } = await this.list(watched)
    const infrastructure = items[0]
    const clusterObject = await this.management.read(refOf(rendered.cluster))
    const failure = failureOf(clusterObject) ?? failureOf(infrastructure)
    if (failure) return { outcome: { state: 'failed', reason: failure } }
    if (infrastructureReady(infrastructure, clusterObject))
      return {
        outcome: {
          state: 'done',
          message: `${infrastructureCluster.kind} ${infrastructureCluster.metadata.name} is ready`,
        },
      }
    return this.waiting(`${rendered.provider.title} is building the network`, watched, resourceVersion)
  }

  async controlPlane(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    version?: string,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'KubeadmControlPlane', this.versions.controlPlane)
    const { items, resourceVersion } = await this.list(watched)
    const controlPlane = items[0]
    const clusterObject = await this.management.read(refOf(rendered.cluster))
    const failure = failureOf(clusterObject) ?? failureOf(controlPlane)
    if (failure) return { outcome: { state: 'failed', reason: failure } }
    const { wanted, ready } = replicasOf(controlPlane)
    const status = statusOf(controlPlane)
    const upToDate =
      !version ||
      (observed(controlPlane) &&
        status.version === version &&
        upToDateReplicasOf(controlPlane) >= wanted &&
        ready >= wanted)
    if (controlPlane && controlPlaneReady(controlPlane, clusterObject) && upToDate) {
      const access = await readClusterAccess(this.management, cluster)
      return {
        outcome: {
          state: 'done',
          message: version
            ? `Control plane at ${version}: ${ready} of ${wanted} machines ready`
            : `Control plane initialized: ${ready} of ${wanted} machines ready`,
          ...(access ? { endpoint: access.server, caCertificate: access.caCertificate } : {}),
        },
      }
    }
    const progress = version
      ? `Control plane moving to ${version}: ${upToDateReplicasOf(controlPlane)} of ${wanted} machines updated`
      : `Control plane starting: ${ready} of ${wanted} machines ready`
    return this.waiting(progress, watched, resourceVersion)
  }

  /**
   * Every pool's MachineDeployment has its replicas ready (`targets` overrides the wanted count
   * while scaling), and with `version`, every machine runs it.
   */
  async nodePools(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    targets: Map<string, { replicas: number }> | undefined,
    version?: string,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'MachineDeployment', this.versions.cluster)
    const { items: deployments, resourceVersion } = await this.list(watched)
    const machines = await this.machines(cluster)
    const pools = rendered.nodePools.filter((pool) => !targets || targets.has(pool.name))
    const progress: string[] = []
    let complete = true
    for (const pool of pools) {
      const deployment = deployments.find(
        (item) => item.metadata.name === pool.machineDeployment.metadata.name,
      )
      if (!deployment)
        return { outcome: { state: 'failed', reason: `Node pool ${pool.name} has no MachineDeployment` } }
      const failure = failureOf(deployment)
      if (failure) return { outcome: { state: 'failed', reason: `Node pool ${pool.name}: ${failure}` } }
      const poolMachines = machinesOfPool(machines, pool.name)
      const failedMachine = poolMachines.find((machine) => failureOf(machine))
      if (failedMachine)
        return {
          outcome: {
            state: 'failed',
            reason: `Machine ${failedMachine.metadata.name}: ${failureOf(failedMachine)}`,
          },
        }
      const wanted = targets?.get(pool.name)?.replicas ?? replicasOf(deployment).wanted
      const status = statusOf(deployment)
      const ready = status.readyReplicas ?? 0
      const current = version
        ? poolMachines.filter(
            (machine) => machine.spec?.version === version && statusOf(machine).phase === 'Running',
          ).length
        : ready
      const settled =
        observed(deployment) &&
        ready === wanted &&
        (status.replicas ?? 0) === wanted &&
        poolMachines.length === wanted
      if (!settled || current < wanted) complete = false
      progress.push(`${pool.name} ${current}/${wanted}`)
    }
    if (complete) {
      const nodes = nodesOf(machines)
      return {
        outcome: {
          state: 'done',
          message: `${nodes.length} nodes ready in ${pools.length === 1 ? '1 pool' : `${pools.length} pools`}`,
          nodes,
        },
      }
    }
    const what = version ? `Nodes moving to ${version}` : 'Nodes ready'
    return this.waiting(`${what}: ${progress.join(', ')}`, watched, resourceVersion)
  }

  /** The MachineDeployments took the new replica counts (their controller has seen the change). */
  async scaleAccepted(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    targets: Map<string, { replicas: number }>,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'MachineDeployment', this.versions.cluster)
    const { items: deployments, resourceVersion } = await this.list(watched)
    const pending = rendered.nodePools
      .filter((pool) => targets.has(pool.name))
      .filter((pool) => {
        const deployment = deployments.find(
          (item) => item.metadata.name === pool.machineDeployment.metadata.name,
        )
        return replicasOf(deployment).wanted !== targets.get(pool.name)!.replicas || !observed(deployment)
      })
    if (pending.length === 0) {
      const changes = [...targets].map(([pool, target]) => `${pool} to ${target.replicas}`)
      return { outcome: { state: 'done', message: `Node pools set: ${changes.join(', ')}` } }
    }
    return this.waiting(
      `Waiting for Cluster API to take the new size of ${pending.map((pool) => pool.name).join(', ')}`,
      watched,
      resourceVersion,
    )
  }

  async addOns(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'ClusterResourceSet', this.versions.addons)
    const { items, resourceVersion } = await this.list(watched)
    const applied = conditionOf(items[0], 'ResourcesApplied')
    const resources = ((rendered.addOns.spec?.resources as { name: string }[] | undefined) ?? []).map(
      (resource) => resource.name,
    )
    if (applied?.status === 'True')
      return { outcome: { state: 'done', message: `Applied ${resources.join(', ')}` } }
    return this.waiting(applied?.message || `Applying ${resources.join(', ')}`, watched, resourceVersion)
  }

  /** Cluster API calls the cluster Provisioned once its infrastructure and control plane are ready. */
  async health(cluster: DriverCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'Cluster', this.versions.cluster)
    const { items, resourceVersion } = await this.list(watched)
    const clusterObject = items.find((item) => item.metadata.name === cluster.name)
    if (!clusterObject)
      return {
        outcome: {
          state: 'failed',
          reason: `Cluster ${cluster.name} is missing from the management cluster`,
        },
      }
    const failure = failureOf(clusterObject)
    if (failure) return { outcome: { state: 'failed', reason: failure } }
    if (!clusterProvisioned(clusterObject))
      return this.waiting(
        `Cluster phase: ${statusOf(clusterObject).phase ?? 'Pending'}`,
        watched,
        resourceVersion,
      )
    const access = await readClusterAccess(this.management, cluster, clusterObject)
    const nodes = nodesOf(await this.machines(cluster))
    return {
      outcome: {
        state: 'done',
        message: `Cluster ${cluster.name} is Provisioned with ${nodes.length} nodes`,
        nodes,
        ...(access ? { endpoint: access.server, caCertificate: access.caCertificate } : {}),
      },
    }
  }

  async gone(cluster: DriverCluster, kind: string, apiVersion: string, label: string): Promise<Observation> {
    const watched = this.watched(cluster, kind, apiVersion)
    const { items, resourceVersion } = await this.list(watched)
    if (items.length === 0) return { outcome: { state: 'done', message: `${label} removed` } }
    return this.waiting(`${label}: ${items.length} ${kind} left to remove`, watched, resourceVersion)
  }

  /** Done when the Cluster answers 404; then whatever of ours Cluster API does not own goes too. */
  async clusterGone(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'Cluster', this.versions.cluster)
    const { items, resourceVersion } = await this.list(watched)
    if (items.some((item) => item.metadata.name === cluster.name))
      return this.waiting(`Cluster ${cluster.name} is being deleted`, watched, resourceVersion)
    const leftovers: [string, string][] = [
      ['ClusterResourceSet', this.versions.addons],
      ['ConfigMap', 'v1'],
      ['KubeadmConfigTemplate', this.versions.bootstrap],
      [rendered.infrastructureCluster.kind, rendered.infrastructureCluster.apiVersion],
      [rendered.controlPlaneMachineTemplate.kind, rendered.controlPlaneMachineTemplate.apiVersion],
    ]
    for (const [kind, apiVersion] of leftovers) {
      const { items: objects } = await this.list(this.watched(cluster, kind, apiVersion))
      for (const object of objects) await this.management.delete(refOf(object))
    }
    return { outcome: { state: 'done', message: `Cluster ${cluster.name} and its objects are deleted` } }
  }

  private watched(cluster: DriverCluster, kind: string, apiVersion: string): Watched {
    return {
      apiVersion,
      kind,
      namespace: namespaceOf(cluster.organizationId),
      labelSelector: `${CLUSTER_ID_LABEL}=${cluster.id}`,
    }
  }

  private list(watched: Watched) {
    return this.management.list(watched.apiVersion, watched.kind, watched.namespace, watched.labelSelector)
  }

  async machines(cluster: DriverCluster): Promise<KubeObject[]> {
    return (await this.list(this.watched(cluster, 'Machine', this.versions.cluster))).items
  }

  private waiting(message: string, watch: Watched, resourceVersion: string | undefined): Observation {
    return {
      outcome: { state: 'waiting', retryAfterSeconds: this.timing.retryAfterSeconds, message },
      watch,
      resourceVersion,
    }
  }
}
