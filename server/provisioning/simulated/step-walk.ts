import { createHash } from 'node:crypto'
import type { ProvisioningStep } from '#common/schemas/clusters.ts'
import type { ClusterApiSettings } from '../clusterapi/render.ts'
import type { DriverCluster, StepOutcome } from '../driver.ts'

/**
 * How the simulated drivers (of clusters and of the products on them) walk a step: done once its
 * duration has passed since it first started, or failed half-way when the attempt is one of those
 * PROVISIONING_FAILURE_RATE makes fail.
 */

export type SimulationSettings = {
  speed: number
  failureRate: number
  /** The Cluster API generation and provider settings the cluster's objects are described with. */
  clusterApi?: ClusterApiSettings
  /** Where kubeconfigs reach the clusters' API (server/modules/clusters/control-plane/); their endpoint without it. */
  kubeApiUrl?: string
}

export type StepWork<Outcome = StepOutcome> = {
  seconds: number
  /** Why a failing attempt fails; the step's own reason when absent. */
  failure?: string
  /** What the step is doing while it waits, shown on the status page. */
  working: string
  done: () => Outcome
}

export function walkStep<Outcome>(
  step: { name: string; startedAt: Date },
  work: StepWork<Outcome>,
  failing: () => boolean,
):
  | Outcome
  | { state: 'failed'; reason: string }
  | { state: 'waiting'; retryAfterSeconds: number; message: string } {
  const elapsedSeconds = (Date.now() - step.startedAt.getTime()) / 1000
  if (failing()) {
    // A failing attempt gets half-way first, as a real one would.
    const failAfter = work.seconds / 2
    if (elapsedSeconds >= failAfter)
      return {
        state: 'failed',
        reason: work.failure ?? failureReason(step.name as ProvisioningStep),
      }
    return { state: 'waiting', retryAfterSeconds: failAfter - elapsedSeconds, message: work.working }
  }
  if (elapsedSeconds >= work.seconds) return work.done()
  return { state: 'waiting', retryAfterSeconds: work.seconds - elapsedSeconds, message: work.working }
}

/** Deterministic per cluster, step and attempt: a fraction in [0, 1) compared with the rate. */
export function fails(
  cluster: Pick<DriverCluster, 'id'>,
  step: { name: string; attempts: number },
  rate: number,
) {
  if (rate <= 0) return false
  const digest = createHash('sha256').update(`${cluster.id}/${step.name}/${step.attempts}`).digest()
  return digest.readUInt32BE(0) / 2 ** 32 < rate
}

const FAILURE_REASONS: Partial<Record<ProvisioningStep, string>> = {
  network: 'The private network could not be allocated: the data center reported no free address block',
  control_plane: 'The control plane did not become healthy in time: etcd could not reach quorum',
  node_pools: 'Not every node could be started: the data center is out of capacity for this flavor',
  add_ons: 'An add-on failed to install: its pods did not become ready',
  health_check: 'The health check failed: the API server did not answer',
  scale_pools: 'The node pool could not be resized: the data center is out of capacity for this flavor',
  wait_for_nodes: 'The new nodes did not become ready in time',
  upgrade_control_plane: 'The control plane upgrade stopped: the new API server did not become healthy',
  upgrade_nodes: 'A node could not be replaced: its workloads could not be drained',
  drain_nodes: 'A node could not be drained: a pod disruption budget blocks the eviction',
  delete_resources: 'Some resources could not be deleted: the volumes are still attached',
  release_network: 'The private network could not be released: an address is still in use',
}

function failureReason(stepName: ProvisioningStep): string {
  return `${FAILURE_REASONS[stepName] ?? `The step ${stepName} failed`} (simulated failure)`
}
