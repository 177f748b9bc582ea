import { and, desc, eq } from 'drizzle-orm'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusterTemplates } from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'

/** Saved configurations an organization orders from again. */

const MAX_TEMPLATES = 100

function toTemplate(row: typeof clusterTemplates.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    configuration: row.configuration,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listTemplates(db: Queryable, caller: Caller) {
  const rows = await db
    .select()
    .from(clusterTemplates)
    .where(eq(clusterTemplates.organizationId, caller.organizationId))
    .orderBy(desc(clusterTemplates.createdAt))
    .limit(MAX_TEMPLATES)
  return { items: rows.map(toTemplate) }
}

export async function saveTemplate(
  db: Queryable,
  caller: Caller,
  input: { name: string; configuration: ClusterConfiguration },
) {
  const [row] = await db
    .insert(clusterTemplates)
    .values({ organizationId: caller.organizationId, createdBy: caller.userId, ...input })
    .returning()
  return toTemplate(row!)
}

export async function deleteTemplate(db: Queryable, caller: Caller, id: string) {
  const deleted = await db
    .delete(clusterTemplates)
    .where(and(eq(clusterTemplates.id, id), eq(clusterTemplates.organizationId, caller.organizationId)))
    .returning({ id: clusterTemplates.id })
  if (deleted.length === 0) throw notFound('Template not found')
}
