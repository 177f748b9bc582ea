import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database, Queryable, Transaction } from '#server/db/client.ts'
import { creditEntries } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'

/**
 * The credits ledger (append-only). Purchases and grants are lots; a use or an expiry is a draw on
 * one lot, so what is left of each lot, and so of the balance, is always a sum.
 */

export type Lot = { id: number; remainingCents: number; expiresAt: Date | null }

/** The lots with something left that have not expired, soonest to expire first. */
export async function usableLots(tx: Queryable, organizationId: string, at: Date): Promise<Lot[]> {
  const draws = tx
    .select({ lotId: creditEntries.lotId, drawn: sql<number>`sum(${creditEntries.amountCents})`.as('drawn') })
    .from(creditEntries)
    .where(and(eq(creditEntries.organizationId, organizationId), sql`${creditEntries.lotId} is not null`))
    .groupBy(creditEntries.lotId)
    .as('draws')
  const rows = await tx
    .select({
      id: creditEntries.id,
      remainingCents: sql<number>`(${creditEntries.amountCents} + coalesce(${draws.drawn}, 0))::bigint`,
      expiresAt: creditEntries.expiresAt,
    })
    .from(creditEntries)
    .leftJoin(draws, eq(draws.lotId, creditEntries.id))
    .where(
      and(
        eq(creditEntries.organizationId, organizationId),
        inArray(creditEntries.kind, ['purchase', 'grant']),
        or(isNull(creditEntries.expiresAt), gt(creditEntries.expiresAt, at)),
      ),
    )
    .orderBy(sql`${creditEntries.expiresAt} asc nulls last`, asc(creditEntries.id))
  return rows
    .map((row) => ({ ...row, remainingCents: Number(row.remainingCents) }))
    .filter((lot) => lot.remainingCents > 0)
}

/** Draws `amountCents` from the usable lots, soonest to expire first; answers what was drawn. */
export async function drawCredits(
  tx: Transaction,
  input: { organizationId: string; amountCents: number; invoiceId: string; at: Date },
): Promise<number> {
  await lockLedger(tx, input.organizationId)
  let left = input.amountCents
  for (const lot of await usableLots(tx, input.organizationId, input.at)) {
    if (left <= 0) break
    const part = Math.min(left, lot.remainingCents)
    await tx.insert(creditEntries).values({
      organizationId: input.organizationId,
      kind: 'applied',
      amountCents: -part,
      lotId: lot.id,
      invoiceId: input.invoiceId,
      createdAt: input.at,
    })
    left -= part
  }
  return input.amountCents - left
}

/** Writes an expiry for what is left of every grant past its date; answers how many expired. */
export async function expireCredits(db: Database, at: Date): Promise<number> {
  const due = await db.execute<{ organization_id: string }>(sql`
    select distinct lot.organization_id from credit_entries lot
    where lot.kind = 'grant' and lot.expires_at <= ${at}
      and lot.amount_cents + coalesce((select sum(d.amount_cents) from credit_entries d where d.lot_id = lot.id), 0) > 0`)
  let expired = 0
  for (const { organization_id: organizationId } of due.rows) {
    expired += await inTransaction(db, async ({ tx }) => {
      await lockLedger(tx, organizationId)
      const lots = await tx.execute<{ id: number; remaining: string }>(sql`
        select lot.id, lot.amount_cents + coalesce(sum(draw.amount_cents), 0) as remaining
        from credit_entries lot left join credit_entries draw on draw.lot_id = lot.id
        where lot.organization_id = ${organizationId} and lot.kind = 'grant' and lot.expires_at <= ${at}
        group by lot.id
        having lot.amount_cents + coalesce(sum(draw.amount_cents), 0) > 0`)
      for (const lot of lots.rows)
        await tx.insert(creditEntries).values({
          organizationId,
          kind: 'expired',
          amountCents: -Number(lot.remaining),
          lotId: lot.id,
          createdAt: at,
        })
      return lots.rows.length
    })
  }
  return expired
}

/** Serialises the writers of one organization's ledger (invoicing, expiry) for the transaction. */
export async function lockLedger(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('credits:' || ${organizationId}))`)
}

/** Credits an officer gives, with an expiry date. */
export async function grantCredits(
  db: Queryable,
  input: {
    organizationId: string
    amountCents: number
    expiresAt: Date
    note: string
    /** The note in French, when the product writes it (an officer's is kept as typed). */
    noteFrench?: string
    grantedBy: string | null
    /** What the officer typed, when it was in another currency than the ledger's USD. */
    entered?: { amountCents: number; currency: string; exchangeRate: number }
    /** When it was granted; now when absent. */
    at?: Date
  },
): Promise<void> {
  await db.insert(creditEntries).values({
    createdAt: input.at,
    organizationId: input.organizationId,
    kind: 'grant',
    amountCents: input.amountCents,
    enteredCents: input.entered?.amountCents,
    enteredCurrency: input.entered?.currency,
    exchangeRate: input.entered?.exchangeRate,
    expiresAt: input.expiresAt,
    note: input.note,
    noteFrench: input.noteFrench,
    createdBy: input.grantedBy,
  })
}
