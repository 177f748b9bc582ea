import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { parse, stringify } from 'yaml'
import type { ServerContext } from '#server/context.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { clusterCredentials, clusters, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import type { DriverName } from '#server/provisioning/driver.ts'
import { driverClusterOf, getDriver } from '#server/provisioning/engine.ts'
import { auditOperation } from './changes.ts'
import { findCluster } from './service.ts'

/**
 * Kubeconfigs carry a bearer token per person, stored only as a hash. A cluster's API server asks
 * the token review endpoint who a token belongs to; rotating a cluster's credentials revokes every
 * token it has, so every kubeconfig downloaded before stops working.
 */

const TOKEN_PREFIX = 'cdk_'
const READY_STATUSES = ['running', 'scaling', 'updating', 'hibernating', 'hibernated'] as const

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

async function issueToken(db: Queryable, clusterId: string, userId: string, generation: number) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const expiresAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
  await db
    .insert(clusterCredentials)
    .values({ clusterId, userId, tokenHash: hashToken(token), generation, expiresAt })
  return token
}

async function kubeconfigOf(ctx: ServerContext, db: Database, caller: Caller, clusterId: string) {
  const cluster = await findCluster(db, caller, clusterId)
  if (!(READY_STATUSES as readonly string[]).includes(cluster.status) || !cluster.endpoint)
    throw conflict(`${cluster.name} has no kubeconfig yet: it is ${cluster.status}`, 'CLUSTER_NOT_READY')
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, caller.userId))
  const token = await issueToken(db, cluster.id, caller.userId, cluster.credentialGeneration)
  const driver = await getDriver(ctx, cluster.driver as DriverName)
  const text = await driver.kubeconfig(await driverClusterOf(db, cluster), {
    userName: `${user?.username ?? 'user'}@${cluster.name}`,
    token,
  })
  return { name: cluster.name, text }
}

export async function downloadKubeconfig(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx.db, (tx) => kubeconfigOf(ctx, tx, caller, clusterId))
}

type KubeconfigDocument = {
  clusters?: { name: string }[]
  contexts?: { name: string }[]
  users?: { name: string }[]
  'current-context'?: string
}

/** One kubeconfig for several clusters: their clusters, users and contexts side by side. */
export async function mergedKubeconfig(ctx: ServerContext, caller: Caller, clusterIds: string[]) {
  return inTransaction(ctx.db, async (tx) => {
    const documents: KubeconfigDocument[] = []
    for (const clusterId of new Set(clusterIds)) {
      documents.push(parse((await kubeconfigOf(ctx, tx, caller, clusterId)).text) as KubeconfigDocument)
    }
    const merged = {
      apiVersion: 'v1',
      kind: 'Config',
      preferences: {},
      clusters: documents.flatMap((document) => document.clusters ?? []),
      users: documents.flatMap((document) => document.users ?? []),
      contexts: documents.flatMap((document) => document.contexts ?? []),
      'current-context': documents[0]?.['current-context'] ?? '',
    }
    return stringify(merged)
  })
}

/** Revokes every token of the cluster: kubeconfigs downloaded before stop working. */
export async function rotateCredentials(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx.db, async (tx) => {
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

/**
 * Answers a Kubernetes TokenReview for a cluster's API server (webhook token authentication): the
 * person a live token belongs to, or not authenticated.
 */
export async function reviewToken(db: Queryable, clusterId: string, token: string) {
  if (!token.startsWith(TOKEN_PREFIX)) return { authenticated: false as const }
  const [row] = await db
    .select({
      username: users.username,
      userId: users.id,
      clusterName: clusters.name,
      status: clusters.status,
    })
    .from(clusterCredentials)
    .innerJoin(clusters, eq(clusters.id, clusterCredentials.clusterId))
    .innerJoin(users, eq(users.id, clusterCredentials.userId))
    .where(
      and(
        eq(clusterCredentials.tokenHash, hashToken(token)),
        eq(clusterCredentials.clusterId, clusterId),
        isNull(clusterCredentials.revokedAt),
        inArray(clusters.status, [...READY_STATUSES]),
      ),
    )
  if (!row) return { authenticated: false as const }
  return {
    authenticated: true as const,
    user: {
      username: `${row.username}@${row.clusterName}`,
      uid: row.userId,
      groups: ['system:authenticated', 'clusterdeck:owners'],
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
