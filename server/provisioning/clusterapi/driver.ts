import { api, pathOf } from '#common/contract/index.ts'
import type { OperationKind } from '#common/schemas/clusters.ts'
import type {
  DriverCluster,
  DriverNode,
  InstallationDriver,
  PlannedStep,
  ProviderCheck,
  ProvisioningDriver,
  ScaleParameters,
  StepOutcome,
  StepRun,
  UpgradeParameters,
} from '../driver.ts'
import type { PersonalCredential } from '../kubeconfig.ts'
import { personalKubeconfig, readClusterAccess } from './cluster-access.ts'
import { createClusterApiInstallationDriver } from './installations.ts'
import { KubernetesRefusal, ManagementCluster, refOf } from './management-cluster.ts'
import { ClusterObserver } from './observations.ts'
import { checkProvider } from './provider-check.ts'
import {
  type ClusterApiSettings,
  clusterApiVersions,
  controlPlaneUpgradePatch,
  type KubeObject,
  namespaceOf,
  nodePoolScalePatch,
  nodePoolUpgradePatch,
  objectNames,
  renderCluster,
  renderedObjects,
} from './render.ts'
import { nodesOf, statusOf } from './status.ts'
import { runStep, type StepStart, unknownStep } from './step-run.ts'
import { plannedSteps, type Timing, timingFor } from './timing.ts'

/**
 * The `clusterapi` driver: builds clusters as Cluster API objects in the management cluster named
 * by KUBECONFIG and follows their controllers. Every step first applies its objects (create if
 * absent: running a step twice changes nothing), then reads their status, watching for a change
 * for a few seconds before answering `waiting`, so a step ends as soon as the controllers are done.
 */
export function createClusterApiDriver(options: {
  kubeconfigPath: string | undefined
  speed: number
  /** The portal's address: workload clusters check its kubeconfig tokens there. */
  appUrl?: string
  /** API versions and the providers' settings (server/config.ts). */
  settings: ClusterApiSettings
}): ProvisioningDriver {
  return new ClusterApiDriver(
    new ManagementCluster(options.kubeconfigPath),
    timingFor(options.speed),
    options.settings,
    options.appUrl,
  )
}

class ClusterApiDriver implements ProvisioningDriver {
  readonly name = 'clusterapi' as const
  private readonly management: ManagementCluster
  private readonly timing: Timing
  private readonly observe: ClusterObserver

  private readonly appUrl: string | undefined
  private readonly settings: ClusterApiSettings
  private readonly versions: ReturnType<typeof clusterApiVersions>
  readonly installations: InstallationDriver

  constructor(management: ManagementCluster, timing: Timing, settings: ClusterApiSettings, appUrl?: string) {
    this.management = management
    this.timing = timing
    this.settings = settings
    this.versions = clusterApiVersions(settings.generation)
    this.appUrl = appUrl
    this.observe = new ClusterObserver(management, timing, this.versions)
    this.installations = createClusterApiInstallationDriver(management, timing)
  }

  private render(cluster: DriverCluster) {
    return renderCluster(cluster, {
      tokenReviewUrl: this.appUrl
        ? `${this.appUrl}${pathOf(api.clusters.tokenReview, { id: cluster.id })}`
        : undefined,
      settings: this.settings,
    })
  }

  plan(kind: OperationKind): PlannedStep[] {
    return plannedSteps(kind, this.timing)
  }

