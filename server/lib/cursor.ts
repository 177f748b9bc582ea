import { badRequest } from './errors.ts'

/**
 * Keyset pagination for lists sorted newest first: the cursor is the last row's creation time and
 * id, opaque to clients. A malformed cursor is the caller's mistake (400), never a 500.
 */
export type Position = { createdAt: Date; id: string }

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url')
}

export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined || cursor === '') return undefined
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(time ?? '')
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('Invalid cursor', 'INVALID_CURSOR')
  return { createdAt, id }
}

/** Splits one extra fetched row off into the next cursor. */
export function pageOf<Row extends Position>(rows: Row[], limit: number) {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
}
