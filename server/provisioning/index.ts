/**
 * The provisioning engine's front door: what the rest of the server (modules, jobs, seed, the
 * composition root) may use of it. Its other files are its own; none of them imports this one.
 */

export {
  type NewOperation,
  retryOperation,
  type StartedOperation,
  startOperation,
} from './cluster-subject.ts'
export { createClusterApiDriver } from './clusterapi/driver.ts'
export {
  CLUSTER_API_GENERATIONS,
  clusterCrdName,
  infrastructureProvider,
  type ProviderSettings,
  REQUIRED_PROVIDER_SETTINGS,
} from './clusterapi/providers.ts'
export type { ClusterApiSettings } from './clusterapi/render.ts'
export type {
  DriverCluster,
  DriverName,
  ProviderCheck,
  ProvisioningDriver,
  ScaleParameters,
} from './driver.ts'
export { createDriver, driverClusterOf, getDriver } from './drivers.ts'
export type { ProvisioningHooks } from './hooks.ts'
export {
  type InstallationParameters,
  type NewInstallationOperation,
  retryInstallationOperation,
  startInstallationOperation,
} from './installation-subject.ts'
export { recordInstalledProduct } from './installed-products.ts'
export { CLUSTER_ACCESS_GROUPS } from './kubeconfig.ts'
export { OPERATION_NAMES, RESTING_STATUS, TRANSITIONAL_STATUS } from './lifecycle.ts'
export { scheduleMaintenanceSweep } from './maintenance.ts'
export { operationView } from './operation-view.ts'
export { provisionAtOnce } from './provision-at-once.ts'
export { servingCertificate } from './simulated/certificate.ts'
export { startProvisioningWorkers } from './workers.ts'
