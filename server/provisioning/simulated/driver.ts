import { OPERATION_STEPS, type ProvisioningStep } from '#common/schemas/clusters.ts'
import type {
  DriverCluster,
  DriverNode,
  PlannedStep,
  ProviderCheck,
  ProvisioningDriver,
  ScaleParameters,
  StepOutcome,
  StepRun,
} from '../driver.ts'
import { kubeconfigYaml } from '../kubeconfig.ts'
import { certificateAuthority, selfSignedCaCertificate } from './certificate.ts'
import { createSimulatedInstallationDriver } from './installations.ts'
import { describedManifests } from './manifests.ts'
import {
  NODE_NETWORK,
  type NodeProgress,
  nodeAt,
  scaleProgress,
  sortNodes,
  upgradeProgress,
} from './nodes.ts'
import { fails, type SimulationSettings, type StepWork, walkStep } from './step-walk.ts'

/**
 * The default driver: walks every step with realistic durations (divided by PROVISIONING_SPEED)
 * and builds nothing. A step is done once its duration has passed since it first started, so a
 * restarted worker simply waits out the rest. Failures happen only when PROVISIONING_FAILURE_RATE
 * is above 0, decided by a hash of cluster, step and attempt: the same attempt always ends alike.
 */

/** How long each step takes at speed 1, in seconds. */
export const STEP_SECONDS: Record<ProvisioningStep, number> = {
  network: 20,
  control_plane: 90,
  node_pools: 60,
  add_ons: 30,
  health_check: 10,
  scale_pools: 15,
  wait_for_nodes: 45,
  upgrade_control_plane: 120,
  upgrade_nodes: 90,
  drain_nodes: 30,
  delete_resources: 45,
  release_network: 15,
}
/** A cluster without add-ons still checks the defaults (CNI, CoreDNS) are in place. */
const ADD_ONS_NONE_SECONDS = 3

