import type { AuditAction } from '#common/schemas/accounts.ts'
import type { Queryable } from '#server/db/client.ts'
import { auditEntries } from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'

/**
 * The audit log's one writer. Call it with the transaction of the change it records, so the entry
 * exists exactly when the change does; the table refuses UPDATE and DELETE (migration 0011).
 */

export type AuditTarget = {
  type:
    | 'user'
    | 'session'
    | 'invitation'
    | 'registration'
    | 'promotion_request'
    | 'organization'
    | 'passkey'
    | 'api_token'
    | 'gdpr_request'
    | 'cluster'
    | 'installation'
    | 'order'
    | 'invoice'
    | 'payment'
    | 'cluster_credential'
  id?: string | null
  label?: string | null
}

/** Who did it: a caller of the API, or the platform itself. */
export type AuditActor = Caller | { system: true; organizationId?: string | null }

export async function recordAudit(
  db: Queryable,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const byPlatform = 'system' in actor
  await db.insert(auditEntries).values({
    organizationId: actor.organizationId ?? null,
    actorUserId: byPlatform ? null : actor.userId,
    actorLabel: byPlatform ? 'system' : (actor.label ?? actor.userId),
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    targetLabel: target.label ?? null,
    detail: wellFormed(detail),
    ip: byPlatform ? null : (actor.ip ?? null),
    userAgent: byPlatform ? null : (actor.userAgent?.slice(0, 400) ?? null),
  })
}

/** jsonb refuses a lone UTF-16 surrogate, which a person's text may hold: it becomes U+FFFD. */
function wellFormed(detail: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'string' ? value.toWellFormed() : value,
    ),
  )
}
