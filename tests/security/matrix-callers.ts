import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { scopesAllow, TOKEN_SCOPES, type TokenScope } from '#common/api-scopes.ts'
import { endpointAt, scopeOfRoute } from '#common/contract/index.ts'
import { apiTokens, clusterCredentials, clusters, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { pendingMayCall } from '#server/modules/auth/account-gate.ts'
import { eraseAccount } from '#server/modules/gdpr/erasure.ts'
import { retireAccount } from '#server/modules/organizations/members.ts'
import type { TestServer } from '#tests/helpers/server.ts'
import type { Caller, Row } from './matrix-rows.ts'

/*
 * The matrix's callers beyond the six people of matrix-rows.ts: an account of the demo
 * organization in each state the account gate knows (waiting for approval, deactivated, removed,
 * erased), each with a session that outlived its change; an API token of each scope; a token of
 * an account in each state that may not act; and a kubeconfig credential of each caller for the
 * cluster token review. What each must get is derived from the row, by the gate's own rules.
 */

export const ACCOUNT_STATES = ['pending', 'deactivated', 'removed', 'erased'] as const
export type AccountState = (typeof ACCOUNT_STATES)[number]

/** A token caller: one scope, or a token (every scope) of an account in a state that may not act. */
export type TokenCaller = TokenScope | `${Exclude<AccountState, 'pending'>} owner`
export const TOKEN_CALLERS: TokenCaller[] = [
  ...TOKEN_SCOPES,
  'deactivated owner',
  'removed owner',
  'erased owner',
]

export type StateAccounts = Record<AccountState, { id: string }>

/** A route that needs a signed-in caller, as the row's visitor shows (sign-in steps refuse for their own reasons). */
const needsSignIn = (row: Row) => row.expected.visitor === 401 && !row.url.startsWith('/api/login')

/**
 * An account in a state may act as follows: one waiting for approval makes its short list of calls
 * (seeing no more than someone of another organization), and is refused (403) the rest; the others
 * are answered as a visitor would be.
 */
export function expectedForState(row: Row, state: AccountState): number {
  const override = row.states?.[state]
  if (override !== undefined) return override
  if (!needsSignIn(row)) return row.expected.visitor
  if (state !== 'pending') return 401
  return pendingMayCall(row.method, row.url) ? row.expected.otherOrganization : 403
}

/**
 * A token is not a sign-in: a public route answers it as a visitor. Within its scope it acts as its
 * owner, a plain member of a third organization, so it gets what `otherOrganization` gets; outside
 * it, or on a route that never takes a token, 403. A token of an account that may not act is no
 * caller at all (401).
 */
export function expectedForToken(row: Row, caller: TokenCaller): number {
  if (!needsSignIn(row)) return row.expected.visitor
  if (caller.endsWith(' owner')) return 401
  // A token lists and revokes its owner's tokens whatever its scopes.
  if (endpointAt(row.method, row.url)?.token === 'anyScope') return row.expected.otherOrganization
  const needed = scopeOfRoute(row.method, row.url)
  return needed && scopesAllow([caller], needed) ? row.expected.otherOrganization : 403
}

/**
 * The demo organization's accounts in each state, reached the way the product gets there: a
 * registration waiting, a deactivation, a removal and a GDPR erasure.
 */
export async function insertStateAccounts(
  server: TestServer,
  organizationId: string,
): Promise<StateAccounts> {
  const account = async (membershipStatus: 'pending' | 'active' | 'deactivated') => {
    const suffix = randomBytes(4).toString('hex')
    const [row] = await server.db
      .insert(users)
      .values({
        username: `state-${suffix}`,
        email: `state-${suffix}@example.com`,
        name: `State ${suffix}`,
        passwordHash: 'not-used',
        emailVerified: true,
        organizationId,
        membershipStatus,
      })
      .returning({ id: users.id, email: users.email })
    return row!
  }
  const system = { system: true as const, organizationId }
  const removed = await account('active')
  const erased = await account('active')
  await inTransaction(server.db, async ({ tx }) => {
    await retireAccount(tx, { userId: removed.id, change: 'removed', actor: system })
    await eraseAccount(tx, erased.id, erased.email, system)
  })
  return {
    pending: await account('pending'),
    deactivated: await account('deactivated'),
    removed,
    erased,
  }
}

/**
 * A token per scope, of a plain member of `organizationId` (a third organization), and a token of
 * every scope per account that may not act — written as if made before the account changed.
 */
export async function insertTokens(
  server: TestServer,
  owner: { id: string; organizationId: string },
  states: StateAccounts,
  demoOrganizationId: string,
): Promise<Record<TokenCaller, string>> {
  const tokens = {} as Record<TokenCaller, string>
  const insert = async (caller: TokenCaller, userId: string, organization: string, scopes: string[]) => {
    const token = `cdk_${randomBytes(32).toString('base64url')}`
    await server.db.insert(apiTokens).values({
      userId,
      organizationId: organization,
      name: `Matrix ${caller}`,
      prefix: token.slice(0, 10),
      tokenHash: hashToken(server.ctx.config.sessionSecret, token),
      scopes,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    tokens[caller] = token
  }
  for (const scope of TOKEN_SCOPES) await insert(scope, owner.id, owner.organizationId, [scope])
  for (const state of ['deactivated', 'removed', 'erased'] as const)
    await insert(`${state} owner`, states[state].id, demoOrganizationId, [...TOKEN_SCOPES])
  return tokens
}

/** Who a kubeconfig credential of the demo cluster is issued to, for the token review's callers. */
export type ReviewCaller = Exclude<Caller, 'visitor'> | AccountState

/**
 * A kubeconfig credential of the demo cluster for each caller, as if issued before any change (a
 * credential that outlived its account's change is exactly what the review must refuse).
 */
export async function insertReviewCredentials(
  server: TestServer,
  clusterId: string,
  holders: Record<ReviewCaller, string>,
): Promise<Record<ReviewCaller, string>> {
  const tokens = {} as Record<ReviewCaller, string>
  // The rows rotate the cluster's credentials: these are of its current generation.
  const [cluster] = await server.db
    .select({ generation: clusters.credentialGeneration })
    .from(clusters)
    .where(eq(clusters.id, clusterId))
  for (const [caller, userId] of Object.entries(holders) as [ReviewCaller, string][]) {
    const token = `cdk_${randomBytes(32).toString('base64url')}`
    await server.db.insert(clusterCredentials).values({
      clusterId,
      userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      generation: cluster!.generation,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    tokens[caller] = token
  }
  return tokens
}

/** Only an active member of the cluster's organization is authenticated; the group follows the role. */
export const REVIEW_GROUPS: Partial<Record<ReviewCaller, string>> = {
  user: 'clusterdeck:members',
  admin: 'clusterdeck:owners',
}

export async function userIdOf(server: TestServer, username: string) {
  const [row] = await server.db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.username, username))
  return row!
}