export function createSimulatedDriver(settings: SimulationSettings): ProvisioningDriver {
  /** Reads the settings at every call, so a changed failure rate applies to the next attempt. */
  const walk = (cluster: DriverCluster, step: StepRun, work: Omit<StepWork, 'seconds'>): StepOutcome =>
    walkStep(step, { ...work, seconds: stepSeconds(cluster, step.name) / settings.speed }, () =>
      fails(cluster, step, settings.failureRate),
    )
  /**
   * A step that moves nodes: while it waits, the nodes stand as far as it has come (the engine
   * stores them), and it is asked again when the next node is due.
   */
  const walkNodes = (
    cluster: DriverCluster,
    step: StepRun,
    work: {
      working: string
      moving: (timing: { fraction: number; seconds: number }) => NodeProgress
      done: (nodes: DriverNode[]) => StepOutcome
    },
  ): StepOutcome => {
    const seconds = stepSeconds(cluster, step.name) / settings.speed
    const elapsed = (Date.now() - step.startedAt.getTime()) / 1000
    const moved = work.moving({ fraction: seconds > 0 ? Math.min(1, elapsed / seconds) : 1, seconds })
    const nodes = sortNodes(cluster, moved.nodes)
    // Done is decided by walkStep's own reading of the clock, a moment later: the finished list is
    // the one at the step's end, never the list of a moment that still had a node under way.
    const finished = () => sortNodes(cluster, work.moving({ fraction: 1, seconds }).nodes)
    const outcome = walk(cluster, step, { working: work.working, done: () => work.done(finished()) })
    if (outcome.state !== 'waiting') return outcome
    const nextMove = moved.done ? outcome.retryAfterSeconds : moved.secondsToNext
    return { ...outcome, retryAfterSeconds: Math.min(outcome.retryAfterSeconds, nextMove), nodes }
  }

  return {
    name: 'simulated',
    installations: createSimulatedInstallationDriver(settings),

    plan(kind, cluster) {
      return OPERATION_STEPS[kind].map(
        (name): PlannedStep => ({
          name,
          estimatedSeconds: Math.max(1, Math.round(stepSeconds(cluster, name) / settings.speed)),
        }),
      )
    },

    async create(cluster, step) {
      const poolCount = cluster.configuration.nodePools.length
      const nodes = () => clusterNodes(cluster, cluster.kubernetesPatch)
      switch (step.name) {
        case 'network':
          return walk(cluster, step, {
            working: `Allocating the private network in ${cluster.dataCenter.city || cluster.dataCenter.code}`,
            done: () => ({
              state: 'done',
              message: `Network ready: nodes on ${NODE_NETWORK}, pods on ${cluster.configuration.networking.podCidr}, services on ${cluster.configuration.networking.serviceCidr}`,
            }),
          })
        case 'control_plane':
          return walk(cluster, step, {
            working: `Starting ${controlPlaneReplicas(cluster)} control plane replica(s) with Kubernetes ${cluster.kubernetesPatch}`,
            done: () => {
              // A new CA whose key is kept (sealed): the control plane's endpoint signs with it.
              const ca = certificateAuthority({ commonName: 'kubernetes', notBefore: new Date() })
              return {
                state: 'done',
                message: `Control plane ready at ${clusterEndpoint(cluster)}`,
                endpoint: clusterEndpoint(cluster),
                caCertificate: ca.certificate,
                caKey: ca.privateKey,
              }
            },
          })
        case 'node_pools':
          return walkNodes(cluster, step, {
            working: `Starting the nodes of ${poolCount} node pool(s)`,
            moving: (timing) =>
              scaleProgress(cluster, [], configuredCounts(cluster), cluster.kubernetesPatch, timing),
            done: (joined) => ({
              state: 'done',
              message: `${joined.length} node(s) joined the cluster`,
              nodes: joined,
            }),
          })
        case 'add_ons': {
          const count = cluster.configuration.addOnIds.length
          return walk(cluster, step, {
            working: count > 0 ? `Installing ${count} add-on(s)` : 'Checking the default components',
            done: () => ({
              state: 'done',
              message:
                count > 0
                  ? `Installed ${cluster.configuration.addOnIds.join(', ')}`
                  : 'No add-ons to install; CNI and CoreDNS are running',
            }),
          })
        }
        case 'health_check':
          return walk(cluster, step, {
            working: 'Checking the API server and every node',
            done: () => ({
              state: 'done',
              message: `API server healthy, ${nodes().length} node(s) ready`,
              nodes: nodes(),
            }),
          })
        default:
          return unknownStep(step)
      }
    },

    async scale(cluster, step, parameters) {
      const targets = new Map(parameters.map((change) => [change.poolName, change.nodeCount]))
      const start = cluster.nodesAtStart ?? clusterNodes(cluster, cluster.kubernetesPatch)
      switch (step.name) {
        case 'scale_pools':
          return walk(cluster, step, {
            working: `Changing ${describeScale(cluster, parameters)}`,
            done: () => ({ state: 'done', message: `Requested ${describeScale(cluster, parameters)}` }),
          })
        case 'wait_for_nodes':
          return walkNodes(cluster, step, {
            working: 'Waiting for the node pools to reach their size',
            moving: (timing) => scaleProgress(cluster, start, targets, cluster.kubernetesPatch, timing),
            done: (nodes) => ({ state: 'done', message: `${nodes.length} node(s) ready`, nodes }),
          })
        default:
          return unknownStep(step)
      }
    },

    async upgrade(cluster, step, parameters) {
      switch (step.name) {
        case 'upgrade_control_plane':
          return walk(cluster, step, {
            working: `Upgrading the control plane to Kubernetes ${parameters.patch}`,
            done: () => ({ state: 'done', message: `Control plane runs Kubernetes ${parameters.patch}` }),
          })
        case 'upgrade_nodes': {
          const start = cluster.nodesAtStart ?? clusterNodes(cluster, cluster.kubernetesPatch)
          return walkNodes(cluster, step, {
            working: `Replacing the nodes with Kubernetes ${parameters.patch} ones, pool by pool, one at a time`,
            moving: (timing) => upgradeProgress(cluster, start, parameters.patch, timing),
            done: (nodes) => ({
              state: 'done',
              message: `${nodes.length} node(s) run Kubernetes ${parameters.patch}`,
              nodes,
            }),
          })
        }
        default:
          return unknownStep(step)
      }
    },

    async delete(cluster, step) {
      switch (step.name) {
        case 'drain_nodes':
          return walk(cluster, step, {
            working: 'Draining the nodes',
            done: () => ({ state: 'done', message: 'Every node drained' }),
          })
        case 'delete_resources':
          return walk(cluster, step, {
            working: 'Deleting the nodes, the control plane and the volumes',
            done: () => ({ state: 'done', message: 'Nodes, control plane and volumes deleted', nodes: [] }),
          })
        case 'release_network':
          return walk(cluster, step, {
            working: 'Releasing the private network and the API endpoint',
            done: () => ({ state: 'done', message: 'Network and endpoint released' }),
          })
        default:
          return unknownStep(step)
      }
    },

    async status(cluster) {
      return {
        phase: 'Provisioned',
        nodes: sortNodes(cluster, cluster.nodesAtStart ?? clusterNodes(cluster, cluster.kubernetesPatch)),
      }
    },

    async kubeconfig(cluster, credential) {
      const endpoint = cluster.endpoint ?? clusterEndpoint(cluster)
      return kubeconfigYaml({
        clusterName: cluster.name,
        // The product's Kubernetes API listener, which tells clusters apart by the TLS server name.
        endpoint: settings.kubeApiUrl ?? endpoint,
        ...(settings.kubeApiUrl ? { tlsServerName: new URL(endpoint).hostname } : {}),
        caCertificate:
          cluster.caCertificate ??
          selfSignedCaCertificate({ commonName: 'kubernetes', notBefore: new Date() }),
        ...credential,
      })
    },

    manifests(cluster) {
      return describedManifests(cluster, settings.clusterApi, {
        controlPlaneReplicas: controlPlaneReplicas(cluster),
      })
    },

    async checkProvider(provider) {
      return simulatedProviderCheck(provider)
    },
  }
}

