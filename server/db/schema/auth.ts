import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie value: a leaked table does not yield usable sessions. */
    idHash: text().primaryKey(),
    /** What the account page names a session by (the hash never leaves the server). */
    id: uuid().notNull().unique().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Password accepted, second factor still to come. */
    mfaPending: boolean().notNull().default(false),
    mfaAttempts: integer().notNull().default(0),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** How long the session lives idle: shorter for admins and officers. */
    idleSeconds: integer().notNull().default(2_592_000),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
)

export const authTokenPurposes = ['verify_email', 'reset_password', 'magic_link', 'change_email'] as const
export type AuthTokenPurpose = (typeof authTokenPurposes)[number]

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: authTokenPurposes }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_tokens_user_purpose_idx').on(table.userId, table.purpose)],
)

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_user_created_idx').on(table.userId, table.createdAt)],
)

/** Fixed-window counters shared by every instance (per-IP limits on guessable routes). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
})
