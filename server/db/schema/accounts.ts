import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bytea } from './columns.ts'
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

/** Single-use codes for a lost authenticator: only their keyed hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
)

/** A WebAuthn credential (passkey) that signs its owner in without a password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text().notNull().unique(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
)

/** A WebAuthn challenge handed to a browser, used once within five minutes. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid().primaryKey().defaultRandom(),
  /** The registering user; none for a sign-in, where the passkey names its owner. */
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text({ enum: ['register', 'authenticate'] }).notNull(),
  challenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
})

/** A personal API token (`cdk_…`): its hash, scopes and expiry; shown to its owner once. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    /** The first characters of the token, so a person recognises it in the list. */
    prefix: text().notNull(),
    tokenHash: text().notNull().unique(),
    scopes: jsonb().$type<string[]>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    revokedAt: timestamp({ withTimezone: true }),
    expiryMailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('api_tokens_user_idx').on(table.userId),
    index('api_tokens_expires_idx').on(table.expiresAt),
  ],
)

export const gdprRequestKinds = ['export', 'erasure'] as const
export const gdprRequestStatuses = ['pending', 'ready', 'approved', 'refused', 'expired'] as const

/**
 * A person's request under the GDPR: an export (built by a job, downloadable for 7 days) or an
 * erasure (decided by an officer before its legal deadline).
 */
export const gdprRequests = pgTable(
  'gdpr_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: gdprRequestKinds }).notNull(),
    status: text({ enum: gdprRequestStatuses }).notNull().default('pending'),
    /** The requester's address when they asked (an erased account's changes). */
    email: text().notNull(),
    name: text().notNull(),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    extendedAt: timestamp({ withTimezone: true }),
    reason: text(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    archive: bytea(),
    archiveExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gdpr_requests_status_idx').on(table.status, table.deadlineAt),
    index('gdpr_requests_user_idx').on(table.userId),
  ],
)
