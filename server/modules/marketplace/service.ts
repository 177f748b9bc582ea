import { and, eq, ne } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import {
  installIssues,
  priceProduct,
  productFootprint,
  productMonthlyPriceCents,
} from '#common/product-rules.ts'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { InstallationOrderRequest } from '#common/schemas/installations.ts'
import type { InstallRequest } from '#common/schemas/products.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type Cluster, installations, type OrderRow, orders } from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, HttpError, invalidFields } from '#server/lib/errors.ts'
import { checkProductSettings, findProduct, getCatalog } from '#server/modules/catalog/index.ts'
import { findCluster } from '#server/modules/clusters/index.ts'
import { type OrderKindDefinition, placeOrder } from '#server/modules/orders/index.ts'
import { startInstallationOperation } from '#server/provisioning/index.ts'

/** What the products on a cluster take from it, for the capacity rule. */
async function installedFootprints(db: Queryable, clusterId: string) {
  return db
    .select({ cpuMillicores: installations.cpuMillicores, memoryMib: installations.memoryMib })
    .from(installations)
    .where(and(eq(installations.clusterId, clusterId), ne(installations.status, 'uninstalled')))
}

/** An add-on serves a whole cluster: chosen with it, or installed since and not removed. */
async function addOnOnCluster(db: Queryable, cluster: Cluster, productId: string): Promise<boolean> {
  if (cluster.configuration?.addOnIds.includes(productId)) return true
  const [live] = await db
    .select({ id: installations.id })
    .from(installations)
    .where(
      and(
        eq(installations.clusterId, cluster.id),
        eq(installations.productId, productId),
        ne(installations.status, 'uninstalled'),
      ),
    )
    .limit(1)
  return live !== undefined
}

/**
 * Whether a product can go onto one of the caller's clusters as asked: an unknown product or
 * another organization's cluster is not found (404); settings against the product's schema are a
 * 400 naming each field; what the cluster or the catalog cannot take is a 422 saying why.
 */
export async function checkInstall(
  db: Queryable,
  caller: Caller,
  productId: string,
  request: InstallRequest,
  /** Read beforehand by a caller in a transaction (the catalog's reads run side by side). */
  catalog?: Catalog,
) {
  const product = await findProduct(db, productId)
  const cluster = await findCluster(db, caller, request.clusterId)
  const { settings, issues: settingIssues } = checkProductSettings(product, request.settings)
  if (settingIssues.length > 0)
    throw invalidFields(
      settingIssues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    )
  const issues = installIssues(
    {
      product,
      planId: request.planId,
      version: request.version,
      namespace: request.namespace,
      cluster: {
        clusterTypeId: cluster.clusterTypeId,
        kubernetesVersion: cluster.kubernetesVersion,
        status: cluster.status,
        nodePools: cluster.configuration?.nodePools ?? [],
      },
      installed: await installedFootprints(db, cluster.id),
    },
    catalog ?? (await getCatalog(db)),
  )
  if (product.kind === 'add_on' && (await addOnOnCluster(db, cluster, product.id)))
    issues.push({
      path: ['clusterId'],
      message: validationMessage('addOnAlreadyOnCluster', { product: product.name }),
    })
  if (issues.length > 0)
    throw new HttpError(422, issues.map((issue) => issue.message).join(' '), {
      code: 'INSTALL_REFUSED',
      issues: issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    })
  return { product, cluster, settings, monthlyPriceCents: productMonthlyPriceCents(product, request.planId) }
}

/**
 * A product onto one of the organization's clusters, through the path cluster orders take: the
 * price from the server, the Idempotency-Key, PARIS on a first paid order, an officer's approval
 * above the credit limit; a confirmed order starts the installation.
 */
