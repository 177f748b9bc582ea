import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#common/language.ts'
import { MEMBERSHIP_STATUSES, USER_ROLES, type UserRole } from '#common/schemas/accounts.ts'
import { organizations } from './organizations.ts'

export const userRoles = USER_ROLES
export type { UserRole }

export const membershipStatuses = MEMBERSHIP_STATUSES

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    /** Stored lower-cased so look-ups by email are exact. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: userRoles }).notNull().default('user'),
    isOfficer: boolean().notNull().default(false),
    emailVerified: boolean().notNull().default(false),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    /**
     * `pending` until an admin of the organization approves the registration; `deactivated` by an
     * admin: neither signs in.
     */
    membershipStatus: text({ enum: membershipStatuses }).notNull().default('active'),
    /** The language of the mails the user gets: the page's at registration, then their choice in the app. */
    language: text({ enum: LANGUAGES }).notNull().default('en'),
    mfaSecret: text(),
    mfaEnabled: boolean().notNull().default(false),
    /** The time step of the last code accepted: a code is never accepted twice. */
    mfaLastTimeStep: bigint({ mode: 'number' }),
    /** Theme, currency, billing cycle and language, applied on any browser the person signs in from. */
    preferences: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Which events reach the person by email and in the app; what is absent is on. */
    notificationPreferences: jsonb()
      .$type<Record<string, { email: boolean; app: boolean }>>()
      .notNull()
      .default({}),
    lastSignInAt: timestamp({ withTimezone: true }),
    /** The new address asked for, until its mailed link confirms it. */
    pendingEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_key').on(table.email),
    index('users_organization_id_idx').on(table.organizationId),
  ],
)

export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /**
     * The organization's verified domain the address is at: the registration is approved by itself
     * once the address is verified, never before.
     */
    vouchedDomain: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('registration_requests_organization_status_idx').on(table.organizationId, table.status)],
)

export type User = typeof users.$inferSelect
