import { ZipArchive } from 'archiver'
import { desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import {
  auditEntries,
  notifications,
  orders,
  organizations,
  sessions,
  supportMessages,
  supportTickets,
  users,
} from '#server/db/schema/index.ts'
import { ticketsOfPerson } from './person-tickets.ts'

/**
 * Everything the product holds about a person, as JSON files in a ZIP with a README: profile,
 * sessions, membership, orders they placed, tickets they opened or wrote in, notifications and
 * the audit entries of what they did.
 */
export async function buildExportArchive(db: Queryable, userId: string, now: Date): Promise<Buffer> {
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      name: users.name,
      role: users.role,
      language: users.language,
      emailVerified: users.emailVerified,
      twoFactor: users.mfaEnabled,
      preferences: users.preferences,
      notificationPreferences: users.notificationPreferences,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!profile) throw new Error(`No user ${userId} to export`)
  const [membership] = await db
    .select({ organization: organizations.name, billingId: organizations.billingId })
    .from(organizations)
    .where(eq(organizations.id, profile.organizationId))
  const files: Record<string, unknown> = {
    'profile.json': profile,
    'membership.json': { ...membership, role: profile.role },
    'sessions.json': await db
      .select({
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    'orders.json': await db
      .select({
        reference: orders.reference,
        status: orders.status,
        configuration: orders.configuration,
        price: orders.price,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.createdBy, userId))
      .orderBy(desc(orders.createdAt)),
    'tickets.json': await db
      .select({
        number: supportTickets.number,
        subject: supportTickets.subject,
        status: supportTickets.status,
        createdAt: supportTickets.createdAt,
      })
      .from(supportTickets)
      .where(ticketsOfPerson(userId, profile.email)),
    'ticket-messages.json': await db
      .select({
        ticketId: supportMessages.ticketId,
        body: supportMessages.body,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .where(eq(supportMessages.authorUserId, userId)),
    'notifications.json': await db
      .select({
        title: notifications.title,
        message: notifications.message,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
    'audit.json': await db
      .select({
        action: auditEntries.action,
        targetType: auditEntries.targetType,
        target: auditEntries.targetLabel,
        ip: auditEntries.ip,
        createdAt: auditEntries.createdAt,
      })
      .from(auditEntries)
      .where(eq(auditEntries.actorUserId, userId))
      .orderBy(desc(auditEntries.id)),
  }
  const zip = new ZipArchive({ zlib: { level: 9 } })
  const chunks: Buffer[] = []
  zip.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    zip.on('end', resolve)
    zip.on('error', reject)
  })
  zip.append(readme(profile.name, now), { name: 'README.txt' })
  for (const [name, content] of Object.entries(files))
    zip.append(`${JSON.stringify(content, null, 2)}\n`, { name })
  await zip.finalize()
  await finished
  return Buffer.concat(chunks)
}

function readme(name: string, now: Date): string {
  return [
    `Your Clusterdeck data — ${name}`,
    `Exported ${now.toISOString()}`,
    '',
    'Each file is JSON:',
    '  profile.json          your account: name, email, role, language and preferences',
    '  membership.json       your organization and your role in it',
    '  sessions.json         where you were signed in (browser, address, times)',
    '  orders.json           the orders you placed',
    '  tickets.json          the support tickets you opened (and those sent from your verified address)',
    '  ticket-messages.json  what you wrote in support tickets',
    '  notifications.json    the notifications you received',
    '  audit.json            what you did, as the audit log records it',
    '',
    'Invoices belong to your organization: its admins download them from /billing.',
    '',
  ].join('\n')
}
