import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { type OrderRow, orders } from '#server/db/schema/index.ts'
import { conflict } from '#server/lib/errors.ts'

/**
 * Parts of an order's body that are not the order: the total the browser showed
 * (`clientTotalCents`) is accepted so older clients keep working, but the server never reads it
 * (it prices every order itself), so a retry whose browser showed another figure is the same order.
 */
const NOT_THE_ORDER = new Set(['clientTotalCents'])

/**
 * A stable fingerprint of an order's body for its Idempotency-Key: keys sorted, so the same body
 * in another order matches.
 */
export function requestHash(request: object): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      )
    return value
  }
  const ordered = Object.fromEntries(Object.entries(request).filter(([key]) => !NOT_THE_ORDER.has(key)))
  return createHash('sha256')
    .update(JSON.stringify(canonical(ordered)))
    .digest('hex')
}

/**
 * The order the organization already placed with this Idempotency-Key, if any: the same body
 * returns it, another body is a 409.
 */
export async function orderPlacedWithKey(
  db: Queryable,
  { organizationId, key, hash }: { organizationId: string; key: string; hash: string },
): Promise<OrderRow | undefined> {
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.idempotencyKey, key)))
  if (existing && existing.requestHash !== hash)
    throw conflict(
      'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      'IDEMPOTENCY_KEY_REUSED',
    )
  return existing
}
