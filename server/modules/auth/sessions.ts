import { and, eq, gt, ne, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { organizations, sessions, users } from '#server/db/schema/index.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import { type UserWithOrganization, userWithOrganizationColumns } from '#server/modules/users/queries.ts'

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000
/** Between password and code a session lives only this long. */
export const MFA_PENDING_MS = 10 * 60 * 1000
/** Sliding the expiry costs a write, so it happens at most this often per session. */
const SLIDE_EVERY_MS = 60 * 60 * 1000

export type ActiveSession = {
  idHash: string
  id: string
  mfaPending: boolean
  mfaAttempts: number
  expiresAt: Date
  user: UserWithOrganization & { mfaSecret: string | null }
}

export type SessionMeta = { ip?: string; userAgent?: string }

export async function createSession(
  db: Queryable,
  secret: string,
  userId: string,
  options: SessionMeta & { mfaPending?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken()
  const now = Date.now()
  const expiresAt = new Date(now + (options.mfaPending ? MFA_PENDING_MS : SESSION_IDLE_MS))
  await db.insert(sessions).values({
    idHash: hashToken(secret, token),
    userId,
    mfaPending: options.mfaPending ?? false,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 400) ?? null,
    expiresAt,
    absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  })
  return { token, expiresAt }
}

/** Looks the session up with its user and organization in one query, sliding its expiry when due. */
export async function findActiveSession(
  db: Queryable,
  secret: string,
  token: string,
): Promise<ActiveSession | undefined> {
  const idHash = hashToken(secret, token)
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      id: sessions.id,
      mfaPending: sessions.mfaPending,
      mfaAttempts: sessions.mfaAttempts,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: { ...userWithOrganizationColumns, mfaSecret: users.mfaSecret },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
  if (!row) return undefined
  let expiresAt = row.expiresAt
  if (Date.now() - row.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    expiresAt = new Date(Math.min(Date.now() + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime()))
    await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.idHash, idHash))
  }
  return {
    idHash,
    id: row.id,
    mfaPending: row.mfaPending,
    mfaAttempts: row.mfaAttempts,
    expiresAt,
    user: row.user,
  }
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
}

/** Signs a user out everywhere, optionally keeping the session making the request. */
export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  exceptIdHash?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    )
}

export async function recordMfaAttempt(db: Queryable, idHash: string): Promise<number> {
  const [row] = await db
    .update(sessions)
    .set({ mfaAttempts: sql`${sessions.mfaAttempts} + 1` })
    .where(eq(sessions.idHash, idHash))
    .returning({ mfaAttempts: sessions.mfaAttempts })
  return row?.mfaAttempts ?? Number.POSITIVE_INFINITY
}

/** Signs a user out everywhere but for the session `keepId` (a person changing their own account); how many ended. */
export async function endSessions(db: Queryable, userId: string, keepId?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id })
  return ended.length
}
