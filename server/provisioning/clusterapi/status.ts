import { NODE_POOL_LABEL } from '#common/schemas/clusters.ts'
import type { DriverNode } from '../driver.ts'
import { CONTROL_PLANE_LABEL, type KubeObject } from './render.ts'

/**
 * Reads Cluster API status (v1beta1 fields, see render.ts) into what our steps need: whether a
 * part is ready, why it failed, and the nodes.
 */

type Status = Record<string, unknown> & {
  phase?: string
  ready?: boolean
  initialized?: boolean
  infrastructureReady?: boolean
  controlPlaneReady?: boolean
  failureReason?: string
  failureMessage?: string
  replicas?: number
  readyReplicas?: number
  updatedReplicas?: number
  observedGeneration?: number
  version?: string
  conditions?: { type: string; status: string; reason?: string; message?: string }[]
}

export function statusOf(object: KubeObject | undefined): Status {
  return (object?.status as Status | undefined) ?? {}
}

/** Why the object failed, when Cluster API says it did (`phase: Failed` or a failure message). */
export function failureOf(object: KubeObject | undefined): string | undefined {
  const status = statusOf(object)
  if (status.phase !== 'Failed' && !status.failureMessage && !status.failureReason) return undefined
  return status.failureMessage ?? status.failureReason ?? `${object?.kind} ${object?.metadata.name} failed`
}

/** The infrastructure provider's contract (v1beta1): `status.ready` once the network and API endpoint exist. */
export function infrastructureReady(
  infrastructureCluster: KubeObject | undefined,
  cluster: KubeObject | undefined,
) {
  return statusOf(infrastructureCluster).ready === true || statusOf(cluster).infrastructureReady === true
}

export function controlPlaneReady(controlPlane: KubeObject | undefined, cluster: KubeObject | undefined) {
  const status = statusOf(controlPlane)
  return (
    (status.ready === true && status.initialized === true) || statusOf(cluster).controlPlaneReady === true
  )
}

export function clusterProvisioned(cluster: KubeObject | undefined) {
  const status = statusOf(cluster)
  return (
    status.phase === 'Provisioned' && status.infrastructureReady === true && status.controlPlaneReady === true
  )
}

export function conditionOf(object: KubeObject | undefined, type: string) {
  return statusOf(object).conditions?.find((condition) => condition.type === type)
}

/** Desired and ready replicas of a MachineDeployment or KubeadmControlPlane. */
export function replicasOf(object: KubeObject | undefined): { wanted: number; ready: number } {
  const wanted = Number((object?.spec as { replicas?: number } | undefined)?.replicas ?? 0)
  return { wanted, ready: statusOf(object).readyReplicas ?? 0 }
}

/** The spec has been seen by its controller (status describes the current spec, not the last). */
export function observed(object: KubeObject | undefined): boolean {
  const generation = object?.metadata.generation as number | undefined
  const observedGeneration = statusOf(object).observedGeneration
  return generation === undefined || observedGeneration === undefined || observedGeneration >= generation
}

/** Worker machines as our nodes; control-plane machines are the platform's, not the customer's. */
export function nodesOf(machines: KubeObject[]): DriverNode[] {
  return machines
    .filter((machine) => machine.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined)
    .filter((machine) => statusOf(machine).phase !== 'Deleted')
    .map((machine) => {
      const status = machine.status as
        | {
            phase?: string
            nodeRef?: { name?: string }
            addresses?: { type: string; address: string }[]
            nodeInfo?: { kubeletVersion?: string }
          }
        | undefined
      const version = status?.nodeInfo?.kubeletVersion ?? (machine.spec?.version as string | undefined) ?? ''
      return {
        name: status?.nodeRef?.name ?? machine.metadata.name,
        poolName: machine.metadata.labels?.[NODE_POOL_LABEL] ?? '',
        internalIp: status?.addresses?.find((address) => address.type === 'InternalIP')?.address ?? '',
        kubeletVersion: version.replace(/^v/, ''),
        status: nodeStatusOf(machine),
      }
    })
    .sort((a, b) => a.poolName.localeCompare(b.poolName) || a.name.localeCompare(b.name))
}

function nodeStatusOf(machine: KubeObject): DriverNode['status'] {
  const phase = statusOf(machine).phase
  if (machine.metadata.deletionTimestamp || phase === 'Deleting')
    return phase === 'Running' ? 'draining' : 'deleting'
  return phase === 'Running' ? 'ready' : 'provisioning'
}

/** Machines of one pool (their MachineDeployment's template labels carry the pool's name). */
export function machinesOfPool(machines: KubeObject[], pool: string): KubeObject[] {
  return machines.filter(
    (machine) =>
      machine.metadata.labels?.[NODE_POOL_LABEL] === pool &&
      machine.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined,
  )
}
