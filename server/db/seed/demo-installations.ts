import type { Transaction } from '#server/db/client.ts'
import { recordInstalledProduct } from '#server/provisioning/index.ts'
import { createProvisioningHooks } from '#server/provisioning-hooks.ts'

/**
 * Products already on the demo's cluster on `npm start`, so /orders/products, /orders/addons and
 * the cluster's page show them: PostgreSQL M one version behind (an upgrade is offered), Valkey S,
 * and cert-manager.
 */
export async function seedDemoInstallations(
  tx: Transaction,
  input: {
    organizationId: string
    clusterId: string
    createdBy: string | null
    at: Date
    secretsKey: Buffer
  },
): Promise<void> {
  const wanted = [
    {
      productId: 'postgresql',
      namespace: 'shop-db',
      planId: 'm',
      version: '17.6',
      settings: { databaseName: 'shop' },
    },
    { productId: 'valkey', namespace: 'cache', planId: 's' },
    { productId: 'cert-manager', namespace: 'cert-manager', planId: null },
  ]
  const hooks = createProvisioningHooks()
  for (const product of wanted) await recordInstalledProduct(tx, { ...input, ...product }, hooks)
}
