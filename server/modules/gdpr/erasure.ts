import { and, count, eq, inArray, ne } from 'drizzle-orm'
import type { ErasurePreview } from '#common/schemas/gdpr.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  apiTokens,
  auditEntries,
  invoices,
  notifications,
  orders,
  passkeys,
  recoveryCodes,
  sessions,
  supportMessages,
  supportTickets,
  users,
} from '#server/db/schema/index.ts'
import type { AuditActor } from '#server/modules/audit/index.ts'
import { retireAccount } from '#server/modules/organizations/index.ts'
import { ticketsOfPerson } from './person-tickets.ts'

/** The name that replaces an erased person's wherever their records stay. */
export const ERASED_NAME = 'Erased user'

const counted = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0

/** What erasing this person removes, anonymises and keeps, and whether unpaid invoices block it. */
export async function erasurePreview(db: Queryable, userId: string, organizationId: string, email: string) {
  const ticketsOf = ticketsOfPerson(userId, email)
  const preview: ErasurePreview = {
    deleted: {
      sessions: await counted(
        db.select({ value: count() }).from(sessions).where(eq(sessions.userId, userId)),
      ),
      passkeys: await counted(
        db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
      ),
      apiTokens: await counted(
        db.select({ value: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)),
      ),
      notifications: await counted(
        db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
      ),
    },
    anonymised: {
      profile: true,
      tickets: await counted(db.select({ value: count() }).from(supportTickets).where(ticketsOf)),
      messages: await counted(
        db.select({ value: count() }).from(supportMessages).where(eq(supportMessages.authorUserId, userId)),
      ),
    },
    kept: {
      invoices: await counted(
        db.select({ value: count() }).from(invoices).where(eq(invoices.organizationId, organizationId)),
      ),
      orders: await counted(db.select({ value: count() }).from(orders).where(eq(orders.createdBy, userId))),
      auditEntries: await counted(
        db.select({ value: count() }).from(auditEntries).where(eq(auditEntries.actorUserId, userId)),
      ),
    },
    unpaidInvoices: await counted(
      db
        .select({ value: count() })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), ne(invoices.status, 'paid'))),
    ),
  }
  return preview
}

/**
 * Erases a person: their ways in and what only concerned them are deleted; their name and address
 * are replaced wherever records must stay (orders, tickets); invoices are the organization's and
 * stay as issued, for the 10 years French law requires. The audit log keeps its entries.
 */
export async function eraseAccount(tx: Queryable, userId: string, email: string, actor: AuditActor) {
  await retireAccount(tx, { userId, change: 'erased', actor, name: ERASED_NAME })
  await tx.delete(passkeys).where(eq(passkeys.userId, userId))
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId))
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.delete(notifications).where(eq(notifications.userId, userId))
  await tx
    .update(users)
    .set({ preferences: {}, notificationPreferences: {}, lastSignInAt: null })
    .where(eq(users.id, userId))
  const erasedAddress = `erased-${userId}@accounts.invalid`
  const tickets = await tx
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(ticketsOfPerson(userId, email))
  if (tickets.length > 0)
    await tx
      .update(supportTickets)
      .set({ requesterName: ERASED_NAME, requesterEmail: erasedAddress, cc: [] })
      .where(
        inArray(
          supportTickets.id,
          tickets.map((ticket) => ticket.id),
        ),
      )
  await tx
    .update(supportMessages)
    .set({ authorName: ERASED_NAME })
    .where(eq(supportMessages.authorUserId, userId))
}
