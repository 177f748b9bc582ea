import { and, eq, sql } from 'drizzle-orm'
import { configurationIssues, priceConfiguration } from '#common/cluster-rules.ts'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import type { OrderRequest } from '#common/schemas/orders.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusters } from '#server/db/schema/index.ts'
import { conflict, invalidFields } from '#server/lib/errors.ts'
import { createClusterForOrder } from './fulfilment.ts'
import type { OrderKindDefinition } from './kinds.ts'

/**
 * A cluster, ordered from the wizard: priced from the catalog, waiting for an officer when its data
 * center is HDS or it passes the credit limit, and otherwise created and provisioned at once.
 */
export const clusterOrders: OrderKindDefinition<OrderRequest> = {
  kind: 'cluster',
  admission: 'checkout',
  weighedAgainstCreditLimit: true,
  readsCatalog: true,
  validate: (request, catalog) => assertValidConfiguration(request.configuration, catalog),
  price: async ({ request, catalog, isFirstPaidOrder }) => {
    const price = priceConfiguration(request.configuration, catalogOf(catalog), {
      billingCycle: request.billingCycle,
      promoCode: request.promoCode,
      isFirstPaidOrder: await isFirstPaidOrder(),
    })
    return {
      ordered: { configuration: request.configuration },
      price,
      currency: request.currency,
      approvalReason: hdsReason(request.configuration, catalogOf(catalog)),
    }
  },
  assertFulfillable: async (db, order) => {
    if (!order.configuration) throw new Error('A cluster order has a configuration')
    await assertClusterNameFree(db, order.organizationId, order.configuration.name)
  },
  fulfil: ({ ctx, uow, order, catalog, requestedBy }) =>
    createClusterForOrder(ctx, uow, order, catalogOf(catalog), requestedBy),
  approvedNotice: (order) => ({
    message: `${order.configuration?.name ?? order.reference} is being provisioned`,
    link: href('orderStatus', { id: order.id }),
  }),
}

/** Checks a configuration against the catalog: a 400 naming each field at fault. */
function assertValidConfiguration(configuration: ClusterConfiguration, catalog: Catalog) {
  const issues = configurationIssues(configuration, catalog)
  if (issues.length > 0)
    throw invalidFields(
      issues.map((issue) => ({
        path: ['body', 'configuration', ...issue.path].join('.'),
        message: issue.message,
      })),
    )
}

/** An HDS data center's orders are each checked by an officer, whatever their amount. */
function hdsReason(configuration: ClusterConfiguration, catalog: Catalog): string | null {
  const dataCenter = catalog.dataCenters.find((center) => center.code === configuration.dataCenterCode)
  if (dataCenter?.complianceTags.includes('HDS'))
    return `${dataCenter.name} is an HDS data center: an officer checks every order for it`
  return null
}

/** A live cluster of the organization already has this name: a 409 the wizard shows on the name. */
async function assertClusterNameFree(db: Queryable, organizationId: string, name: string) {
  const [taken] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        eq(clusters.organizationId, organizationId),
        eq(clusters.name, name),
        sql`${clusters.status} <> 'deleted'`,
      ),
    )
    .limit(1)
  if (taken) throw conflict(validationMessage('clusterNameTaken', { name }), 'CLUSTER_NAME_TAKEN')
}

/** The kind reads the catalog before its transaction: it is always there. */
function catalogOf(catalog: Catalog | null): Catalog {
  if (!catalog) throw new Error('A cluster order is priced from the catalog')
  return catalog
}
