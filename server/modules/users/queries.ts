import { and, eq, inArray, sql } from 'drizzle-orm'
import { preferencesSchema } from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { PURCHASE_ORDER_STATUSES } from '#common/schemas/statuses.ts'
import type { Queryable } from '#server/db/client.ts'
import { orders, organizations, users } from '#server/db/schema/index.ts'

/** The columns that make up the API's user, joined with the organization in one query. */
export const userWithOrganizationColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  role: users.role,
  isOfficer: users.isOfficer,
  emailVerified: users.emailVerified,
  mfaEnabled: users.mfaEnabled,
  membershipStatus: users.membershipStatus,
  language: users.language,
  organizationId: users.organizationId,
  companyName: organizations.name,
  companyId: organizations.billingId,
  preferences: users.preferences,
  organizationRequiresMfa: organizations.requireMfa,
  // A purchase with something to pay: the first-purchase promotion no longer applies.
  organizationHasBought: sql<boolean>`exists (select 1 from ${orders} where ${orders.organizationId} = ${users.organizationId} and ${inArray(orders.status, [...PURCHASE_ORDER_STATUSES])} and ${orders.totalCents} > 0)`,
}

export type UserWithOrganization = {
  id: string
  username: string
  email: string
  name: string
  role: User['role']
  isOfficer: boolean
  emailVerified: boolean
  mfaEnabled: boolean
  membershipStatus: User['membershipStatus']
  language: User['language']
  organizationId: string
  companyName: string
  companyId: string
  preferences: Record<string, string>
  organizationRequiresMfa: boolean
  organizationHasBought: boolean
}

/** Preferences as stored; a row written before a choice was renamed answers none rather than fail. */
const storedPreferences = preferencesSchema.catch({})

export function toUserResponse(user: UserWithOrganization): User {
  const {
    organizationId: _organizationId,
    organizationRequiresMfa,
    organizationHasBought,
    preferences,
    ...response
  } = user
  return {
    ...response,
    // Someone waiting to join typed a billing ID: the organization's name is shown once they are in.
    companyName: user.membershipStatus === 'pending' ? '' : response.companyName,
    preferences: storedPreferences.parse(preferences),
    // The organization asks for two-factor authentication, and this person has not set it up yet.
    mfaEnrolmentRequired: organizationRequiresMfa && !user.mfaEnabled,
    promotionAvailable: !organizationHasBought,
  }
}

export async function findUserById(db: Queryable, userId: string): Promise<UserWithOrganization | undefined> {
  const [row] = await db
    .select(userWithOrganizationColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  return row
}

/** Login accepts the username (any case) or the email address. */
export async function findUserForLogin(db: Queryable, usernameOrEmail: string) {
  const identifier = usernameOrEmail.trim().toLowerCase()
  const [row] = await db
    .select({ ...userWithOrganizationColumns, passwordHash: users.passwordHash, mfaSecret: users.mfaSecret })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      identifier.includes('@') ? eq(users.email, identifier) : sql`lower(${users.username}) = ${identifier}`,
    )
  return row
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
  return row
}

/** The active admins of an organization, who hear of what waits for them (registrations, requests, alerts). */
export function activeAdminsOf(db: Queryable, organizationId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.role, ['admin', 'super_admin']),
        eq(users.membershipStatus, 'active'),
      ),
    )
}
