import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Plans } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { clusters, orders, supportPlans } from '#server/db/schema/index.ts'
import { organizationOf } from './billing-organization.ts'

const YEAR_MS = 365 * 86_400_000

/** Each live cluster's billing cycle and the support plan. */
export async function plansOf(db: Database, organizationId: string): Promise<Plans> {
  const organization = await organizationOf(db, organizationId)
  const [plan] = await db.select().from(supportPlans).where(eq(supportPlans.id, organization.supportPlanId))
  const rows = await db
    .select({
      id: clusters.id,
      name: clusters.name,
      status: clusters.status,
      monthlyPriceCents: clusters.monthlyPriceCents,
      createdAt: clusters.createdAt,
      billingCycle: sql<string | null>`${orders.price} ->> 'billingCycle'`,
    })
    .from(clusters)
    .leftJoin(orders, eq(orders.id, clusters.orderId))
    .where(
      and(
        eq(clusters.organizationId, organizationId),
        ne(clusters.status, 'deleted'),
        isNull(clusters.deletedAt),
      ),
    )
    .orderBy(asc(clusters.name))
  return {
    supportPlan: {
      id: plan?.id ?? organization.supportPlanId,
      name: plan?.name ?? organization.supportPlanId,
      monthlyPriceCents: plan?.monthlyPriceCents ?? 0,
    },
    clusters: rows.map((row) => {
      const yearly = row.billingCycle === 'yearly'
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        billingCycle: yearly ? ('yearly' as const) : ('monthly' as const),
        monthlyPriceCents: row.monthlyPriceCents,
        commitmentEndsAt: yearly ? new Date(row.createdAt.getTime() + YEAR_MS).toISOString() : null,
      }
    }),
  }
}
