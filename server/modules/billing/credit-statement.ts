import { desc, eq } from 'drizzle-orm'
import type { Credits } from '#common/schemas/billing.ts'
import type { Database } from '#server/db/client.ts'
import { creditEntries, invoices } from '#server/db/schema/index.ts'
import { usableLots } from './credit-ledger.ts'
import { currencyOf } from './currency.ts'

const CREDIT_HISTORY_LENGTH = 100
const EXPIRING_SOON_MS = 30 * 86_400_000

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
      noteFrench: entry.noteFrench,
      createdAt: entry.createdAt.toISOString(),
    })),
  }
}