  async create(cluster: DriverCluster, step: StepRun): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = this.render(cluster)
      switch (step.name) {
        case 'network':
          await this.applyAll([rendered.namespace, rendered.cluster, rendered.infrastructureCluster])
          return () => this.observe.network(cluster, rendered)
        case 'control_plane':
          await this.applyAll([rendered.controlPlaneMachineTemplate, rendered.controlPlane])
          return () => this.observe.controlPlane(cluster, rendered)
        case 'node_pools':
          await this.applyAll(
            rendered.nodePools.flatMap((pool) => [
              pool.machineTemplate,
              pool.bootstrapTemplate,
              pool.machineDeployment,
            ]),
          )
          return () => this.observe.nodePools(cluster, rendered, undefined)
        case 'add_ons':
          await this.applyAll([rendered.access, rendered.addOns])
          return () => this.observe.addOns(cluster, rendered)
        case 'health_check':
          return () => this.observe.health(cluster)
        default:
          return unknownStep(step)
      }
    })
  }

  async scale(cluster: DriverCluster, step: StepRun, parameters: ScaleParameters[]): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = this.render(cluster)
      const targets = new Map(parameters.map((change) => [change.poolName, { replicas: change.nodeCount }]))
      switch (step.name) {
        case 'scale_pools':
          for (const change of parameters) await this.scaleNodePool(cluster, change)
          return () => this.observe.scaleAccepted(cluster, rendered, targets)
        case 'wait_for_nodes':
          return () => this.observe.nodePools(cluster, rendered, targets)
        default:
          return unknownStep(step)
      }
    })
  }

  async upgrade(cluster: DriverCluster, step: StepRun, parameters: UpgradeParameters): Promise<StepOutcome> {
    const upgraded: DriverCluster = {
      ...cluster,
      kubernetesPatch: parameters.patch,
      configuration: { ...cluster.configuration, kubernetesVersion: parameters.version },
    }
    const version = `v${parameters.patch}`
    return this.runStep(step, async () => {
      const rendered = this.render(upgraded)
      switch (step.name) {
        case 'upgrade_control_plane':
          // Machine templates are immutable: the new version comes with new templates.
          await this.applyAll([rendered.controlPlaneMachineTemplate])
          await this.management.mergePatch(refOf(rendered.controlPlane), controlPlaneUpgradePatch(rendered))
          return () => this.observe.controlPlane(upgraded, rendered, version)
        case 'upgrade_nodes':
          await this.applyAll(rendered.nodePools.map((pool) => pool.machineTemplate))
          for (const pool of rendered.nodePools)
            await this.management.mergePatch(refOf(pool.machineDeployment), nodePoolUpgradePatch(pool))
          return () => this.observe.nodePools(upgraded, rendered, undefined, version)
        default:
          return unknownStep(step)
      }
    })
  }

  async delete(cluster: DriverCluster, step: StepRun): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = this.render(cluster)
      // Cluster API deletes everything the Cluster owns: workers first (their nodes drained), then
      // the control plane, then the infrastructure; each step waits for its part to be gone.
      switch (step.name) {
        case 'drain_nodes':
          await this.management.delete(refOf(rendered.cluster))
          return () => this.observe.gone(cluster, 'MachineDeployment', this.versions.cluster, 'Node pools')
        case 'delete_resources':
          await this.management.delete(refOf(rendered.cluster))
          return () =>
            this.observe.gone(cluster, 'KubeadmControlPlane', this.versions.controlPlane, 'Control plane')
        case 'release_network':
          await this.management.delete(refOf(rendered.cluster))
          return () => this.observe.clusterGone(cluster, rendered)
        default:
          return unknownStep(step)
      }
    })
  }

  async status(cluster: DriverCluster): Promise<{ phase: string; nodes: DriverNode[] }> {
    const rendered = this.render(cluster)
    const clusterObject = await this.management.read(refOf(rendered.cluster))
    if (!clusterObject) return { phase: 'Deleted', nodes: [] }
    const machines = await this.observe.machines(cluster)
    return { phase: statusOf(clusterObject).phase ?? 'Pending', nodes: nodesOf(machines) }
  }

  /** Server and CA from the `<name>-kubeconfig` Secret Cluster API writes; the person's token as the user. */
  async kubeconfig(cluster: DriverCluster, credential: PersonalCredential): Promise<string> {
    const access = await readClusterAccess(this.management, cluster)
    if (!access)
      throw new Error(
        `The kubeconfig of ${cluster.name} is not ready yet: its control plane is still starting`,
      )
    return personalKubeconfig(cluster, access, credential)
  }

  manifests(cluster: DriverCluster): Record<string, unknown>[] {
    return renderedObjects(this.render(cluster))
  }

  checkProvider(providerId: string): Promise<ProviderCheck> {
    return checkProvider(this.management, providerId, this.settings)
  }

  private runStep(step: StepRun, start: StepStart): Promise<StepOutcome> {
    return runStep(this.management, this.timing, step, start)
  }

  private async applyAll(objects: KubeObject[]): Promise<void> {
    for (const object of objects) {
      try {
        await this.management.createIfAbsent(object)
      } catch (error) {
        if (error instanceof KubernetesRefusal && error.status === 404)
          throw new KubernetesRefusal(
            404,
            `The management cluster cannot create ${object.kind} (${object.apiVersion}): ${error.message}`,
          )
        throw error
      }
    }
  }

  private async scaleNodePool(cluster: DriverCluster, change: ScaleParameters): Promise<void> {
    const names = objectNames(cluster)
    try {
      await this.management.mergePatch(
        {
          apiVersion: this.versions.cluster,
          kind: 'MachineDeployment',
          name: names.nodePool(change.poolName),
          namespace: namespaceOf(cluster.organizationId),
        },
        nodePoolScalePatch(change),
      )
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404)
        throw new KubernetesRefusal(404, `Node pool ${change.poolName} has no MachineDeployment`)
      throw error
    }
  }
}