function stepSeconds(cluster: DriverCluster, name: ProvisioningStep): number {
  if (name === 'add_ons' && cluster.configuration.addOnIds.length === 0) return ADD_ONS_NONE_SECONDS
  return STEP_SECONDS[name]
}

function unknownStep(step: StepRun): StepOutcome {
  return { state: 'failed', reason: `The simulated driver has no step named ${step.name}` }
}

export function controlPlaneReplicas(cluster: DriverCluster): number {
  // Economy, Dev/Test and Sandbox clusters run on a shared control plane.
  return ['green', 'orange', 'sandbox'].includes(cluster.configuration.clusterTypeId) ? 1 : 3
}

export function clusterEndpoint(cluster: Pick<DriverCluster, 'id' | 'name' | 'dataCenter'>): string {
  const shortId = cluster.id.replaceAll('-', '').slice(0, 6)
  return `https://${cluster.name}-${shortId}.${cluster.dataCenter.code.toLowerCase()}.k8s.clusterdeck.eu:6443`
}

function describeScale(cluster: DriverCluster, parameters: ScaleParameters[]): string {
  return parameters
    .map((change) => {
      const current = cluster.configuration.nodePools.find((pool) => pool.name === change.poolName)?.nodeCount
      return `node pool ${change.poolName}: ${current ?? '?'} → ${change.nodeCount} node(s)`
    })
    .join(', ')
}

/** The nodes of the configuration, every pool at its size, named like Cluster API's machines. */
export function clusterNodes(cluster: DriverCluster, kubeletVersion: string): DriverNode[] {
  return cluster.configuration.nodePools.flatMap((pool) =>
    Array.from({ length: pool.nodeCount }, (_, slot) => nodeAt(cluster, pool.name, slot, kubeletVersion)),
  )
}

function configuredCounts(cluster: DriverCluster): Map<string, number> {
  return new Map(cluster.configuration.nodePools.map((pool) => [pool.name, pool.nodeCount]))
}

function simulatedProviderCheck(provider: string): ProviderCheck {
  const note = 'Simulated: nothing was contacted.'
  return {
    provider,
    driver: 'simulated',
    simulated: true,
    ok: true,
    steps: [
      {
        name: 'Infrastructure provider installed',
        ok: true,
        detail: `${note} With the clusterapi driver this checks that the ${provider} infrastructure provider runs in the management cluster.`,
      },
      {
        name: 'Credentials present',
        ok: true,
        detail: `${note} With the clusterapi driver this checks the ${provider} credentials the provider reads.`,
      },
      {
        name: 'Dry-run create',
        ok: true,
        detail: `${note} With the clusterapi driver this submits a cluster's objects as a server-side dry run.`,
      },
    ],
  }
}
