import { dumpYaml, KubeConfig } from '@kubernetes/client-node'
import type { OperationKind } from '#common/schemas/clusters.ts'
import type {
  DriverCluster,
  DriverNode,
  PlannedStep,
  ProviderCheck,
  ProviderCheckStep,
  ProvisioningDriver,
  ScaleParameters,
  StepOutcome,
  StepRun,
  UpgradeParameters,
} from '../driver.ts'
import {
  KubeconfigUnavailable,
  KubernetesRefusal,
  ManagementCluster,
  OwnershipConflict,
  refOf,
} from './management-cluster.ts'
import { clusterCrdName, infrastructureProvider } from './providers.ts'
import {
  ADDONS_API_VERSION,
  autoscalingAnnotationKeys,
  autoscalingAnnotations,
  BOOTSTRAP_API_VERSION,
  CLUSTER_API_VERSION,
  CLUSTER_ID_LABEL,
  CONTROL_PLANE_API_VERSION,
  controlPlaneEndpointOf,
  type KubeObject,
  namespaceOf,
  objectNames,
  RenderError,
  type RenderedCluster,
  renderCluster,
  renderedObjects,
  renderProviderCheckObjects,
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
} from './status.ts'

/**
 * The `clusterapi` driver: builds clusters as Cluster API objects in the management cluster named
 * by KUBECONFIG and follows their controllers. Every step first applies its objects (create if
 * absent: running a step twice changes nothing), then reads their status, watching for a change
 * for a few seconds before answering `waiting`, so a step ends as soon as the controllers are done.
 */
export function createClusterApiDriver(options: {
  kubeconfigPath: string | undefined
  speed: number
}): ProvisioningDriver {
  return new ClusterApiDriver(new ManagementCluster(options.kubeconfigPath), timingFor(options.speed))
}

/**
 * Typical durations on a real management cluster (seconds), divided by PROVISIONING_SPEED. The
 * step names are the simulated driver's, so the web app labels both alike.
 */
const STEP_ESTIMATES: Record<OperationKind, [string, number][]> = {
  create: [
    ['network', 90],
    ['control_plane', 240],
    ['node_pools', 180],
    ['add_ons', 60],
    ['health_check', 30],
  ],
  scale: [
    ['scale_pools', 10],
    ['wait_for_nodes', 150],
  ],
  hibernate: [
    ['scale_pools', 10],
    ['wait_for_nodes', 120],
  ],
  wake: [
    ['scale_pools', 10],
    ['wait_for_nodes', 180],
  ],
  upgrade: [
    ['upgrade_control_plane', 420],
    ['upgrade_nodes', 480],
  ],
  delete: [
    ['drain_nodes', 120],
    ['delete_resources', 120],
    ['release_network', 60],
  ],
}

/** A step still waiting after this long (seconds, divided by the speed) has failed. */
const STEP_LIMIT_SECONDS = 45 * 60
const MIN_STEP_LIMIT_SECONDS = 30

type Timing = { speed: number; retryAfterSeconds: number; watchMs: number; stepLimitSeconds: number }

function timingFor(speed: number): Timing {
  return {
    speed,
    retryAfterSeconds: clamp(5 / speed, 0.05, 5),
    // The engine calls a step inside a transaction that locks the cluster: watch only briefly.
    watchMs: clamp(1_000 / speed, 0, 1_000),
    stepLimitSeconds: Math.max(MIN_STEP_LIMIT_SECONDS, STEP_LIMIT_SECONDS / speed),
  }
}

type Watched = { apiVersion: string; kind: string; namespace: string; labelSelector: string }
/** What one look at the management cluster found, and what to watch for the next change. */
type Observation = { outcome: StepOutcome; watch?: Watched; resourceVersion?: string }

class ClusterApiDriver implements ProvisioningDriver {
  readonly name = 'clusterapi' as const
  private readonly management: ManagementCluster
  private readonly timing: Timing

