import type { OperationKind } from '#common/schemas/clusters.ts'
import type { Product } from '#common/schemas/products.ts'
import type { Queryable, Transaction } from '#server/db/client.ts'
import type { DatabaseUnit } from '#server/db/transaction.ts'
import type { PreparedMail } from '#server/mail/send-mail.ts'

/**
 * What the provisioning engine needs from the rest of the product and does not import: billing's
 * meters, the notifications (in the app and by mail) of whoever asked, and the marketplace's
 * products. Built once where the server is put together and carried on the ServerContext, so the
 * engine depends on none of those modules (and none of them on the engine's insides).
 */
export type ProvisioningHooks = {
  /** Billing follows each status or size change, inside the transaction that made it. */
  metering: {
    syncClusterMeter(tx: Transaction, clusterId: string, at: Date): Promise<void>
    syncInstallationMeter(tx: Transaction, installationId: string, at: Date): Promise<void>
  }
  /** What the person who asked for an operation hears; all of it commits with the change. */
  notify: {
    /** The channels the person chose for news of their clusters. */
    channelsFor(
      db: Queryable,
      userId: string,
      event: 'cluster_status',
    ): Promise<{ app: boolean; email: boolean }>
    createNotification(
      uow: DatabaseUnit,
      notification: {
        userId: string
        type: 'success' | 'error'
        title: string
        message: string
        link: string
      },
    ): Promise<unknown>
    clusterRunningMail(data: { name: string; clusterName: string; url: string }): PreparedMail
    clusterOperationFailedMail(data: {
      name: string
      clusterName: string
      operation: OperationKind
      reason: string
      url: string
    }): PreparedMail
  }
  /** The marketplace's products an installation is made of. */
  products: {
    findProduct(db: Queryable, productId: string): Promise<Product>
    /** The settings checked against the product's schema, its defaults filled in. */
    checkProductSettings(product: Product, settings: unknown): { settings: Record<string, unknown> }
  }
}
