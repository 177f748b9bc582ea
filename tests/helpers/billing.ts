import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { BillingCycle } from '#common/pricing.ts'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import type { Database } from '#server/db/client.ts'
import { clusters, organizations, users } from '#server/db/schema/index.ts'
import { insertRunningCluster } from '#server/db/seed/running-cluster.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { createSession } from '#server/modules/auth/sessions.ts'
import { syncClusterMeter } from '#server/modules/billing/billable-periods.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { APP_ORIGIN, TEST_SECRETS_KEY, type TestServer } from './server.ts'

/*
 * Billing fixtures: organizations and running clusters made straight in the database, with their
 * billable periods opened at a chosen time, so metering and invoicing run on known hours.
 */

export type TestOrganization = typeof organizations.$inferSelect

export async function createOrganization(
  db: Database,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<TestOrganization> {
  const suffix = randomBytes(4).toString('hex')
  const [organization] = await db
    .insert(organizations)
    .values({
      name: `Billing Company ${suffix}`,
      billingId: `cd-billing-${suffix}`,
      billingAddress: '12 rue de la Paix\n75002 Paris',
      countryCode: 'FR',
      ...overrides,
    })
    .returning()
  return organization!
}

/** A member of the organization (an admin unless told) and a session cookie for the API. */
export async function memberOf(
  server: TestServer,
  organizationId: string,
  role: 'user' | 'admin' = 'admin',
): Promise<{ userId: string; email: string; headers: Record<string, string> }> {
  const suffix = randomBytes(4).toString('hex')
  const [user] = await server.db
    .insert(users)
    .values({
      username: `billing-${suffix}`,
      email: `billing-${suffix}@example.com`,
      name: `Billing ${suffix}`,
      passwordHash: 'not-used',
      role,
      emailVerified: true,
      organizationId,
    })
    .returning()
  const session = await createSession(server.db, server.ctx.config.sessionSecret, user!.id)
  return {
    userId: user!.id,
    email: user!.email,
    headers: { cookie: `cd_session=${session.token}`, origin: APP_ORIGIN },
  }
}

/** A running cluster whose billing starts at `since`, with its order. */
export async function runningCluster(
  db: Database,
  organizationId: string,
  configuration: ClusterConfiguration,
  options: { since: Date; billingCycle?: BillingCycle; promoCode?: string | null },
) {
  const catalog = await getCatalog(db)
  return inTransaction(db, ({ tx }) =>
    insertRunningCluster(tx, organizationId, configuration, {
      ...options,
      catalog,
      secretsKey: Buffer.from(TEST_SECRETS_KEY, 'base64'),
    }),
  )
}

/** Moves a cluster to a status (or size) at `at`, as the provisioning engine would. */
export async function changeCluster(
  db: Database,
  clusterId: string,
  changes: Partial<typeof clusters.$inferInsert>,
  at: Date,
) {
  await inTransaction(db, async ({ tx }) => {
    await tx.update(clusters).set(changes).where(eq(clusters.id, clusterId))
    await syncClusterMeter(tx, clusterId, at)
  })
}

export const hoursFrom = (start: Date, count: number) =>
  Array.from({ length: count }, (_, index) => new Date(start.getTime() + index * 3_600_000))
