import { and, count, eq, ne } from 'drizzle-orm'
import type { MembershipStatus } from '#common/schemas/accounts.ts'
import type { SidebarCounts } from '#common/schemas/system.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusters, orders } from '#server/db/schema/index.ts'

/** The sidebar's figures: the organization's live clusters and its orders. */
export async function sidebarCounts(
  db: Queryable,
  member: { organizationId: string; membershipStatus: MembershipStatus },
): Promise<SidebarCounts> {
  // A member still waiting for approval sees none of the organization's figures.
  if (member.membershipStatus !== 'active') return { clusters: 0, orders: { total: 0 } }
  const [[clusterCount], [orderCount]] = await Promise.all([
    db
      .select({ value: count() })
      .from(clusters)
      .where(and(eq(clusters.organizationId, member.organizationId), ne(clusters.status, 'deleted'))),
    db.select({ value: count() }).from(orders).where(eq(orders.organizationId, member.organizationId)),
  ])
  return { clusters: clusterCount?.value ?? 0, orders: { total: orderCount?.value ?? 0 } }
}
