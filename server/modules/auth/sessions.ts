import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { UserRole } from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { organizations, sessions, users } from '#server/db/schema/index.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import { type UserWithOrganization, userWithOrganizationColumns } from '#server/modules/users/index.ts'

const HOUR_MS = 60 * 60 * 1000
export const SESSION_IDLE_MS = 30 * 24 * HOUR_MS
export const SESSION_ABSOLUTE_MS = 90 * 24 * HOUR_MS
/** Admins, the operator and officers act for many: their sessions end sooner. */
export const PRIVILEGED_SESSION_IDLE_MS = 12 * HOUR_MS
export const PRIVILEGED_SESSION_ABSOLUTE_MS = 7 * 24 * HOUR_MS
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

/** Who the session is for, as far as its lifetime goes. */
export type SessionHolder = { role: UserRole; isOfficer: boolean }

/** How long a session of this person lives idle, and at most. */
export function sessionLifetime(holder: SessionHolder): { idleMs: number; absoluteMs: number } {
  const privileged = holder.role === 'admin' || holder.role === 'super_admin' || holder.isOfficer
  return privileged
    ? { idleMs: PRIVILEGED_SESSION_IDLE_MS, absoluteMs: PRIVILEGED_SESSION_ABSOLUTE_MS }
    : { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS }
}

export async function createSession(
  db: Queryable,
  secret: string,
  userId: string,
  options: SessionMeta & { mfaPending?: boolean; holder?: SessionHolder } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken()
  const now = Date.now()
  const { idleMs, absoluteMs } = sessionLifetime(options.holder ?? { role: 'user', isOfficer: false })
  const expiresAt = new Date(now + (options.mfaPending ? MFA_PENDING_MS : idleMs))
  await db.insert(sessions).values({
    idHash: hashToken(secret, token),
    userId,
    mfaPending: options.mfaPending ?? false,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 400) ?? null,
    expiresAt,
    absoluteExpiresAt: new Date(now + absoluteMs),
    idleSeconds: idleMs / 1000,
  })
  return { token, expiresAt }
}

/** A session as read, with what deciding its expiry and its slide needs. */
export type SessionRow = ActiveSession & { lastSeenAt: Date; absoluteExpiresAt: Date; idleSeconds: number }

function sessionQuery(db: Database) {
  return db
    .select({
      idHash: sessions.idHash,
      id: sessions.id,
      mfaPending: sessions.mfaPending,
      mfaAttempts: sessions.mfaAttempts,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      idleSeconds: sessions.idleSeconds,
      user: { ...userWithOrganizationColumns, mfaSecret: users.mfaSecret },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .prepare('read_session')
}
/** Prepared once per database: PostgreSQL plans it once per connection. */
const preparedSessionQueries = new WeakMap<Database, ReturnType<typeof sessionQuery>>()

/** The session of a token hash with its user and organization, in one query; undefined once expired. */
export async function readSession(db: Database, idHash: string): Promise<SessionRow | undefined> {
  let query = preparedSessionQueries.get(db)
  if (!query) {
    query = sessionQuery(db)
    preparedSessionQueries.set(db, query)
  }
  const [row] = await query.execute({ idHash })
  return row
}

/** Whether the idle expiry is due to slide (a write, so at most once an hour per session). */
export const slideIsDue = (row: SessionRow, now: number) => now - row.lastSeenAt.getTime() > SLIDE_EVERY_MS

/** The idle expiry after activity now, never past the absolute one. */
export const slidExpiry = (row: SessionRow, now: number) =>
  new Date(Math.min(now + row.idleSeconds * 1000, row.absoluteExpiresAt.getTime()))

/** Slides the idle expiry of these sessions to now (one statement for many). */
export async function slideSessions(db: Queryable, idHashes: string[]): Promise<void> {
  if (idHashes.length === 0) return
  await db
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + ${sessions.idleSeconds} * interval '1 second', ${sessions.absoluteExpiresAt})`,
    })
    .where(inArray(sessions.idHash, idHashes))
}

export const activeSessionOf = ({
  lastSeenAt: _,
  absoluteExpiresAt: __,
  idleSeconds: ___,
  ...session
}: SessionRow): ActiveSession => session

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
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