export const productOrders: OrderKindDefinition<InstallationOrderRequest> = {
  kind: 'product',
  admission: 'checkout',
  weighedAgainstCreditLimit: true,
  readsCatalog: true,
  price: async ({ db, caller, request, catalog, placing, isFirstPaidOrder }) => {
    // The cluster is locked so two orders cannot both take its last free capacity.
    if (placing) await findCluster(db, caller, request.clusterId, { lock: true })
    const checked = await checkInstall(db, caller, request.productId, request, catalog ?? undefined)
    if (placing)
      await assertNamespaceFree(
        db,
        request.clusterId,
        request.namespace,
        checked.product.id,
        checked.product.name,
      )
    return {
      ordered: {
        product: {
          productId: checked.product.id,
          productName: checked.product.name,
          productKind: checked.product.kind,
          clusterId: checked.cluster.id,
          clusterName: checked.cluster.name,
          namespace: request.namespace,
          planId: request.planId,
          version: request.version,
          settings: checked.settings,
        },
      },
      price: priceProduct(checked.monthlyPriceCents, {
        promoCode: request.promoCode,
        isFirstPaidOrder: await isFirstPaidOrder(),
      }),
      currency: request.currency,
    }
  },
  fulfil: ({ ctx, uow, order, requestedBy }) => createInstallationForOrder(ctx, uow, order, requestedBy),
  approvedNotice: (order) => ({
    message: `${order.product?.productName} on ${order.product?.clusterName} is being installed`,
    link: order.installationId
      ? href('productOrder', { id: order.installationId })
      : href('orderStatus', { id: order.id }),
  }),
}

/**
 * Orders a product onto a cluster, as the install endpoint does; a caller outside the routes (a
 * test that orders with no server running) uses it too.
 */
export function placeInstallationOrder(
  ctx: ServerContext,
  caller: Caller,
  request: InstallationOrderRequest,
  idempotencyKey: string,
  rates: ExchangeRates,
) {
  return placeOrder(ctx, { caller, kind: productOrders, request, idempotencyKey, rates })
}
/** Another live installation of the product in that namespace of the cluster: a 409. */
async function assertNamespaceFree(
  db: Queryable,
  clusterId: string,
  namespace: string,
  productId: string,
  productName: string,
) {
  const [taken] = await db
    .select({ id: installations.id })
    .from(installations)
    .where(
      and(
        eq(installations.clusterId, clusterId),
        eq(installations.namespace, namespace),
        eq(installations.productId, productId),
        ne(installations.status, 'uninstalled'),
      ),
    )
  if (taken)
    throw conflict(
      `${productName} is already installed in the namespace ${namespace} of this cluster`,
      'ALREADY_INSTALLED',
    )
}

/**
 * A confirmed product order becomes an installation, `pending`, and its install operation starts,
 * in the caller's transaction (the first step's job commits with it). Approval calls it too.
 */
export async function createInstallationForOrder(
  ctx: ServerContext,
  uow: UnitOfWork,
  order: OrderRow,
  requestedBy: string,
): Promise<OrderRow> {
  const { tx } = uow
  const ordered = order.product
  if (!ordered) throw new Error(`Order ${order.id} orders no product`)
  const product = await findProduct(tx, ordered.productId)
  const footprint = productFootprint(product, ordered.planId)
  const [installation] = await tx
    .insert(installations)
    .values({
      organizationId: order.organizationId,
      clusterId: ordered.clusterId,
      productId: product.id,
      productKind: product.kind,
      productName: product.name,
      namespace: ordered.namespace,
      planId: ordered.planId,
      version: ordered.version,
      settings: ordered.settings,
      monthlyPriceCents: productMonthlyPriceCents(product, ordered.planId),
      cpuMillicores: footprint.cpuMillicores,
      memoryMib: footprint.memoryMib,
      orderId: order.id,
      createdBy: order.createdBy,
    })
    .returning()
  await startInstallationOperation(uow, ctx, {
    installationId: installation!.id,
    kind: 'install',
    requestedBy,
  })
  const [updated] = await tx
    .update(orders)
    .set({ installationId: installation!.id, status: 'confirmed', updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning()
  return updated!
}
