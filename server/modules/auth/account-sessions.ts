import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { AccountSession } from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { endSessions } from './sessions.ts'

/** The signed-in person's own sessions: where they are signed in, and ending one or all the others. */

/** The caller's live sessions, the most recently used first, the current one marked. */
export async function listSessions(db: Queryable, caller: Caller): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, caller.userId),
        eq(sessions.mfaPending, false),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === caller.sessionId,
  }))
}

export async function revokeSession(db: Database, caller: Caller, sessionId: string) {
  await inTransaction(db, async ({ tx }) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, caller.userId)))
      .returning({ id: sessions.id })
    if (!ended) throw notFound('Session not found')
    await recordAudit(tx, caller, 'session.revoked', { type: 'session', id: sessionId })
  })
}

export async function revokeOtherSessions(db: Database, caller: Caller) {
  await inTransaction(db, async ({ tx }) => {
    const count = await endSessions(tx, caller.userId, caller.sessionId)
    await recordAudit(tx, caller, 'session.others_revoked', self(caller), { count })
  })
}

const self = (caller: Caller) => ({ type: 'user' as const, id: caller.userId, label: caller.label ?? null })
