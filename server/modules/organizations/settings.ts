import { count, desc, eq, ilike, or } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  OrganizationOverview,
  OrganizationSettings,
  organizationTermsSchema,
} from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'
import { likeEscaped } from '#server/lib/like.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { listMembers } from './members.ts'

/** An organization's own rules (its admins), and every organization as the operator sees it. */

export async function organizationSettings(
  db: Queryable,
  organizationId: string,
): Promise<OrganizationSettings> {
  const [row] = await db
    .select({ requireMfa: organizations.requireMfa, verifiedDomains: organizations.verifiedDomains })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!row) throw notFound('Organization not found')
  return row
}

export async function updateOrganizationSettings(
  db: Database,
  caller: Caller,
  settings: OrganizationSettings,
) {
  return inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .update(organizations)
      .set(settings)
      .where(eq(organizations.id, caller.organizationId))
      .returning({ name: organizations.name })
    await recordAudit(
      tx,
      caller,
      'organization.updated',
      { type: 'organization', id: caller.organizationId, label: row?.name ?? null },
      { settings },
    )
    return organizationSettings(tx, caller.organizationId)
  })
}

const overviewColumns = {
  id: organizations.id,
  name: organizations.name,
  billingId: organizations.billingId,
  creditLimitCents: organizations.creditLimitCents,
  billingCurrency: organizations.billingCurrency,
  createdAt: organizations.createdAt,
  members: count(users.id),
}
type OverviewRow = Omit<OrganizationOverview, 'createdAt'> & { createdAt: Date }
const toOverview = (row: OverviewRow): OrganizationOverview => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** Every organization, newest first, found by name or billing ID (super_admin). */
export async function listOrganizations(
  db: Queryable,
  search: string | undefined,
): Promise<OrganizationOverview[]> {
  const pattern = search ? `%${likeEscaped(search)}%` : undefined
  const rows = await db
    .select(overviewColumns)
    .from(organizations)
    .leftJoin(users, eq(users.organizationId, organizations.id))
    .where(
      pattern ? or(ilike(organizations.name, pattern), ilike(organizations.billingId, pattern)) : undefined,
    )
    .groupBy(organizations.id)
    .orderBy(desc(organizations.createdAt))
    .limit(100)
  return rows.map(toOverview)
}

/** One organization with its members (super_admin). */
export async function organizationDirectoryEntry(db: Queryable, id: string) {
  const [row] = await db
    .select(overviewColumns)
    .from(organizations)
    .leftJoin(users, eq(users.organizationId, organizations.id))
    .where(eq(organizations.id, id))
    .groupBy(organizations.id)
  if (!row) throw notFound('Organization not found')
  return { ...toOverview(row), memberList: await listMembers(db, id) }
}

/** The credit limit and billing currency: the operator's to set. */
export async function updateOrganizationTerms(
  db: Database,
  caller: Caller,
  id: string,
  terms: z.infer<typeof organizationTermsSchema>,
) {
  await inTransaction(db, async ({ tx }) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update')
    if (!before) throw notFound('Organization not found')
    await tx.update(organizations).set(terms).where(eq(organizations.id, id))
    await recordAudit(
      tx,
      { ...caller, organizationId: id },
      'organization.terms_changed',
      { type: 'organization', id, label: before.name },
      {
        from: { creditLimitCents: before.creditLimitCents, billingCurrency: before.billingCurrency },
        to: terms,
      },
    )
  })
  return organizationDirectoryEntry(db, id)
}
