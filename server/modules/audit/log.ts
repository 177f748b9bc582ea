import { and, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AuditEntry, AuditQuery } from '#common/schemas/accounts.ts'
import type { Page } from '#common/schemas/pagination.ts'
import type { Queryable } from '#server/db/client.ts'
import { type AuditEntryRow, auditEntries } from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'
import { csvDocument } from '#server/lib/csv.ts'
import { decodeSequenceCursor, encodeSequenceCursor } from '#server/lib/cursor.ts'
import { likeEscaped } from '#server/lib/like.ts'

/** Reading the audit log: an admin reads their organization's, super_admin any or all. */

type Filters = Omit<AuditQuery, 'limit' | 'cursor'>

const CSV_MAX_ROWS = 10_000

function whereOf(caller: Caller, filters: Filters): SQL | undefined {
  const everyOrganization = caller.role === 'super_admin'
  const organizationId = everyOrganization ? filters.organizationId : caller.organizationId
  return and(
    organizationId ? eq(auditEntries.organizationId, organizationId) : undefined,
    filters.action
      ? or(
          eq(auditEntries.action, filters.action),
          like(auditEntries.action, `${likeEscaped(filters.action)}.%`),
        )
      : undefined,
    filters.actor ? ilike(auditEntries.actorLabel, `%${likeEscaped(filters.actor)}%`) : undefined,
    filters.from ? gte(auditEntries.createdAt, sql`${filters.from}::date`) : undefined,
    filters.to ? lt(auditEntries.createdAt, sql`${filters.to}::date + 1`) : undefined,
  )
}

function toEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actorLabel,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listAuditEntries(
  db: Queryable,
  caller: Caller,
  query: Filters & { limit: number; cursor?: string },
): Promise<Page<AuditEntry>> {
  const before = decodeSequenceCursor(query.cursor)
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(whereOf(caller, query), before === undefined ? undefined : lt(auditEntries.id, before)))
    .orderBy(desc(auditEntries.id))
    .limit(query.limit + 1)
  const items = rows.slice(0, query.limit).map(toEntry)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > query.limit && last ? encodeSequenceCursor(last.id) : null }
}

/** The filtered log as CSV, newest first, at most 10,000 entries. */
export async function auditCsv(db: Queryable, caller: Caller, filters: Filters): Promise<string> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(whereOf(caller, filters))
    .orderBy(desc(auditEntries.id))
    .limit(CSV_MAX_ROWS)
  return csvDocument([
    ['time', 'actor', 'action', 'target_type', 'target', 'detail', 'ip', 'user_agent'],
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      row.actorLabel,
      row.action,
      row.targetType,
      row.targetLabel ?? row.targetId,
      JSON.stringify(row.detail),
      row.ip,
      row.userAgent,
    ]),
  ])
}
