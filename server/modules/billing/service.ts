import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Language } from '#common/language.ts'
import type { BillingDetails, BillingDetailsResponse, Credits, Plans } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import {
  clusters,
  creditEntries,
  invoices,
  orders,
  organizations,
  supportPlans,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { usableLots } from './credits.ts'
import { currencyOf } from './invoicing.ts'

/** The organization's billing reads and its billing details. */

const CREDIT_HISTORY_LENGTH = 100
const EXPIRING_SOON_MS = 30 * 86_400_000
const YEAR_MS = 365 * 86_400_000

export async function organizationOf(db: Database, organizationId: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!organization) throw notFound('Organization not found')
  return organization
}

/** The language of the organization's invoices, credit notes and billing mails. */
export async function documentLanguageOf(db: Database, organizationId: string): Promise<Language> {
  return (await organizationOf(db, organizationId)).language
}

/** The usable balance (lots not expired) and the newest entries of the ledger. */
export async function creditsOf(db: Database, organizationId: string, now: Date): Promise<Credits> {
  const lots = await usableLots(db, organizationId, now)
  const entries = await db
    .select({ entry: creditEntries, invoiceNumber: invoices.number })
    .from(creditEntries)
    .leftJoin(invoices, eq(invoices.id, creditEntries.invoiceId))
    .where(eq(creditEntries.organizationId, organizationId))
    .orderBy(desc(creditEntries.id))
    .limit(CREDIT_HISTORY_LENGTH)
  return {
    balanceCents: lots.reduce((total, lot) => total + lot.remainingCents, 0),
    expiringSoonCents: lots
      .filter((lot) => lot.expiresAt && lot.expiresAt.getTime() - now.getTime() < EXPIRING_SOON_MS)
      .reduce((total, lot) => total + lot.remainingCents, 0),
    entries: entries.map(({ entry, invoiceNumber }) => ({
      id: String(entry.id),
      kind: entry.kind,
      amountCents: entry.amountCents,
      entered:
        entry.enteredCents !== null && entry.enteredCurrency !== null
          ? { amountCents: entry.enteredCents, currency: currencyOf(entry.enteredCurrency) }
          : null,
      expiresAt: entry.expiresAt?.toISOString() ?? null,
      invoiceNumber,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
  }
}

/** Each live cluster's billing cycle and the support plan. */
export async function plansOf(db: Database, organizationId: string): Promise<Plans> {
  const organization = await organizationOf(db, organizationId)
  const [plan] = await db.select().from(supportPlans).where(eq(supportPlans.id, organization.supportPlanId))
  const rows = await db
    .select({
      id: clusters.id,
      name: clusters.name,
      status: clusters.status,
      monthlyPriceCents: clusters.monthlyPriceCents,
      createdAt: clusters.createdAt,
      billingCycle: sql<string | null>`${orders.price} ->> 'billingCycle'`,
    })
    .from(clusters)
    .leftJoin(orders, eq(orders.id, clusters.orderId))
    .where(
      and(
        eq(clusters.organizationId, organizationId),
        ne(clusters.status, 'deleted'),
        isNull(clusters.deletedAt),
      ),
    )
    .orderBy(asc(clusters.name))
  return {
    supportPlan: {
      id: plan?.id ?? organization.supportPlanId,
      name: plan?.name ?? organization.supportPlanId,
      monthlyPriceCents: plan?.monthlyPriceCents ?? 0,
    },
    clusters: rows.map((row) => {
      const yearly = row.billingCycle === 'yearly'
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        billingCycle: yearly ? ('yearly' as const) : ('monthly' as const),
        monthlyPriceCents: row.monthlyPriceCents,
        commitmentEndsAt: yearly ? new Date(row.createdAt.getTime() + YEAR_MS).toISOString() : null,
      }
    }),
  }
}

export async function billingDetailsOf(
  db: Database,
  organizationId: string,
): Promise<BillingDetailsResponse> {
  const organization = await organizationOf(db, organizationId)
  return {
    companyName: organization.name,
    address: organization.billingAddress,
    countryCode: organization.countryCode,
    vatNumber: organization.vatNumber,
    purchaseOrderNumber: organization.purchaseOrderNumber,
    billingEmail: organization.billingEmail,
    billingCurrency: organization.billingCurrency as BillingDetails['billingCurrency'],
    language: organization.language,
  }
}

/** New details apply to the invoices issued from now on; issued ones keep what they say. */
export async function updateBillingDetails(
  db: Database,
  caller: Caller,
  details: BillingDetails,
): Promise<BillingDetailsResponse> {
  const { organizationId } = caller
  await inTransaction(db, async (tx) => {
    await tx
      .update(organizations)
      .set({
        name: details.companyName,
        billingAddress: details.address,
        countryCode: details.countryCode,
        vatNumber: details.vatNumber,
        purchaseOrderNumber: details.purchaseOrderNumber,
        billingEmail: details.billingEmail,
        billingCurrency: details.billingCurrency,
        // Left out, the language stays as it was.
        ...(details.language ? { language: details.language } : {}),
      })
      .where(eq(organizations.id, organizationId))
    await recordAudit(
      tx,
      caller,
      'organization.updated',
      {
        type: 'organization',
        id: organizationId,
        label: details.companyName,
      },
      { billingDetails: details },
    )
  })
  return billingDetailsOf(db, organizationId)
}
