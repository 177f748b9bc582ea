import type { ServerContext } from '#server/context.ts'
import type { DriverName, ProvisioningDriver } from '#server/provisioning/driver.ts'
import { createDriver } from '#server/provisioning/engine.ts'

const drivers = new WeakMap<ServerContext['config'], Map<string, Promise<ProvisioningDriver>>>()

/** The driver that owns a cluster (the one it was created with), built once per server. */
export function driverOf(ctx: ServerContext, name: string): Promise<ProvisioningDriver> {
  let byName = drivers.get(ctx.config)
  if (!byName) {
    byName = new Map()
    drivers.set(ctx.config, byName)
  }
  let driver = byName.get(name)
  if (!driver) {
    const config = { ...ctx.config, provisioning: { ...ctx.config.provisioning, driver: name as DriverName } }
    driver = Promise.resolve(createDriver(config))
    byName.set(name, driver)
  }
  return driver
}
