import type { ClusterConfiguration, OperationKind, ProvisioningStep } from '#common/schemas/clusters.ts'
import type { InstallationOperationKind, InstallationStep } from '#common/schemas/installations.ts'
import type { ProductKind } from '#common/schemas/products.ts'
import type { PersonalCredential } from './kubeconfig.ts'

/**
 * What the provisioning engine asks of whoever builds clusters. The engine owns the order of
 * steps, their jobs, retries and the cluster's lifecycle; a driver only does (or checks) the work
 * of one step at a time. Every call must be idempotent: after a crash the engine calls the same
 * step again, and doing it twice must have the effect of doing it once.
 */

export type DriverName = 'simulated' | 'clusterapi'

/** The cluster as a driver sees it. */
export type DriverCluster = {
  id: string
  organizationId: string
  name: string
  configuration: ClusterConfiguration
  /** Full patch version wanted, e.g. 1.36.6. */
  kubernetesPatch: string
  dataCenter: { code: string; city: string; countryCode: string; provider: string }
  /** The API endpoint and CA stored when the control plane came up (null before). */
  endpoint?: string | null
  caCertificate?: string | null
  /** The nodes as they were when the running operation started (none while it is created). */
  nodesAtStart?: DriverNode[]
}

export type PlannedStep = { name: ProvisioningStep; estimatedSeconds: number }

/** The step being run: when its work first started (survives restarts) and how often it began. */
export type StepRun = { name: ProvisioningStep; startedAt: Date; attempts: number }

export type DriverNode = {
  name: string
  poolName: string
  internalIp: string
  kubeletVersion: string
  status: 'provisioning' | 'ready' | 'draining' | 'deleting'
}

export type StepOutcome =
  /** The step's work is complete. `nodes`, when given, is the cluster's whole node list now. */
  | {
      state: 'done'
      message?: string
      nodes?: DriverNode[]
      endpoint?: string
      caCertificate?: string
      /** The certificate authority's private key (PEM), kept sealed: the endpoint signs with it. */
      caKey?: string
    }
  /**
   * Not yet: the engine asks again after this many seconds (the same step, idempotently).
   * `nodes`, when given, is the cluster's whole node list as the step has moved it so far.
   */
  | { state: 'waiting'; retryAfterSeconds: number; message?: string; nodes?: DriverNode[] }
  /** Failed for a reason a person can read; the cluster shows `failed` with it and offers a retry. */
  | { state: 'failed'; reason: string }

/** Parameters of the changing operations, as stored on the operation row. */
export type ScaleParameters = {
  poolName: string
  nodeCount: number
  autoscaling: { enabled: boolean; min: number; max: number }
}
export type UpgradeParameters = { version: string; patch: string }

export type ProviderCheckStep = { name: string; ok: boolean; detail: string }
export type ProviderCheck = {
  provider: string
  driver: DriverName
  /** True when the driver is simulated: the checks say what would be checked. */
  simulated: boolean
  ok: boolean
  steps: ProviderCheckStep[]
}

/** An installation as a driver sees it: the product's chart at the wanted version, and its cluster. */
export type DriverInstallation = {
  id: string
  organizationId: string
  productId: string
  productKind: ProductKind
  productName: string
  namespace: string
  planId: string | null
  /** The version the operation goes to, and its chart. */
  version: string
  chart: { repository: string; name: string; version: string }
  settings: Record<string, unknown>
  cluster: DriverCluster
}

export type InstallationStepRun = { name: InstallationStep; startedAt: Date; attempts: number }

export type InstallationEndpoint = { name: string; url: string }

export type InstallationStepOutcome =
  /** Done; `endpoints` and `username`, when given, are what the installation publishes now. */
  | { state: 'done'; message?: string; endpoints?: InstallationEndpoint[]; username?: string }
  | { state: 'waiting'; retryAfterSeconds: number; message?: string }
  | { state: 'failed'; reason: string }

/** The part of a driver that installs products on clusters (the same idempotency rules apply). */
export interface InstallationDriver {
  plan(kind: InstallationOperationKind, installation: DriverInstallation): PlannedInstallationStep[]
  run(
    kind: InstallationOperationKind,
    installation: DriverInstallation,
    step: InstallationStepRun,
  ): Promise<InstallationStepOutcome>
}
export type PlannedInstallationStep = { name: InstallationStep; estimatedSeconds: number }

export interface ProvisioningDriver {
  readonly name: DriverName
  /** Installs, changes and removes the marketplace's products on the driver's clusters. */
  readonly installations: InstallationDriver
  /** The steps of an operation on this cluster, in order, with their expected durations. */
  plan(kind: OperationKind, cluster: DriverCluster, parameters: Record<string, unknown>): PlannedStep[]
  /** One step of creating the cluster (network, control plane, node pools, add-ons, health check). */
  create(cluster: DriverCluster, step: StepRun): Promise<StepOutcome>
  /** One step of scaling a node pool (also hibernate: every pool to 0, and wake: back). */
  scale(cluster: DriverCluster, step: StepRun, parameters: ScaleParameters[]): Promise<StepOutcome>
  /** One step of upgrading to the next minor version. */
  upgrade(cluster: DriverCluster, step: StepRun, parameters: UpgradeParameters): Promise<StepOutcome>
  /** One step of deleting the cluster and everything it owns. */
  delete(cluster: DriverCluster, step: StepRun): Promise<StepOutcome>
  /** The cluster's state as the infrastructure reports it (Cluster API phases where they meet). */
  status(cluster: DriverCluster): Promise<{ phase: string; nodes: DriverNode[] }>
  /**
   * A kubeconfig for one person: the cluster's endpoint and CA, and a user entry carrying the
   * bearer token the portal issued and its expiry (`credentialUser`).
   */
  kubeconfig(cluster: DriverCluster, credential: PersonalCredential): Promise<string>
  /** The cluster's manifests as the driver renders them (shown read-only as YAML). */
  manifests(cluster: DriverCluster): Record<string, unknown>[]
  /** Whether clusters can be built at a provider: infrastructure installed, credentials, a dry run. */
  checkProvider(provider: string): Promise<ProviderCheck>
}
