import { eq } from 'drizzle-orm'
import {
  NOTIFICATION_EVENTS,
  type NotificationPreferences,
  type Preferences,
} from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { findUserById, toUserResponse } from './queries.ts'

/** The signed-in person's own account: their name and their choices. */

export async function updateProfile(db: Database, caller: Caller, name: string) {
  return inTransaction(db, async ({ tx }) => {
    const [before] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, caller.userId))
      .for('update')
    if (before?.name !== name) {
      await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, caller.userId))
      await recordAudit(tx, caller, 'profile.updated', self(caller), {
        name: { from: before?.name, to: name },
      })
    }
    return toUserResponse((await findUserById(tx, caller.userId))!)
  })
}

const self = (caller: Caller) => ({ type: 'user' as const, id: caller.userId, label: caller.label ?? null })

/** The person's interface choices, kept for every browser they sign in from. */
export async function updatePreferences(db: Database, caller: Caller, preferences: Preferences) {
  return inTransaction(db, async ({ tx }) => {
    const [before] = await tx
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, caller.userId))
      .for('update')
    const merged = { ...before?.preferences, ...preferences }
    await tx
      .update(users)
      .set({ preferences: merged, updatedAt: new Date() })
      .where(eq(users.id, caller.userId))
    await recordAudit(tx, caller, 'preferences.updated', self(caller), { preferences })
    return toUserResponse((await findUserById(tx, caller.userId))!)
  })
}

/** How the person hears of each kind of event; everything is on until they turn it off. */
export async function notificationPreferences(
  db: Queryable,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId))
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [event, { email: true, app: true, ...row?.preferences[event] }]),
  ) as NotificationPreferences
}

export async function updateNotificationPreferences(
  db: Database,
  caller: Caller,
  preferences: NotificationPreferences,
) {
  return inTransaction(db, async ({ tx }) => {
    await tx
      .update(users)
      .set({ notificationPreferences: preferences, updatedAt: new Date() })
      .where(eq(users.id, caller.userId))
    await recordAudit(tx, caller, 'preferences.updated', self(caller), { notifications: preferences })
    return notificationPreferences(tx, caller.userId)
  })
}
