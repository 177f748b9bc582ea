import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Member, UserRole } from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, forbidden, notFound } from '#server/lib/errors.ts'
import { type AuditActor, recordAudit } from '#server/modules/audit/index.ts'
import { type AccessChange, revokeAccess } from '#server/modules/auth/index.ts'

/*
 * An organization's members as its admins manage them. Every change keeps at least one active
 * admin, ends the sessions it must, and writes its audit entry in the same transaction.
 */

const ADMIN_ROLES: UserRole[] = ['admin', 'super_admin']

const memberColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  membershipStatus: users.membershipStatus,
  mfaEnabled: users.mfaEnabled,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
}
type MemberRow = Omit<Member, 'lastSignInAt' | 'createdAt'> & { lastSignInAt: Date | null; createdAt: Date }

export function toMember(row: MemberRow): Member {
  return {
    ...row,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The organization's members, admins first, pending registrations and removed accounts left out. */
export async function listMembers(db: Queryable, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.membershipStatus, ['active', 'deactivated']),
      ),
    )
    .orderBy(sql`${users.role} = 'user'`, asc(users.name))
  return rows.map(toMember)
}

/** A member of the caller's organization, locked for the change (404 for anyone else's). */
async function memberForChange(tx: Queryable, caller: Caller, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.organizationId, caller.organizationId),
        inArray(users.membershipStatus, ['active', 'deactivated']),
      ),
    )
    .for('update')
  if (!row) throw notFound('Member not found')
  return row
}

/** Refuses a change that would leave the organization without an active admin. */
async function assertAnotherAdmin(tx: Queryable, organizationId: string, member: MemberRow, change: string) {
  if (!ADMIN_ROLES.includes(member.role) || member.membershipStatus !== 'active') return
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.role, ADMIN_ROLES),
        eq(users.membershipStatus, 'active'),
        ne(users.id, member.id),
      ),
    )
    .limit(1)
    .for('update')
  if (!other)
    throw conflict(
      `${member.name} is the organization's last admin and cannot be ${change}: make another member admin first.`,
      'LAST_ADMIN',
    )
}

/** Only the operator changes an operator's account. */
function assertMayManage(caller: Caller, member: MemberRow) {
  if (member.role === 'super_admin' && caller.role !== 'super_admin')
    throw forbidden('Only a super admin may change a super admin', 'SUPER_ADMIN_ONLY')
}

export async function changeRole(db: Database, caller: Caller, userId: string, role: UserRole) {
  return inTransaction(db, async ({ tx }) => {
    const member = await memberForChange(tx, caller, userId)
    assertMayManage(caller, member)
    if (member.role === role) return toMember(member)
    if (!ADMIN_ROLES.includes(role)) await assertAnotherAdmin(tx, caller.organizationId, member, 'demoted')
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId))
    // A new role starts with new sessions (the old ones carried the old rights), and tokens
    // with scopes the new role does not allow end.
    await revokeAccess(tx, {
      userId,
      change: 'role_changed',
      actor: caller,
      keepSessionId: userId === caller.userId ? caller.sessionId : undefined,
      role,
    })
    await recordAudit(tx, caller, 'member.role_changed', target(member), { from: member.role, to: role })
    return toMember({ ...member, role })
  })
}

export async function setActive(db: Database, caller: Caller, userId: string, active: boolean) {
  return inTransaction(db, async ({ tx }) => {
    const member = await memberForChange(tx, caller, userId)
    assertMayManage(caller, member)
    const membershipStatus = active ? 'active' : 'deactivated'
    if (member.membershipStatus === membershipStatus) return toMember(member)
    // The last admin first: it is the reason that matters when both hold.
    if (!active) await assertAnotherAdmin(tx, caller.organizationId, member, 'deactivated')
    if (userId === caller.userId) throw conflict('You cannot deactivate your own account', 'SELF')
    await tx.update(users).set({ membershipStatus, updatedAt: new Date() }).where(eq(users.id, userId))
    if (!active) await revokeAccess(tx, { userId, change: 'deactivated', actor: caller })
    await recordAudit(tx, caller, active ? 'member.reactivated' : 'member.deactivated', target(member))
    return toMember({ ...member, membershipStatus })
  })
}

/**
 * Removes a member from the organization. What they did stays (orders, tickets, invoices name
 * them), so the account is retired rather than deleted: its sign-in details are cleared, and
 * the address is free for a new invitation.
 */
export async function removeMember(db: Database, caller: Caller, userId: string) {
  await inTransaction(db, async ({ tx }) => {
    const member = await memberForChange(tx, caller, userId)
    assertMayManage(caller, member)
    await assertAnotherAdmin(tx, caller.organizationId, member, 'removed')
    if (userId === caller.userId) throw conflict('You cannot remove your own account', 'SELF')
    await retireAccount(tx, { userId, change: 'removed', actor: caller })
    await recordAudit(tx, caller, 'member.removed', target(member))
  })
}

/**
 * Clears an account's ways in — every credential through the one revocation, the password, the
 * second factor, the officer flag — and its address, keeping the row that history points at.
 */
export async function retireAccount(
  tx: Queryable,
  retirement: {
    userId: string
    change: Extract<AccessChange, 'removed' | 'erased' | 'registration_rejected'>
    actor: AuditActor
    /** The name kept in its place (an erased person's). */
    name?: string
  },
) {
  const { userId, name } = retirement
  await revokeAccess(tx, { userId, change: retirement.change, actor: retirement.actor })
  await tx
    .update(users)
    .set({
      membershipStatus: 'removed',
      email: `removed-${userId}@accounts.invalid`,
      username: `removed-${userId.slice(0, 8)}`,
      passwordHash: '!',
      mfaEnabled: false,
      mfaSecret: null,
      mfaLastTimeStep: null,
      isOfficer: false,
      pendingEmail: null,
      ...(name === undefined ? {} : { name }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
}

const target = (member: MemberRow) => ({ type: 'user' as const, id: member.id, label: member.email })
