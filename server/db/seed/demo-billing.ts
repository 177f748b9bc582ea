import { eq } from 'drizzle-orm'
import { CREDIT_NOTE_TEXTS } from '#common/credit-note-texts.ts'
import { DEMO_ORGANIZATIONS } from '#common/demo-accounts.ts'
import { FALLBACK_RATES } from '#common/money.ts'
import type { Database } from '#server/db/client.ts'
import { budgetAlerts, invoices, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import {
  grantCredits,
  HOUR_MS,
  issueMonthlyInvoice,
  meterHour,
  monthOf,
  startOfHour,
  startOfMonth,
  syncSupportPlanMeter,
} from '#server/modules/billing/index.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { seedDemoCustomSolution } from './demo-custom-solutions.ts'
import { seedDemoInstallations } from './demo-installations.ts'
import { seedDemoSupport } from './demo-support.ts'
import { insertRunningCluster, plainConfiguration } from './running-cluster.ts'

const DAY_MS = 24 * HOUR_MS

/**
 * The demo organization's money side, so /billing, /usage and /dashboard are filled on
 * `npm start`: billing details, two running clusters metered hour by hour since the first of the
 * month two months ago (the first with three products installed), the two finished months invoiced (the older one paid), and credits.
 */
export async function seedDemoBilling(
  db: Database,
  organizationId: string,
  options: { secretsKey: Buffer; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  const thisMonth = startOfMonth(now)
  const since = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 2, 1))
  const lastMonth = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1))

  const catalog = await getCatalog(db)
  await inTransaction(db, async ({ tx }) => {
    await tx
      .update(organizations)
      .set({
        billingAddress: '18 avenue de l’Opéra\n75001 Paris',
        countryCode: 'FR',
        // A French company: its invoices, credit notes and billing mails are in French.
        language: 'fr',
        vatNumber: 'FR40303265045',
        purchaseOrderNumber: 'PO-2026-114',
        billingEmail: 'accounts@demo-company.example',
        supportPlanId: 'developer',
      })
      .where(eq(organizations.id, organizationId))
    await syncSupportPlanMeter(tx, organizationId, since)
    const shop = await insertRunningCluster(tx, organizationId, plainConfiguration('shop-production'), {
      since,
      catalog,
      secretsKey: options.secretsKey,
    })
    await seedDemoInstallations(tx, {
      organizationId,
      clusterId: shop.id,
      createdBy: null,
      at: new Date(since.getTime() + 20 * DAY_MS),
      secretsKey: options.secretsKey,
    })
    await insertRunningCluster(
      tx,
      organizationId,
      plainConfiguration('analytics', {
        clusterTypeId: 'orange',
        pools: [{ name: 'workers', flavorId: 'dev-2-4', nodeCount: 2 }],
        addOnIds: ['backup'],
      }),
      { since: new Date(since.getTime() + 9 * DAY_MS), catalog, secretsKey: options.secretsKey },
    )
    await seedDemoCustomSolution(tx, organizationId, now)
    await seedDemoSupport(tx, {
      organizationId,
      organizationName: DEMO_ORGANIZATIONS[0].name,
      cluster: { id: shop.id, name: 'shop-production' },
      now,
    })
    await grantCredits(tx, {
      organizationId,
      amountCents: 15_000,
      expiresAt: new Date(since.getTime() + 365 * DAY_MS),
      ...CREDIT_NOTE_TEXTS.welcome,
      grantedBy: null,
      at: since,
    })
  })

  // Every hour up to the last complete one, as the hourly job would have recorded them.
  const until = startOfHour(now).getTime()
  for (let hour = since.getTime(); hour < until; hour += HOUR_MS) await meterHour(db, new Date(hour))

  for (const month of [since, lastMonth]) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1, 0, 15))
    const invoice = await issueMonthlyInvoice(db, {
      organizationId,
      month: monthOf(month),
      rates: FALLBACK_RATES,
      at: next,
    })
    if (invoice && month === since)
      await db
        .update(invoices)
        .set({
          status: 'paid',
          paidAt: new Date(next.getTime() + 6 * DAY_MS),
          amountPaidCents: invoice.totalCents,
        })
        .where(eq(invoices.id, invoice.id))
  }
  await grantCredits(db, {
    organizationId,
    amountCents: 25_000,
    expiresAt: new Date(now.getTime() + 90 * DAY_MS),
    ...CREDIT_NOTE_TEXTS.migration,
    grantedBy: null,
    at: now,
  })
  await db
    .insert(budgetAlerts)
    .values({ organizationId, amountCents: 150_000, currency: 'EUR', basis: 'forecast' })
}
