import {
  CHECK_PROVIDER_NAMES,
  type CheckProvider,
  isCheckProvider,
  type ProviderCheckResult,
} from '#common/schemas/providers.ts'
import type { Config } from '#server/config.ts'
import { notFound } from '#server/lib/errors.ts'
import {
  clusterCrdName,
  createClusterApiDriver,
  infrastructureProvider,
  type ProviderCheck,
  type ProvisioningDriver,
} from '#server/provisioning/index.ts'

/**
 * Whether clusters can be built at a provider, checked through the configured driver: with
 * Cluster API, for real in the management cluster; with the simulated driver, a list of what
 * would be checked, marked as simulated.
 */
export async function checkProvider(config: Config, provider: string): Promise<ProviderCheckResult> {
  if (!isCheckProvider(provider)) throw notFound(`There is no provider check for "${provider}"`)
  const started = Date.now()
  const check =
    config.provisioning.driver === 'clusterapi'
      ? await clusterApiDriver(config).checkProvider(provider)
      : simulatedCheck(provider)
  return {
    ...check,
    provider,
    checkedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
  }
}

/** One driver per kubeconfig, so its discovery cache lasts between checks. */
const clusterApiDrivers = new Map<string, ProvisioningDriver>()

function clusterApiDriver(config: Config): ProvisioningDriver {
  const key = config.provisioning.kubeconfigPath ?? ''
  let driver = clusterApiDrivers.get(key)
  if (!driver) {
    driver = createClusterApiDriver({
      kubeconfigPath: config.provisioning.kubeconfigPath,
      speed: config.provisioning.speed,
      settings: config.provisioning.clusterApi,
    })
    clusterApiDrivers.set(key, driver)
  }
  return driver
}

/** Nothing is contacted: each step says what the clusterapi driver would look at. */
function simulatedCheck(provider: CheckProvider): ProviderCheck {
  const infrastructure = infrastructureProvider(provider)!
  const { cloud } = CHECK_PROVIDER_NAMES[provider]
  return {
    provider,
    driver: 'simulated',
    simulated: true,
    ok: true,
    steps: [
      {
        name: 'infrastructure_provider',
        ok: true,
        detail: `Simulated: would look for CustomResourceDefinition ${clusterCrdName(infrastructure)} (${infrastructure.title}) in the management cluster`,
      },
      {
        name: 'credentials',
        ok: true,
        detail: `Simulated: would read Secret ${infrastructure.controllerNamespace}/${infrastructure.credentialsSecret} for the ${cloud} credentials`,
      },
      {
        name: 'dry_run',
        ok: true,
        detail: `Simulated: would send a Cluster and a ${infrastructure.clusterKind} in ${infrastructure.checkRegion} with dryRun=All`,
      },
    ],
  }
}
