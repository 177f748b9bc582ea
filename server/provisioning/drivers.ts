import { eq } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type Cluster, dataCenters } from '#server/db/schema/index.ts'
import type { DriverCluster, DriverName, ProvisioningDriver } from './driver.ts'
import { configurationOf } from './operation-parameters.ts'
import { createSimulatedDriver } from './simulated/driver.ts'

/**
 * A new driver of the given name (the configured one by default). The clusterapi driver is loaded
 * only when asked for, so the simulated path never loads the Kubernetes client.
 */
export async function createDriver(
  config: Config,
  name: DriverName = config.provisioning.driver,
): Promise<ProvisioningDriver> {
  if (name === 'clusterapi') {
    const { createClusterApiDriver } = await import('./clusterapi/driver.ts')
    return createClusterApiDriver({
      kubeconfigPath: config.provisioning.kubeconfigPath,
      speed: config.provisioning.speed,
      settings: config.provisioning.clusterApi,
      appUrl: config.appUrl,
    })
  }
  // The settings object itself, not a copy: a changed failure rate applies from the next step.
  return createSimulatedDriver(config.provisioning)
}

const drivers = new WeakMap<Config, Map<DriverName, Promise<ProvisioningDriver>>>()

/** The driver that owns a cluster, built once per server configuration. */
export function getDriver(ctx: Pick<ServerContext, 'config'>, name: DriverName): Promise<ProvisioningDriver> {
  const byName = drivers.get(ctx.config) ?? new Map<DriverName, Promise<ProvisioningDriver>>()
  drivers.set(ctx.config, byName)
  let driver = byName.get(name)
  if (!driver) {
    driver = createDriver(ctx.config, name)
    byName.set(name, driver)
    // A driver that could not be built (a missing kubeconfig) is tried again next time.
    driver.catch(() => byName.delete(name))
  }
  return driver
}

/** The cluster as drivers see it: its configuration, version, data center, endpoint and CA. */
export async function driverClusterOf(db: Queryable, cluster: Cluster): Promise<DriverCluster> {
  const [dataCenter] = await db
    .select(DATA_CENTER_FIELDS)
    .from(dataCenters)
    .where(eq(dataCenters.code, cluster.dataCenterCode))
  return toDriverCluster(cluster, dataCenter)
}

/** The data center's columns a driver sees, for selects that join them to the cluster. */
export const DATA_CENTER_FIELDS = {
  city: dataCenters.city,
  countryCode: dataCenters.countryCode,
  provider: dataCenters.provider,
}
export type DriverDataCenter = { city: string; countryCode: string; provider: string }

export function toDriverCluster(
  cluster: Cluster,
  dataCenter: DriverDataCenter | null | undefined,
): DriverCluster {
  return {
    id: cluster.id,
    organizationId: cluster.organizationId,
    name: cluster.name,
    configuration: configurationOf(cluster),
    kubernetesPatch: cluster.kubernetesPatch,
    dataCenter: {
      code: cluster.dataCenterCode,
      city: dataCenter?.city ?? '',
      countryCode: dataCenter?.countryCode ?? '',
      provider: dataCenter?.provider ?? '',
    },
    endpoint: cluster.endpoint,
    caCertificate: cluster.caCertificate,
  }
}
