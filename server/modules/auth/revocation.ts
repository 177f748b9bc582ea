import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import { scopesForRole } from '#common/api-scopes.ts'
import type { UserRole } from '#common/schemas/accounts.ts'
import type { Queryable } from '#server/db/client.ts'
import { apiTokens, passkeys, recoveryCodes, sessions, users } from '#server/db/schema/index.ts'
import { type AuditActor, recordAudit } from '#server/modules/audit/index.ts'

/*
 * The one revocation: every change of an account or of its secrets calls it, in the change's
 * transaction, and it ends what that change must end — sessions, API tokens, cluster credentials,
 * passkeys, recovery codes — with one audit entry saying how many of each.
 */

export type AccessChange =
  | 'deactivated'
  | 'removed'
  | 'erased'
  | 'registration_rejected'
  | 'role_changed'
  | 'password_reset'
  | 'password_changed'
  | 'mfa_enabled'

type Ends = {
  /** `others` keeps the session making the change (a person changing their own account). */
  sessions: 'all' | 'others'
  apiTokens: 'all' | 'beyond_role' | 'none'
  clusterCredentials: boolean
  passkeys: boolean
  recoveryCodes: boolean
}

const EVERYTHING: Ends = {
  sessions: 'all',
  apiTokens: 'all',
  clusterCredentials: true,
  passkeys: true,
  recoveryCodes: true,
}

/**
 * What each change ends. A deactivated account keeps its passkeys and recovery codes for the day
 * it is reactivated (the gate refuses it until then); a lost password may mean a taken account, so
 * a reset ends every credential the taker could have added.
 */
export const ENDS: Record<AccessChange, Ends> = {
  deactivated: { ...EVERYTHING, passkeys: false, recoveryCodes: false },
  removed: EVERYTHING,
  erased: EVERYTHING,
  registration_rejected: EVERYTHING,
  role_changed: {
    sessions: 'others',
    apiTokens: 'beyond_role',
    clusterCredentials: false,
    passkeys: false,
    recoveryCodes: false,
  },
  password_reset: { ...EVERYTHING, recoveryCodes: false },
  password_changed: { ...EVERYTHING, sessions: 'others', recoveryCodes: false },
  mfa_enabled: {
    sessions: 'others',
    apiTokens: 'none',
    clusterCredentials: false,
    passkeys: false,
    recoveryCodes: false,
  },
}

/**
 * Ends a person's cluster credentials (kubeconfigs) and answers how many it ended. They are the
 * clusters module's, which builds on auth (its token review asks auth's account gate): it hands
 * this over at start-up (server/app.ts), and each revocation that ends them calls it.
 */
export type ClusterCredentialRevoker = (tx: Queryable, userId: string) => Promise<number>

const clusterCredentialRevokers = new Set<ClusterCredentialRevoker>()

export function onRevokeClusterCredentials(revoker: ClusterCredentialRevoker): void {
  clusterCredentialRevokers.add(revoker)
}

async function revokeClusterCredentials(tx: Queryable, userId: string): Promise<number> {
  // Fails closed: a revocation that could not end the kubeconfigs must not pass for done.
  if (clusterCredentialRevokers.size === 0) throw new Error('No cluster credential revoker is registered')
  let revoked = 0
  for (const revoker of clusterCredentialRevokers) revoked += await revoker(tx, userId)
  return revoked
}

export type Revoked = {
  sessions: number
  apiTokens: number
  clusterCredentials: number
  passkeys: number
  recoveryCodes: number
}

export type Revocation = {
  userId: string
  change: AccessChange
  /** Who made the change, as the audit log names them. */
  actor: AuditActor
  /** The session making the change, kept where the change keeps it. */
  keepSessionId?: string
  /** The role after a role change: tokens with scopes beyond it end. */
  role?: UserRole
}

export async function revokeAccess(tx: Queryable, revocation: Revocation): Promise<Revoked> {
  const { userId, change } = revocation
  const ends = ENDS[change]
  const [account] = await tx
    .select({ email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId))
  const keep = ends.sessions === 'others' ? revocation.keepSessionId : undefined
  const endedSessions = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id })
  const revoked: Revoked = {
    sessions: endedSessions.length,
    apiTokens: await revokeApiTokens(tx, userId, ends.apiTokens, revocation.role),
    clusterCredentials: ends.clusterCredentials ? await revokeClusterCredentials(tx, userId) : 0,
    passkeys: ends.passkeys
      ? (await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length
      : 0,
    recoveryCodes: ends.recoveryCodes
      ? (
          await tx
            .delete(recoveryCodes)
            .where(eq(recoveryCodes.userId, userId))
            .returning({ id: recoveryCodes.id })
        ).length
      : 0,
  }
  await recordAudit(
    tx,
    revocation.actor,
    'access.revoked',
    { type: 'user', id: userId, label: account?.email ?? null },
    { change, ...revoked },
  )
  return revoked
}

async function revokeApiTokens(
  tx: Queryable,
  userId: string,
  which: Ends['apiTokens'],
  role: UserRole | undefined,
): Promise<number> {
  if (which === 'none') return 0
  const live = await tx
    .select({ id: apiTokens.id, scopes: apiTokens.scopes })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
  const allowed = which === 'beyond_role' ? scopesForRole(role ?? 'user') : []
  const ending = live.filter(
    (token) => which === 'all' || token.scopes.some((scope) => !(allowed as string[]).includes(scope)),
  )
  if (ending.length > 0)
    await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(
        inArray(
          apiTokens.id,
          ending.map((token) => token.id),
        ),
      )
  return ending.length
}
