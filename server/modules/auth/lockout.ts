import { and, asc, count, eq, gt, min, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { loginFailures } from '#server/db/schema/index.ts'
import { tooManyRequests } from '#server/lib/errors.ts'

export type LockoutPolicy = { maxFailures: number; windowSeconds: number }

/**
 * Takes the account's sign-in lock until the transaction ends: its attempts are checked, proven
 * and counted one at a time, so parallel guesses cannot all be weighed before any is counted.
 */
export async function lockSignInAttempts(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${userId}`}, 0))`)
}

/** Refuses a login attempt while the account has too many recent failures. */
export async function assertNotLockedOut(
  db: Queryable,
  userId: string,
  policy: LockoutPolicy,
): Promise<void> {
  const windowStart = sql`now() - make_interval(secs => ${policy.windowSeconds})`
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.createdAt, windowStart)))
  if (!row || row.failures < policy.maxFailures || !row.oldest) return
  // The lock lifts when enough failures have aged out of the window.
  const [unlocking] = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.createdAt, windowStart)))
    .orderBy(asc(loginFailures.createdAt))
    .offset(row.failures - policy.maxFailures)
    .limit(1)
  const unlockAt = (unlocking?.createdAt ?? row.oldest).getTime() + policy.windowSeconds * 1000
  const retryAfterSeconds = Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000))
  throw tooManyRequests(
    retryAfterSeconds,
    `Too many failed sign-in attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s) or reset your password.`,
  )
}

export async function recordLoginFailure(db: Queryable, userId: string): Promise<void> {
  await db.insert(loginFailures).values({ userId })
}

export async function clearLoginFailures(db: Queryable, userId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId))
}
