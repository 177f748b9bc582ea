import { productFootprint, productMonthlyPriceCents } from '#common/product-rules.ts'
import type { Database } from '#server/db/client.ts'
import { installationOperations, installationSteps, installations } from '#server/db/schema/index.ts'
import { generatePassword, sealSecret } from '#server/lib/secrets.ts'
import { syncInstallationMeter } from '#server/modules/billing/meter.ts'
import { checkProductSettings } from '#server/modules/catalog/product-settings.ts'
import { findProduct } from '#server/modules/catalog/products.ts'
import { serviceEndpoints, usernameOf } from '#server/provisioning/installation-endpoints.ts'
import { INSTALLATION_OPERATION_STEPS } from '#server/provisioning/simulated/installations.ts'

type DemoInstallation = {
  productId: string
  namespace: string
  planId: string | null
  version: string
  settings: Record<string, unknown>
}

/**
 * Products already on the demo's cluster on `npm start`, so /orders/products, /orders/addons and
 * the cluster's page show them: PostgreSQL M one version behind (an upgrade is offered), Valkey S,
 * and cert-manager. Each has its finished install operation, its sealed password and its meter.
 */
export async function seedDemoInstallations(
  tx: Database,
  input: {
    organizationId: string
    clusterId: string
    createdBy: string | null
    at: Date
    secretsKey: Buffer
  },
): Promise<void> {
  const wanted: DemoInstallation[] = [
    {
      productId: 'postgresql',
      namespace: 'shop-db',
      planId: 'm',
      version: '17.6',
      settings: { databaseName: 'shop' },
    },
    { productId: 'valkey', namespace: 'cache', planId: 's', version: '8.1', settings: {} },
    { productId: 'cert-manager', namespace: 'cert-manager', planId: null, version: '1.19', settings: {} },
  ]
  for (const entry of wanted) {
    const product = await findProduct(tx, entry.productId)
    const footprint = productFootprint(product, entry.planId)
    const settings = checkProductSettings(product, entry.settings).settings
    const middleware = product.kind === 'middleware'
    const target = { productId: product.id, namespace: entry.namespace, settings }
    const [installation] = await tx
      .insert(installations)
      .values({
        organizationId: input.organizationId,
        clusterId: input.clusterId,
        productId: product.id,
        productKind: product.kind,
        productName: product.name,
        namespace: entry.namespace,
        planId: entry.planId,
        version: entry.version,
        settings,
        status: 'installed',
        monthlyPriceCents: productMonthlyPriceCents(product, entry.planId),
        cpuMillicores: footprint.cpuMillicores,
        memoryMib: footprint.memoryMib,
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
        parameters: { version: entry.version, settings, fromVersion: entry.version, fromSettings: settings },
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
        estimatedSeconds: 10,
        attempts: 1,
        startedAt: input.at,
        finishedAt: input.at,
      })),
    )
    await syncInstallationMeter(tx, installation!.id, input.at)
  }
}
