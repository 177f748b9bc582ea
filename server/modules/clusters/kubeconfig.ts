import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { parse, stringify } from 'yaml'
import { absoluteHref } from '#common/routes.ts'
import type { UserRole } from '#common/schemas/accounts.ts'
import { KUBECONFIG_LIFETIME_DAYS, type KubeconfigLifetime } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusterCredentials, clusters, organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, unauthorized } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { assertEmailVerified, standingOf } from '#server/modules/auth/index.ts'
import {
  CLUSTER_ACCESS_GROUPS,
  type DriverName,
  driverClusterOf,
  getDriver,
} from '#server/provisioning/index.ts'
import { auditOperation } from './changes.ts'
import { findCluster } from './service.ts'

/**
 * Kubeconfigs carry a bearer token per person and download, stored only as a hash, with the expiry
 * the person chose. A cluster's API server asks the token review who a token belongs to; the
 * review answers from the account as it is at that moment (its standing, organization and role),
 * so no change of the account can leave a working credential behind. Rotating a cluster's
 * credentials revokes every token it has.
 */

const TOKEN_PREFIX = 'cdk_'
const READY_STATUSES = ['running', 'scaling', 'updating', 'hibernating', 'hibernated'] as const
const DAY_MS = 24 * 60 * 60 * 1000
/** The review records a credential's last use at most this often. */
const LAST_USE_EVERY_MS = 60_000

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The caller, who must have proven their address before taking away a credential. */
async function issuingAccount(db: Queryable, caller: Caller) {
  const [account] = await db
    .select({ username: users.username, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
  if (!account) throw unauthorized('Please sign in to continue')
  assertEmailVerified(account)
  return account
}

type Issued = { clusterName: string; userName: string; expiresAt: Date; text: string; token: string }

/** A new credential on one of the organization's clusters (another's is a 404 first) and its kubeconfig. */
async function issueKubeconfig(
  ctx: ServerContext,
  db: Queryable,
  caller: Caller,
  clusterId: string,
  expiresAt: Date,
): Promise<Issued> {
  const cluster = await findCluster(db, caller, clusterId)
  const { username } = await issuingAccount(db, caller)
  if (!(READY_STATUSES as readonly string[]).includes(cluster.status) || !cluster.endpoint)
    throw conflict(`${cluster.name} has no kubeconfig yet: it is ${cluster.status}`, 'CLUSTER_NOT_READY')
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const [credential] = await db
    .insert(clusterCredentials)
    .values({
      clusterId: cluster.id,
      userId: caller.userId,
      tokenHash: hashToken(token),
      generation: cluster.credentialGeneration,
      expiresAt,
    })
    .returning({ id: clusterCredentials.id })
  const userName = `${username}@${cluster.name}`
  const driver = await getDriver(ctx, cluster.driver as DriverName)
  const text = await driver.kubeconfig(await driverClusterOf(db, cluster), { userName, token, expiresAt })
  await recordAudit(
    db,
    caller,
    'cluster_credential.issued',
    { type: 'cluster_credential', id: credential!.id, label: userName },
    { clusterId: cluster.id, clusterName: cluster.name, expiresAt: expiresAt.toISOString() },
  )
  return { clusterName: cluster.name, userName, expiresAt, text, token }
}

/** The lines above the YAML that tell a person reading the file when it stops working. */
function expiryComment(ctx: ServerContext, issued: Issued[]): string {
  const lines = issued.map(
    (entry) => `# ${entry.userName}: valid until ${entry.expiresAt.toISOString()} (UTC)`,
  )
  return [
    '# Kubeconfig issued by Clusterdeck with a personal credential per cluster.',
    ...lines,
    `# See or revoke your credentials on ${absoluteHref(ctx.config.appUrl, 'account')}#cluster-credentials`,
    '',
  ].join('\n')
}

const expiryOf = (lifetime: KubeconfigLifetime) =>
  new Date(Date.now() + KUBECONFIG_LIFETIME_DAYS[lifetime] * DAY_MS)

/** A kubeconfig for one cluster with a new credential of the chosen lifetime. */
export async function downloadKubeconfig(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  lifetime: KubeconfigLifetime,
) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const issued = await issueKubeconfig(ctx, tx, caller, clusterId, expiryOf(lifetime))
    return { name: issued.clusterName, text: expiryComment(ctx, [issued]) + issued.text }
  })
}

/** How long the credential of a kubectl exec plugin lives: kubectl asks again when it ends. */
export const EXEC_CREDENTIAL_MINUTES = 60

/**
 * A short-lived credential for `clusterdeck kubeconfig exec-credential` (a kubectl exec plugin):
 * issued, recorded and reviewed like a downloaded kubeconfig's, living an hour; with the cluster
 * entry of its kubeconfig so the client can write one that calls the plugin.
 */
export async function issueExecCredential(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const expiresAt = new Date(Date.now() + EXEC_CREDENTIAL_MINUTES * 60_000)
    const issued = await issueKubeconfig(ctx, tx, caller, clusterId, expiresAt)
    const document = parse(issued.text) as {
      clusters: {
        cluster: { server: string; 'certificate-authority-data': string; 'tls-server-name'?: string }
      }[]
    }
    const entry = document.clusters[0]!.cluster
    return {
      clusterName: issued.clusterName,
      token: issued.token,
      expiresAt: expiresAt.toISOString(),
      server: entry.server,
      certificateAuthorityData: entry['certificate-authority-data'],
      ...(entry['tls-server-name'] ? { tlsServerName: entry['tls-server-name'] } : {}),
    }
  })
}

