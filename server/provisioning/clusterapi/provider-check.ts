import type { ProviderCheck, ProviderCheckStep } from '../driver.ts'
import { KubernetesRefusal, type ManagementCluster } from './management-cluster.ts'
import { clusterCrdName, infrastructureProvider } from './providers.ts'
import { type ClusterApiSettings, renderProviderCheckObjects } from './render.ts'

/**
 * Whether clusters can be built at a provider: its Cluster API provider is installed, its
 * credentials Secret holds something, and a Cluster of it passes a server-side dry run.
 */
export async function checkProvider(
  management: ManagementCluster,
  providerId: string,
  settings: ClusterApiSettings,
): Promise<ProviderCheck> {
  const provider = infrastructureProvider(providerId)
  if (!provider)
    return {
      provider: providerId,
      driver: 'clusterapi',
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
  const objects = renderProviderCheckObjects(provider, 'default', settings)
  const steps = await Promise.all([
    checkStep('infrastructure_provider', async () =>
      (await management.crdInstalled(crd))
        ? { ok: true, detail: `${provider.title} is installed: CustomResourceDefinition ${crd} found` }
        : {
            ok: false,
            detail: `CustomResourceDefinition ${crd} not found: install ${provider.title} (clusterctl init --infrastructure ${provider.id})`,
          },
    ),
    checkStep('credentials', async () => {
      const data = await management.readSecret(provider.controllerNamespace, provider.credentialsSecret)
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
          await management.dryRunCreate(object)
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
    driver: 'clusterapi',
    simulated: false,
    ok: steps.every((step) => step.ok),
    steps,
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
