import { inArray, sql } from 'drizzle-orm'
import { convertFromUsd, type ExchangeRates } from '#common/money.ts'
import { CLUSTER_STATUSES } from '#common/schemas/clusters.ts'
import { INSTALLATION_STATUSES } from '#common/schemas/installations.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusters, installations, type Organization, orders } from '#server/db/schema/index.ts'

const LIVE_CLUSTER_STATUSES = CLUSTER_STATUSES.filter((status) => status !== 'deleted' && status !== 'failed')
const LIVE_INSTALLATION_STATUSES = INSTALLATION_STATUSES.filter(
  (status) => status !== 'uninstalled' && status !== 'failed',
)

/**
 * Why an order must wait for an officer for its amount, or null. The order is weighed with what
 * the organization is already in for, not alone, so many small orders cannot pass the limit one
 * by one; both are converted at today's rate into the currency the limit was set in.
 */
export async function creditLimitReason(
  db: Queryable,
  organization: Pick<Organization, 'id' | 'creditLimitCents' | 'billingCurrency'>,
  totalCents: number,
  rates: ExchangeRates,
): Promise<string | null> {
  const exposureCents = await creditExposureCents(db, organization.id)
  const weighed = Math.round(convertFromUsd(totalCents + exposureCents, organization.billingCurrency, rates))
  if (weighed > organization.creditLimitCents)
    return 'The order, with your orders waiting for approval and what your running clusters and products cost each month, is above your organization’s credit limit'
  return null
}

/**
 * What the organization is already in for, in USD cents like every price: orders still waiting for
 * approval, and the monthly price of its live clusters and products.
 */
async function creditExposureCents(db: Queryable, organizationId: string): Promise<number> {
  const result = await db.execute<{ cents: string }>(sql`
    select
      coalesce((select sum(${orders.totalCents}) from ${orders}
        where ${orders.organizationId} = ${organizationId} and ${orders.status} = 'pending_approval'), 0)
      + coalesce((select sum(${clusters.monthlyPriceCents}) from ${clusters}
        where ${clusters.organizationId} = ${organizationId}
          and ${inArray(clusters.status, LIVE_CLUSTER_STATUSES)}), 0)
      + coalesce((select sum(${installations.monthlyPriceCents}) from ${installations}
        where ${installations.organizationId} = ${organizationId}
          and ${inArray(installations.status, LIVE_INSTALLATION_STATUSES)}), 0) as cents`)
  return Number(result.rows[0]?.cents ?? 0)
}