  constructor(management: ManagementCluster, timing: Timing) {
    this.management = management
    this.timing = timing
  }

  plan(kind: OperationKind): PlannedStep[] {
    return STEP_ESTIMATES[kind].map(([name, seconds]) => ({
      name,
      estimatedSeconds: Math.max(1, Math.round(seconds / this.timing.speed)),
    }))
  }

  async create(cluster: DriverCluster, step: StepRun): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = renderCluster(cluster)
      switch (step.name) {
        case 'network':
          await this.applyAll([rendered.namespace, rendered.cluster, rendered.infrastructureCluster])
          return () => this.observeNetwork(cluster, rendered)
        case 'control_plane':
          await this.applyAll([rendered.controlPlaneMachineTemplate, rendered.controlPlane])
          return () => this.observeControlPlane(cluster, rendered)
        case 'node_pools':
          await this.applyAll(
            rendered.nodePools.flatMap((pool) => [
              pool.machineTemplate,
              pool.bootstrapTemplate,
              pool.machineDeployment,
            ]),
          )
          return () => this.observeNodePools(cluster, rendered, undefined)
        case 'add_ons':
          await this.applyAll([rendered.addOns])
          return () => this.observeAddOns(cluster, rendered)
        case 'health_check':
          return () => this.observeHealth(cluster)
        default:
          return unknownStep(step)
      }
    })
  }

  async scale(cluster: DriverCluster, step: StepRun, parameters: ScaleParameters[]): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = renderCluster(cluster)
      const targets = new Map(parameters.map((change) => [change.poolName, { replicas: change.nodeCount }]))
      switch (step.name) {
        case 'scale_pools':
          for (const change of parameters) await this.scaleNodePool(cluster, change)
          return () => this.observeScaleAccepted(cluster, rendered, targets)
        case 'wait_for_nodes':
          return () => this.observeNodePools(cluster, rendered, targets)
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
      const rendered = renderCluster(upgraded)
      const names = objectNames(upgraded)
      switch (step.name) {
        case 'upgrade_control_plane':
          // Machine templates are immutable: the new version comes with new templates.
          await this.applyAll([rendered.controlPlaneMachineTemplate])
          await this.management.mergePatch(refOf(rendered.controlPlane), {
            spec: {
              version,
              machineTemplate: { infrastructureRef: { name: names.controlPlaneMachineTemplate } },
            },
          })
          return () => this.observeControlPlane(upgraded, rendered, version)
        case 'upgrade_nodes':
          await this.applyAll(rendered.nodePools.map((pool) => pool.machineTemplate))
          for (const pool of rendered.nodePools)
            await this.management.mergePatch(refOf(pool.machineDeployment), {
              spec: {
                template: {
                  spec: { version, infrastructureRef: { name: names.nodePoolMachineTemplate(pool.name) } },
                },
              },
            })
          return () => this.observeNodePools(upgraded, rendered, undefined, version)
        default:
          return unknownStep(step)
      }
    })
  }

  async delete(cluster: DriverCluster, step: StepRun): Promise<StepOutcome> {
    return this.runStep(step, async () => {
      const rendered = renderCluster(cluster)
      // Cluster API deletes everything the Cluster owns: workers first (their nodes drained), then
      // the control plane, then the infrastructure; each step waits for its part to be gone.
      switch (step.name) {
        case 'drain_nodes':
          await this.management.delete(refOf(rendered.cluster))
          return () => this.observeGone(cluster, 'MachineDeployment', CLUSTER_API_VERSION, 'Node pools')
        case 'delete_resources':
          await this.management.delete(refOf(rendered.cluster))
          return () =>
            this.observeGone(cluster, 'KubeadmControlPlane', CONTROL_PLANE_API_VERSION, 'Control plane')
        case 'release_network':
          await this.management.delete(refOf(rendered.cluster))
          return () => this.observeClusterGone(cluster, rendered)
        default:
          return unknownStep(step)
      }
    })
  }

  async status(cluster: DriverCluster): Promise<{ phase: string; nodes: DriverNode[] }> {
    const rendered = renderCluster(cluster)
    const clusterObject = await this.management.read(refOf(rendered.cluster))
    if (!clusterObject) return { phase: 'Deleted', nodes: [] }
    const machines = await this.machines(cluster)
    return { phase: statusOf(clusterObject).phase ?? 'Pending', nodes: nodesOf(machines) }
  }

  /** Server and CA from the `<name>-kubeconfig` Secret Cluster API writes; the person's token as the user. */
  async kubeconfig(cluster: DriverCluster, credential: { userName: string; token: string }): Promise<string> {
    const access = await this.clusterAccess(cluster)
    if (!access)
      throw new Error(
        `The kubeconfig of ${cluster.name} is not ready yet: its control plane is still starting`,
      )
    const userName = `${credential.userName}@${cluster.name}`
    return dumpYaml({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name: cluster.name,
          cluster: {
            server: access.server,
            'certificate-authority-data': Buffer.from(access.caCertificate).toString('base64'),
          },
        },
      ],
      users: [{ name: userName, user: { token: credential.token } }],
      contexts: [{ name: userName, context: { cluster: cluster.name, user: userName } }],
      'current-context': userName,
    })
  }

  manifests(cluster: DriverCluster): Record<string, unknown>[] {
    return renderedObjects(renderCluster(cluster))
  }

  async checkProvider(providerId: string): Promise<ProviderCheck> {
    const provider = infrastructureProvider(providerId)
    if (!provider)
      return {
        provider: providerId,
        driver: this.name,
        simulated: false,
        ok: false,
        steps: [
          {
            name: 'infrastructure_provider',
            ok: false,
            detail: `No Cluster API provider is known as "${providerId}"`,
          },
        ],
      }
    const crd = clusterCrdName(provider)
    const secret = `${provider.controllerNamespace}/${provider.credentialsSecret}`
    const objects = renderProviderCheckObjects(provider, 'default')
    const steps = await Promise.all([
      checkStep('infrastructure_provider', async () =>
        (await this.management.crdInstalled(crd))
          ? { ok: true, detail: `${provider.title} is installed: CustomResourceDefinition ${crd} found` }
          : {
              ok: false,
              detail: `CustomResourceDefinition ${crd} not found: install ${provider.title} (clusterctl init --infrastructure ${provider.id})`,
            },
      ),
      checkStep('credentials', async () => {
        const data = await this.management.readSecret(
          provider.controllerNamespace,
          provider.credentialsSecret,
        )
        if (!data) return { ok: false, detail: `Secret ${secret} not found: the provider has no credentials` }
        const keys = Object.entries(data).filter(([, value]) => value.trim() !== '')
        return keys.length > 0
          ? {
              ok: true,
              detail: `Secret ${secret} holds credentials (${keys.map(([key]) => key).join(', ')})`,
            }
          : { ok: false, detail: `Secret ${secret} is empty` }
      }),
      checkStep('dry_run', async () => {
        for (const object of objects) {
          try {
            await this.management.dryRunCreate(object)
          } catch (error) {
            // The name is taken: the request was valid all the same.
            if (error instanceof KubernetesRefusal && error.status === 409) continue
            const reason = error instanceof Error ? error.message : String(error)
            return {
              ok: false,
              detail: `The dry run of a ${object.kind} (${object.apiVersion}) was refused: ${reason}`,
            }
          }
        }
        return {
          ok: true,
          detail: `A Cluster and a ${provider.clusterKind} in ${provider.checkRegion} were accepted with dryRun=All (nothing was created)`,
        }
      }),
    ])
    return {
      provider: providerId,
      driver: this.name,
      simulated: false,
      ok: steps.every((step) => step.ok),
      steps,
    }
  }

  // — Steps —

  /**
   * Applies the step's objects, then looks until the step is done, has failed, or the watch
   * window closes (`waiting`). An API refusal fails the step; an unreachable API only waits.
   */
  private async runStep(
    step: StepRun,
    start: () => Promise<() => Promise<Observation>>,
  ): Promise<StepOutcome> {
    const deadline = Date.now() + this.timing.watchMs
    try {
      const observe = await start()
      for (;;) {
        const observation = await observe()
        const outcome = this.withinLimit(step, observation.outcome)
        if (outcome.state !== 'waiting' || !observation.watch || Date.now() >= deadline) return outcome
        await this.management.waitForChange(
          observation.watch,
          observation.resourceVersion,
          deadline - Date.now(),
        )
      }
    } catch (error) {
      return this.withinLimit(step, this.outcomeOfError(error))
    }
  }

  private withinLimit(step: StepRun, outcome: StepOutcome): StepOutcome {
    if (outcome.state !== 'waiting') return outcome
    const elapsedSeconds = (Date.now() - step.startedAt.getTime()) / 1000
    if (elapsedSeconds <= this.timing.stepLimitSeconds) return outcome
    const minutes = Math.round(this.timing.stepLimitSeconds / 60)
    const limit = minutes >= 1 ? `${minutes} min` : `${Math.round(this.timing.stepLimitSeconds)} s`
    return { state: 'failed', reason: `Not done after ${limit}: ${outcome.message ?? 'no progress'}` }
  }

  private outcomeOfError(error: unknown): StepOutcome {
    if (
      error instanceof KubernetesRefusal ||
      error instanceof OwnershipConflict ||
      error instanceof KubeconfigUnavailable ||
      error instanceof RenderError
    )
      return { state: 'failed', reason: error.message }
    const message = error instanceof Error ? error.message : String(error)
    return {
      state: 'waiting',
      retryAfterSeconds: this.timing.retryAfterSeconds,
      message: `The management cluster did not answer: ${message}`,
    }
  }

  private waiting(message: string, watch: Watched, resourceVersion: string | undefined): Observation {
    return {
      outcome: { state: 'waiting', retryAfterSeconds: this.timing.retryAfterSeconds, message },
      watch,
      resourceVersion,
    }
  }

  private async observeNetwork(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
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

  private async observeControlPlane(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    version?: string,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'KubeadmControlPlane', CONTROL_PLANE_API_VERSION)
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
        (status.updatedReplicas ?? 0) >= wanted &&
        ready >= wanted)
    if (controlPlane && controlPlaneReady(controlPlane, clusterObject) && upToDate) {
      const access = await this.clusterAccess(cluster)
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
      ? `Control plane moving to ${version}: ${status.updatedReplicas ?? 0} of ${wanted} machines updated`
      : `Control plane starting: ${ready} of ${wanted} machines ready`
    return this.waiting(progress, watched, resourceVersion)
  }

  /**
   * Every pool's MachineDeployment has its replicas ready (`targets` overrides the wanted count
   * while scaling), and with `version`, every machine runs it.
   */
  private async observeNodePools(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    targets: Map<string, { replicas: number }> | undefined,
    version?: string,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'MachineDeployment', CLUSTER_API_VERSION)
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
  private async observeScaleAccepted(
    cluster: DriverCluster,
    rendered: RenderedCluster,
    targets: Map<string, { replicas: number }>,
  ): Promise<Observation> {
    const watched = this.watched(cluster, 'MachineDeployment', CLUSTER_API_VERSION)
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

  private async observeAddOns(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'ClusterResourceSet', ADDONS_API_VERSION)
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
  private async observeHealth(cluster: DriverCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'Cluster', CLUSTER_API_VERSION)
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
    const access = await this.clusterAccess(cluster, clusterObject)
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

  private async observeGone(
    cluster: DriverCluster,
    kind: string,
    apiVersion: string,
    label: string,
  ): Promise<Observation> {
    const watched = this.watched(cluster, kind, apiVersion)
    const { items, resourceVersion } = await this.list(watched)
    if (items.length === 0) return { outcome: { state: 'done', message: `${label} removed` } }
    return this.waiting(`${label}: ${items.length} ${kind} left to remove`, watched, resourceVersion)
  }

  /** Done when the Cluster answers 404; then whatever of ours Cluster API does not own goes too. */
  private async observeClusterGone(cluster: DriverCluster, rendered: RenderedCluster): Promise<Observation> {
    const watched = this.watched(cluster, 'Cluster', CLUSTER_API_VERSION)
    const { items, resourceVersion } = await this.list(watched)
    if (items.some((item) => item.metadata.name === cluster.name))
      return this.waiting(`Cluster ${cluster.name} is being deleted`, watched, resourceVersion)
    const leftovers: [string, string][] = [
      ['ClusterResourceSet', ADDONS_API_VERSION],
      ['KubeadmConfigTemplate', BOOTSTRAP_API_VERSION],
      [rendered.infrastructureCluster.kind, rendered.infrastructureCluster.apiVersion],
      [rendered.controlPlaneMachineTemplate.kind, rendered.controlPlaneMachineTemplate.apiVersion],
    ]
    for (const [kind, apiVersion] of leftovers) {
      const { items: objects } = await this.list(this.watched(cluster, kind, apiVersion))
      for (const object of objects) await this.management.delete(refOf(object))
    }
    return { outcome: { state: 'done', message: `Cluster ${cluster.name} and its objects are deleted` } }
  }

  // — Helpers —

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
    const [minimum, maximum] = autoscalingAnnotationKeys()
    // A merge patch removes an annotation given as null.
    const annotations = { [minimum]: null, [maximum]: null, ...autoscalingAnnotations(change.autoscaling) }
    try {
      await this.management.mergePatch(
        {
          apiVersion: CLUSTER_API_VERSION,
          kind: 'MachineDeployment',
          name: names.nodePool(change.poolName),
          namespace: namespaceOf(cluster.organizationId),
        },
        { metadata: { annotations }, spec: { replicas: change.nodeCount } },
      )
    } catch (error) {
      if (error instanceof KubernetesRefusal && error.status === 404)
        throw new KubernetesRefusal(404, `Node pool ${change.poolName} has no MachineDeployment`)
      throw error
    }
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

  private async machines(cluster: DriverCluster): Promise<KubeObject[]> {
    return (await this.list(this.watched(cluster, 'Machine', CLUSTER_API_VERSION))).items
  }

  /** The API server and its CA, from the kubeconfig Secret Cluster API writes once the control plane is up. */
  private async clusterAccess(
    cluster: DriverCluster,
    clusterObject?: KubeObject,
  ): Promise<{ server: string; caCertificate: string } | undefined> {
    const names = objectNames(cluster)
    const secret = await this.management.readSecret(
      namespaceOf(cluster.organizationId),
      names.kubeconfigSecret,
    )
    if (!secret?.value) return undefined
    const config = new KubeConfig()
    config.loadFromString(secret.value)
    const current = config.getCurrentCluster()
    if (!current?.caData) return undefined
    return {
      server: current.server || controlPlaneEndpointOf(clusterObject) || '',
      caCertificate: Buffer.from(current.caData, 'base64').toString('utf8'),
    }
  }
}

async function checkStep(
  name: string,
  check: () => Promise<Omit<ProviderCheckStep, 'name'>>,
): Promise<ProviderCheckStep> {
  try {
    return { name, ...(await check()) }
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
}

function unknownStep(step: StepRun): () => Promise<Observation> {
  return async () => ({
    outcome: { state: 'failed', reason: `The clusterapi driver has no step "${step.name}"` },
  })
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value))
}
