import type { Order } from '#common/schemas/orders.ts'
import type { OrderRow } from '#server/db/schema/index.ts'

export type OrderWithOrganization = OrderRow & { organizationName: string }

export function toOrderResponse(row: OrderWithOrganization): Order {
  if (!row.price || !(row.configuration || row.product || row.customSolution || row.supportPlan))
    throw new Error(`Order ${row.id} orders nothing`)
  // A custom solution or a support plan goes onto no cluster of ours.
  const clusterName = row.configuration?.name ?? row.product?.clusterName ?? ''
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    kind: row.kind,
    approvalReason: row.approvalReason,
    decisionNote: row.decisionNote,
    clusterId: row.clusterId,
    clusterName,
    configuration: row.configuration,
    product: row.product,
    installationId: row.installationId,
    customSolution: row.customSolution
      ? {
          id: row.customSolution.id,
          reference: row.customSolution.reference,
          title: row.customSolution.title,
        }
      : null,
    supportPlan: row.supportPlan ? { id: row.supportPlan.id, name: row.supportPlan.name } : null,
    currency: row.currency as Order['currency'],
    price: row.price,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    organizationName: row.organizationName,
  }
}
