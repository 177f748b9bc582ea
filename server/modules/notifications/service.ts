import { and, count, desc, eq } from 'drizzle-orm'
import type { Channels, NotificationEvent } from '#common/schemas/accounts.ts'
import type { Notification as NotificationResponse } from '#common/schemas/notifications.ts'
import type { Queryable } from '#server/db/client.ts'
import { type Notification, notifications, users } from '#server/db/schema/index.ts'
import type { DatabaseUnit } from '#server/db/transaction.ts'
import { notFound } from '#server/lib/errors.ts'
import { publishToUser } from '#server/realtime/publish.ts'

export type NewNotification = {
  userId: string
  type: 'success' | 'warning' | 'error' | 'system' | 'info'
  message: string
  title?: string
  link?: string
}

export function toNotificationResponse(row: Notification): NotificationResponse {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    trash: row.trash,
  }
}

/**
 * Stores the notification, then announces it to every instance. Inside a transaction the
 * announcement is delivered by PostgreSQL at commit, so nobody hears of a row that was rolled back.
 */
export async function createNotification(uow: DatabaseUnit, input: NewNotification) {
  const [row] = await uow.tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      message: input.message,
      title: input.title,
      link: input.link,
    })
    .returning()
  const notification = toNotificationResponse(row!)
  await publishToUser(uow, input.userId, {
    ...notification,
    type: 'notification',
    notificationType: notification.type,
    userId: input.userId,
  })
  return notification
}

export async function listNotifications(db: Queryable, userId: string, limit: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.trash, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
  return rows.map(toNotificationResponse)
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.trash, false), eq(notifications.read, false)),
    )
  return row?.count ?? 0
}

const visibleNotificationOf = (userId: string, id: string) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.trash, false))

export async function markRead(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(visibleNotificationOf(userId, id))
    .returning()
  if (!row) throw notFound('Notification not found')
  return toNotificationResponse(row)
}

export async function markAllRead(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.trash, false), eq(notifications.read, false)),
    )
    .returning({ id: notifications.id })
  return rows.length
}

/** Trash is final: a trashed notification is never listed or changed again. */
export async function moveToTrash(db: Queryable, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ trash: true, read: true })
    .where(visibleNotificationOf(userId, id))
    .returning()
  if (!row) throw notFound('Notification not found')
  return toNotificationResponse(row)
}

/** The same notification to every officer (a request in their panel), linking to the panel. */
export async function notifyOfficers(
  uow: DatabaseUnit,
  notification: { title: string; message: string; link: string },
) {
  const officers = await uow.tx.select({ id: users.id }).from(users).where(eq(users.isOfficer, true))
  for (const officer of officers)
    await createNotification(uow, { userId: officer.id, type: 'info', ...notification })
}

/** A notification of an event the person may have turned off in their preferences (then none). */
export async function notifyOfEvent(
  uow: DatabaseUnit,
  event: NotificationEvent,
  input: NewNotification,
): Promise<void> {
  if ((await channelsFor(uow.tx, input.userId, event)).app) await createNotification(uow, input)
}

/** How a person wants to hear of an event: by email, in the app; both unless they turned one off. */
export async function channelsFor(
  db: Queryable,
  userId: string,
  event: NotificationEvent,
): Promise<Channels> {
  const [row] = await db
    .select({ preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId))
  return { email: true, app: true, ...row?.preferences[event] }
}
