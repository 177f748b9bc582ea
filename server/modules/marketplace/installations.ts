import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { compareVersions } from '#common/product-rules.ts'
import type {
  Installation,
  InstallationListQuery,
  InstallationOperation,
  InstallationSummary,
} from '#common/schemas/installations.ts'
import { settingsDiff } from '#common/settings-diff.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  addOns,
  clusters,
  type InstallationRow,
  type InstallationStepRow,
  installationOperations,
  installationSteps,
  installations,
  middlewareProducts,
  orders,
  users,
} from '#server/db/schema/index.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'

/** Reading the organization's installations: the lists of the orders screens and one installation's page. */

const SORTS = {
  newest: [desc(installations.createdAt), desc(installations.id)],
  oldest: [asc(installations.createdAt), asc(installations.id)],
  product: [asc(installations.productName), desc(installations.createdAt)],
  price: [desc(installations.monthlyPriceCents), desc(installations.createdAt)],
} as const

const summaryColumns = {
  installation: installations,
  clusterName: clusters.name,
  orderReference: orders.reference,
}

type SummaryRow = { installation: InstallationRow; clusterName: string; orderReference: string | null }

export async function listInstallations(
  db: Queryable,
  caller: Caller,
  query: InstallationListQuery,
): Promise<InstallationSummary[]> {
  const rows = await selectSummaries(
    db,
    and(
      eq(installations.organizationId, caller.organizationId),
      query.kind ? eq(installations.productKind, query.kind) : undefined,
      query.status ? eq(installations.status, query.status) : undefined,
      query.clusterId ? eq(installations.clusterId, query.clusterId) : undefined,
    ),
    SORTS[query.sort],
  )
  return toSummaries(db, rows)
}

/** One installation of the organization, whole: another organization's is not found. */
export async function findInstallation(db: Queryable, caller: Caller, id: string): Promise<Installation> {
  const [row] = await selectSummaries(
    db,
    and(eq(installations.id, id), eq(installations.organizationId, caller.organizationId)),
    SORTS.newest,
  )
  if (!row) throw notFound('Installation not found')
  const [summary] = await toSummaries(db, [row])
  const { installation } = row
  return {
    ...summary!,
    settings: installation.settings,
    previousVersion: installation.previousVersion,
    endpoints: installation.endpoints,
    username: installation.username,
    hasPassword: installation.passwordCiphertext !== null,
    credentialsRotatedAt: installation.credentialsRotatedAt?.toISOString() ?? null,
    operations: await operationsOf(db, installation.id),
  }
}

/** The row itself, for the changes: 404 when it is another organization's. */
export async function installationRow(db: Queryable, caller: Caller, id: string): Promise<InstallationRow> {
  const [row] = await db
    .select()
    .from(installations)
    .where(and(eq(installations.id, id), eq(installations.organizationId, caller.organizationId)))
  if (!row) throw notFound('Installation not found')
  return row
}

function selectSummaries(
  db: Queryable,
  where: SQL | undefined,
  orderBy: readonly SQL[],
): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(installations)
    .innerJoin(clusters, eq(clusters.id, installations.clusterId))
    .leftJoin(orders, eq(orders.id, installations.orderId))
    .where(where)
    .orderBy(...orderBy)
}

