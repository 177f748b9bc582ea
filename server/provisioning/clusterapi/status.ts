import { NODE_POOL_LABEL } from '#common/schemas/clusters.ts'
import type { DriverNode } from '../driver.ts'
import { CONTROL_PLANE_LABEL, type KubeObject } from './render.ts'

/**
 * Reads Cluster API status into what our steps need: whether a part is ready, why it failed, and
 * the nodes. Both generations (render.ts) are read: v1beta2 reports provisioning under
 * `status.initialization` and keeps the v1beta1 failure fields under `status.deprecated.v1beta1`;
 * infrastructure providers on the v1beta2 contract say `initialization.provisioned` rather than
 * `ready`.
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
  upToDateReplicas?: number
  conditions?: { type: string; status: string; reason?: string; message?: string }[]
  initialization?: {
    provisioned?: boolean
    infrastructureProvisioned?: boolean
    controlPlaneInitialized?: boolean
  }
  deprecated?: { v1beta1?: { failureReason?: string; failureMessage?: string; updatedReplicas?: number } }
}

export function statusOf(object: KubeObject | undefined): Status {
  return (object?.status as Status | undefined) ?? {}
}

/** Why the object failed, when Cluster API says it did (`phase: Failed` or a failure message). */
export function failureOf(object: KubeObject | undefined): string | undefined {
  const status = statusOf(object)
  const failureMessage = status.failureMessage ?? status.deprecated?.v1beta1?.failureMessage
  const failureReason = status.failureReason ?? status.deprecated?.v1beta1?.failureReason
  if (status.phase !== 'Failed' && !failureMessage && !failureReason) return undefined
  return failureMessage ?? failureReason ?? `${object?.kind} ${object?.metadata.name} failed`
}

/** The infrastructure provider's contract: provisioned (v1beta2) or ready (v1beta1) once the network and API endpoint exist. */
export function infrastructureReady(
  infrastructureCluster: KubeObject | undefined,
  cluster: KubeObject | undefined,
) {
  const infrastructure = statusOf(infrastructureCluster)
  return (
    infrastructure.initialization?.provisioned === true ||
    infrastructure.ready === true ||
    clusterInfrastructureProvisioned(cluster)
  )
}

export function controlPlaneReady(controlPlane: KubeObject | undefined, cluster: KubeObject | undefined) {
  const status = statusOf(controlPlane)
  return (
    status.initialization?.controlPlaneInitialized === true ||
    (status.ready === true && status.initialized === true) ||
    clusterControlPlaneInitialized(cluster)
  )
}

export function clusterProvisioned(cluster: KubeObject | undefined) {
  return (
    statusOf(cluster).phase === 'Provisioned' &&
    clusterInfrastructureProvisioned(cluster) &&
    clusterControlPlaneInitialized(cluster)
  )
}

const clusterInfrastructureProvisioned = (cluster: KubeObject | undefined) => {
  const status = statusOf(cluster)
  return status.initialization?.infrastructureProvisioned === true || status.infrastructureReady === true
}

const clusterControlPlaneInitialized = (cluster: KubeObject | undefined) => {
  const status = statusOf(cluster)
  return status.initialization?.controlPlaneInitialized === true || status.controlPlaneReady === true
}

/** Machines at the current spec: `upToDateReplicas` in v1beta2, `updatedReplicas` in v1beta1. */
export function upToDateReplicasOf(object: KubeObject | undefined): number {
  const status = statusOf(object)
  return status.upToDateReplicas ?? status.updatedReplicas ?? status.deprecated?.v1beta1?.updatedReplicas ?? 0
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