type KubeconfigDocument = {
  clusters?: { name: string }[]
  contexts?: { name: string }[]
  users?: { name: string }[]
  'current-context'?: string
}

/**
 * One kubeconfig for several clusters: their clusters, users and contexts side by side. The user
 * entries keep their expiry extension, so the merged file still says when each credential ends.
 */
export async function mergedKubeconfig(
  ctx: ServerContext,
  caller: Caller,
  clusterIds: string[],
  lifetime: KubeconfigLifetime,
) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const expiresAt = expiryOf(lifetime)
    const issued: Issued[] = []
    for (const clusterId of new Set(clusterIds)) {
      issued.push(await issueKubeconfig(ctx, tx, caller, clusterId, expiresAt))
    }
    const documents = issued.map((entry) => parse(entry.text) as KubeconfigDocument)
    const merged = {
      apiVersion: 'v1',
      kind: 'Config',
      preferences: {},
      clusters: documents.flatMap((document) => document.clusters ?? []),
      users: documents.flatMap((document) => document.users ?? []),
      contexts: documents.flatMap((document) => document.contexts ?? []),
      'current-context': documents[0]?.['current-context'] ?? '',
    }
    return expiryComment(ctx, issued) + stringify(merged)
  })
}

/** Revokes every token of the cluster: kubeconfigs downloaded before stop working. */
export async function rotateCredentials(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (cluster.status === 'deleting' || cluster.status === 'deleted')
      throw conflict(`${cluster.name} is being deleted`)
    const now = new Date()
    await tx
      .update(clusterCredentials)
      .set({ revokedAt: now })
      .where(and(eq(clusterCredentials.clusterId, clusterId), isNull(clusterCredentials.revokedAt)))
    await tx
      .update(clusters)
      .set({
        credentialGeneration: sql`${clusters.credentialGeneration} + 1`,
        credentialsRotatedAt: now,
        updatedAt: now,
      })
      .where(eq(clusters.id, clusterId))
    await auditOperation(tx, caller, cluster, 'rotate_credentials')
  })
}

/** The group a role gives in the cluster, decided at each review: a demotion takes effect at once. */
export function clusterGroupOf(role: UserRole): string {
  return role === 'admin' || role === 'super_admin'
    ? CLUSTER_ACCESS_GROUPS.owners
    : CLUSTER_ACCESS_GROUPS.members
}

const NOT_AUTHENTICATED = { authenticated: false as const }

/**
 * Answers a Kubernetes TokenReview for a cluster's API server (webhook token authentication), every
 * time from the current state: the credential is live (not revoked, not expired, of the cluster's
 * current generation, the cluster running); its person may act (`standingOf`), still belongs to the
 * cluster's organization and meets its two-factor rule; the groups follow their role now.
 */
export async function reviewToken(db: Queryable, clusterId: string, token: string) {
  if (!token.startsWith(TOKEN_PREFIX)) return NOT_AUTHENTICATED
  const [row] = await db
    .select({
      credentialId: clusterCredentials.id,
      lastUsedAt: clusterCredentials.lastUsedAt,
      username: users.username,
      userId: users.id,
      role: users.role,
      membershipStatus: users.membershipStatus,
      mfaEnabled: users.mfaEnabled,
      organizationRequiresMfa: organizations.requireMfa,
      clusterName: clusters.name,
    })
    .from(clusterCredentials)
    .innerJoin(
      clusters,
      and(
        eq(clusters.id, clusterCredentials.clusterId),
        eq(clusters.credentialGeneration, clusterCredentials.generation),
      ),
    )
    .innerJoin(
      users,
      and(eq(users.id, clusterCredentials.userId), eq(users.organizationId, clusters.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(clusterCredentials.tokenHash, hashToken(token)),
        eq(clusterCredentials.clusterId, clusterId),
        isNull(clusterCredentials.revokedAt),
        gt(clusterCredentials.expiresAt, sql`now()`),
        inArray(clusters.status, [...READY_STATUSES]),
      ),
    )
  if (!row || standingOf(row) !== 'active') return NOT_AUTHENTICATED
  if (row.organizationRequiresMfa && !row.mfaEnabled) return NOT_AUTHENTICATED
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USE_EVERY_MS)
    await db
      .update(clusterCredentials)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(clusterCredentials.id, row.credentialId),
          or(
            isNull(clusterCredentials.lastUsedAt),
            lt(clusterCredentials.lastUsedAt, new Date(Date.now() - LAST_USE_EVERY_MS)),
          ),
        ),
      )
  return {
    authenticated: true as const,
    user: {
      username: `${row.username}@${row.clusterName}`,
      uid: row.userId,
      groups: ['system:authenticated', clusterGroupOf(row.role)],
    },
  }
}

/** Revokes every live cluster credential of a person (their kubeconfigs stop working); how many. */
export async function revokeClusterCredentialsOf(db: Queryable, userId: string): Promise<number> {
  const revoked = await db
    .update(clusterCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(clusterCredentials.userId, userId), isNull(clusterCredentials.revokedAt)))
    .returning({ id: clusterCredentials.id })
  return revoked.length
}