/** Adds what the rows do not hold: the catalog's newest versions and the active operations' progress. */
async function toSummaries(db: Queryable, rows: SummaryRow[]): Promise<InstallationSummary[]> {
  if (rows.length === 0) return []
  const latest = await latestVersions(db)
  const activeIds = rows.flatMap((row) =>
    row.installation.activeOperationId ? [row.installation.activeOperationId] : [],
  )
  const activeSteps = activeIds.length
    ? await db.select().from(installationSteps).where(inArray(installationSteps.operationId, activeIds))
    : []
  const activeKinds = activeIds.length
    ? await db
        .select({ id: installationOperations.id, kind: installationOperations.kind })
        .from(installationOperations)
        .where(inArray(installationOperations.id, activeIds))
    : []
  return rows.map(({ installation, clusterName, orderReference }) => {
    const newest = latest.get(installation.productId)
    const operationId = installation.activeOperationId
    const kind = activeKinds.find((entry) => entry.id === operationId)?.kind
    return {
      id: installation.id,
      productId: installation.productId,
      productName: installation.productName,
      productKind: installation.productKind,
      clusterId: installation.clusterId,
      clusterName,
      namespace: installation.namespace,
      planId: installation.planId,
      version: installation.version,
      upgradeAvailable:
        newest && installation.status !== 'uninstalled' && compareVersions(newest, installation.version) > 0
          ? newest
          : null,
      status: installation.status,
      statusReason: installation.statusReason,
      monthlyPriceCents: installation.monthlyPriceCents,
      orderId: installation.orderId,
      orderReference,
      activeOperation:
        operationId && kind
          ? {
              id: operationId,
              kind,
              progress: progressOf(activeSteps.filter((step) => step.operationId === operationId)),
            }
          : null,
      createdAt: installation.createdAt.toISOString(),
      updatedAt: installation.updatedAt.toISOString(),
    }
  })
}

/** How far an operation got, weighed by its steps' expected durations (0 to 1). */
export function progressOf(steps: Pick<InstallationStepRow, 'status' | 'estimatedSeconds'>[]): number {
  const total = steps.reduce((sum, step) => sum + step.estimatedSeconds, 0)
  if (total === 0) return 0
  const done = steps
    .filter((step) => step.status === 'succeeded')
    .reduce((sum, step) => sum + step.estimatedSeconds, 0)
  return Math.round((done / total) * 100) / 100
}

/** Each product's newest version, from both catalog tables (versions are kept newest first). */
async function latestVersions(db: Queryable): Promise<Map<string, string>> {
  const newest = (details: SQLWrapper) => sql<string | null>`${details} -> 'versions' -> 0 ->> 'version'`
  const rows = [
    ...(await db.select({ id: addOns.id, version: newest(addOns.details) }).from(addOns)),
    ...(await db
      .select({ id: middlewareProducts.id, version: newest(middlewareProducts.details) })
      .from(middlewareProducts)),
  ]
  return new Map(rows.flatMap((row) => (row.version ? [[row.id, row.version] as const] : [])))
}

async function operationsOf(db: Queryable, installationId: string): Promise<InstallationOperation[]> {
  const operations = await db
    .select({ operation: installationOperations, requestedByName: users.name })
    .from(installationOperations)
    .leftJoin(users, eq(users.id, installationOperations.requestedBy))
    .where(eq(installationOperations.installationId, installationId))
    .orderBy(desc(installationOperations.createdAt))
  const steps = operations.length
    ? await db
        .select()
        .from(installationSteps)
        .where(eq(installationSteps.installationId, installationId))
        .orderBy(asc(installationSteps.position))
    : []
  return operations.map(({ operation, requestedByName }) => {
    const { fromVersion, version, fromSettings, settings } = operation.parameters
    return {
      id: operation.id,
      kind: operation.kind,
      status: operation.status,
      fromVersion: fromVersion ?? null,
      toVersion: version ?? null,
      changedSettings: settingsDiff(fromSettings ?? {}, settings ?? {}).map((change) => change.path),
      error: operation.error,
      requestedByName,
      createdAt: operation.createdAt.toISOString(),
      finishedAt: operation.finishedAt?.toISOString() ?? null,
      steps: steps
        .filter((step) => step.operationId === operation.id)
        .map((step) => ({
          id: step.id,
          name: step.name,
          status: step.status,
          estimatedSeconds: step.estimatedSeconds,
          attempts: step.attempts,
          message: step.message,
          startedAt: step.startedAt?.toISOString() ?? null,
          finishedAt: step.finishedAt?.toISOString() ?? null,
        })),
    }
  })
}
