import { badRequest } from './errors.ts'

/*
 * The cursors of the API's lists (common/schemas/pagination.ts): opaque to clients, and a
 * malformed one is the caller's mistake (400), never a 500. Three positions exist: a row's time
 * and id (lists sorted newest first), a sequence number (event logs), an offset (lists sorted by
 * any column a person chooses).
 */

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

/** A position in a log numbered by a sequence: the last number shown. */
export function encodeSequenceCursor(sequence: number): string {
  return Buffer.from(String(sequence)).toString('base64url')
}

export function decodeSequenceCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined
  return decodeNumber(cursor, Number.MAX_SAFE_INTEGER)
}

/** A position in a list sorted by any column: the offset of the next page. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url')
}

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0
  return decodeNumber(cursor, 1_000_000)
}

function decodeNumber(cursor: string, maximum: number): number {
  const value = Number(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!Number.isSafeInteger(value) || value < 0 || value > maximum)
    throw badRequest('Invalid cursor', 'INVALID_CURSOR')
  return value
}
