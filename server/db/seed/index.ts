import { count } from 'drizzle-orm'
import {
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  demoEmail,
} from '#common/demo-accounts.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { hashPassword } from '#server/modules/auth/index.ts'
import type { Database } from '../client.ts'
import { organizations, users } from '../schema/index.ts'
import { seedCatalog } from './catalog.ts'
import { seedDemoAccounts } from './demo-accounts.ts'
import { seedDemoBilling } from './demo-billing.ts'

/**
 * Fills an empty database: the catalog always; outside production the demo organizations and
 * users, and with `demoBilling` the demo customer's clusters, usage, invoices and credits.
 */
export async function seedDatabase(
  db: Database,
  options: { demoData: boolean; demoBilling?: { secretsKey: Buffer } },
): Promise<void> {
  await inTransaction(db, ({ tx }) => seedCatalog(tx))

  if (!options.demoData) return
  const [existing] = await db.select({ value: count() }).from(users)
  if ((existing?.value ?? 0) > 0) return

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const organizationIds = new Map<string, string>()
  await inTransaction(db, async ({ tx }) => {
    for (const organization of DEMO_ORGANIZATIONS) {
      const [row] = await tx
        .insert(organizations)
        .values({ name: organization.name, billingId: organization.billingId })
        .returning({ id: organizations.id })
      organizationIds.set(organization.key, row!.id)
    }
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account) => ({
        username: account.username,
        email: demoEmail(account.username),
        name: account.name,
        passwordHash,
        role: account.role,
        isOfficer: account.isOfficer,
        emailVerified: account.emailVerified,
        organizationId: organizationIds.get(account.organization)!,
        mfaEnabled: account.mfa,
        mfaSecret: account.mfa ? DEMO_TOTP_SECRET : null,
      })),
    )
  })
  // Usage, invoices and credits of the demo customer; tests that count hours and numbers leave it out.
  if (options.demoBilling) {
    await seedDemoBilling(db, organizationIds.get('customer')!, options.demoBilling)
    await inTransaction(db, ({ tx }) =>
      seedDemoAccounts(tx, organizationIds.get('customer')!, passwordHash, new Date()),
    )
  }
}
