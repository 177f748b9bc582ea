import { productFootprint, productMonthlyPriceCents } from '#common/product-rules.ts'
import type { Transaction } from '#server/db/client.ts'
import { installationOperations, installationSteps, installations } from '#server/db/schema/index.ts'
import { generatePassword, sealSecret } from '#server/lib/secrets.ts'
import type { ProvisioningHooks } from './hooks.ts'
import { serviceEndpoints, usernameOf } from './installation-endpoints.ts'
import { INSTALLATION_OPERATION_STEPS } from './simulated/installations.ts'

/**
 * Records a product that was installed by other means than its own install operation — the
 * add-ons a cluster's creation put on it, the demo's products — as an installation like any other:
 * installed, with its finished install operation, its endpoints and sealed password, and its meter.
 */
export async function recordInstalledProduct(
  tx: Transaction,
  input: {
    organizationId: string
    clusterId: string
    productId: string
    namespace: string
    planId: string | null
    /** The product's newest version when not given. */
    version?: string
    settings?: Record<string, unknown>
    orderId?: string | null
    createdBy: string | null
    at: Date
    secretsKey: Buffer
  },
  { products, metering }: Pick<ProvisioningHooks, 'products' | 'metering'>,
): Promise<string> {
  const product = await products.findProduct(tx, input.productId)
  const version = input.version ?? product.versions[0]!.version
  const footprint = productFootprint(product, input.planId)
  const settings = products.checkProductSettings(product, input.settings ?? {}).settings
  const middleware = product.kind === 'middleware'
  const target = { productId: product.id, namespace: input.namespace, settings }
  const [installation] = await tx
    .insert(installations)
    .values({
      organizationId: input.organizationId,
      clusterId: input.clusterId,
      productId: product.id,
      productKind: product.kind,
      productName: product.name,
      namespace: input.namespace,
      planId: input.planId,
      version,
      settings,
      status: 'installed',
      monthlyPriceCents: productMonthlyPriceCents(product, input.planId),
      cpuMillicores: footprint.cpuMillicores,
      memoryMib: footprint.memoryMib,
      orderId: input.orderId ?? null,
      createdBy: input.createdBy,
      endpoints: serviceEndpoints(target),
      username: middleware ? usernameOf(target) : null,
      passwordCiphertext: middleware ? sealSecret(input.secretsKey, generatePassword()) : null,
      credentialsRotatedAt: middleware ? input.at : null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning()
  const [operation] = await tx
    .insert(installationOperations)
    .values({
      installationId: installation!.id,
      organizationId: input.organizationId,
      kind: 'install',
      status: 'succeeded',
      parameters: { version, settings, fromVersion: version, fromSettings: settings },
      requestedBy: input.createdBy,
      createdAt: input.at,
      startedAt: input.at,
      finishedAt: input.at,
    })
    .returning()
  await tx.insert(installationSteps).values(
    INSTALLATION_OPERATION_STEPS.install.map((name, position) => ({
      operationId: operation!.id,
      installationId: installation!.id,
      name,
      position,
      status: 'succeeded' as const,
      estimatedSeconds: 1,
      attempts: 1,
      startedAt: input.at,
      finishedAt: input.at,
    })),
  )
  await metering.syncInstallationMeter(tx, installation!.id, input.at)
  return installation!.id
}
