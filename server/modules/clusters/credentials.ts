import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { ClusterCredential } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusterCredentials, clusters, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'

/** The person's own cluster credentials, as the account page lists and revokes them one by one. */

/**
 * The caller's credentials that still work: not revoked, not expired, of the cluster's current
 * generation, on a cluster of their organization that still exists; newest first.
 */
export async function listClusterCredentials(db: Queryable, caller: Caller): Promise<ClusterCredential[]> {
  const rows = await db
    .select({
      id: clusterCredentials.id,
      clusterId: clusters.id,
      clusterName: clusters.name,
      createdAt: clusterCredentials.createdAt,
      expiresAt: clusterCredentials.expiresAt,
      lastUsedAt: clusterCredentials.lastUsedAt,
    })
    .from(clusterCredentials)
    .innerJoin(
      clusters,
      and(
        eq(clusters.id, clusterCredentials.clusterId),
        eq(clusters.credentialGeneration, clusterCredentials.generation),
      ),
    )
    .where(
      and(
        eq(clusterCredentials.userId, caller.userId),
        eq(clusters.organizationId, caller.organizationId),
        isNull(clusterCredentials.revokedAt),
        gt(clusterCredentials.expiresAt, sql`now()`),
        ne(clusters.status, 'deleted'),
      ),
    )
    .orderBy(desc(clusterCredentials.createdAt), desc(clusterCredentials.id))
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }))
}

/** Revokes one of the caller's credentials: the cluster refuses its token at the next review. */
export async function revokeClusterCredential(ctx: ServerContext, caller: Caller, id: string) {
  await inTransaction(ctx.db, async ({ tx }) => {
    const [row] = await tx
      .update(clusterCredentials)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(clusterCredentials.id, id),
          eq(clusterCredentials.userId, caller.userId),
          isNull(clusterCredentials.revokedAt),
        ),
      )
      .returning({ clusterId: clusterCredentials.clusterId })
    if (!row) throw notFound('Credential not found')
    const [names] = await tx
      .select({ clusterName: clusters.name, username: users.username })
      .from(clusters)
      .innerJoin(users, eq(users.id, caller.userId))
      .where(eq(clusters.id, row.clusterId))
    await recordAudit(
      tx,
      caller,
      'cluster_credential.revoked',
      { type: 'cluster_credential', id, label: names ? `${names.username}@${names.clusterName}` : null },
      { clusterId: row.clusterId, clusterName: names?.clusterName ?? null },
    )
  })
}
