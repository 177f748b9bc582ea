import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { userRoles, users } from './users.ts'

/**
 * What changed, who changed it, when and from where. Rows are only ever inserted, in the
 * transaction of the change they record: a trigger (migration 0011) refuses UPDATE and DELETE.
 * The actor and target are plain ids, not foreign keys, so that removing a user never rewrites
 * the log.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    organizationId: uuid(),
    actorUserId: uuid(),
    /** The actor as they were then (email or "system"): the log reads without joins. */
    actorLabel: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_entries_organization_idx').on(table.organizationId, table.createdAt),
    index('audit_entries_actor_idx').on(table.actorUserId, table.createdAt),
  ],
)

export const invitationStatuses = ['pending', 'accepted', 'revoked'] as const

/** A mailed invitation to join an organization; the link carries a token whose hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    email: text().notNull(),
    role: text({ enum: userRoles }).notNull().default('user'),
    tokenHash: text().notNull().unique(),
    status: text({ enum: invitationStatuses }).notNull().default('pending'),
    invitedBy: uuid()
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invitations_organization_idx').on(table.organizationId, table.status)],
)

export const promotionRequestStatuses = ['pending', 'approved', 'declined'] as const

/** A member's request to become an admin of their organization. */
export const promotionRequests = pgTable(
  'promotion_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    reason: text().notNull(),
    status: text({ enum: promotionRequestStatuses }).notNull().default('pending'),
    note: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('promotion_requests_organization_idx').on(table.organizationId, table.status)],
)

export type AuditEntryRow = typeof auditEntries.$inferSelect
export type InvitationRow = typeof invitations.$inferSelect
export type PromotionRequestRow = typeof promotionRequests.$inferSelect
