import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, pageOf } from './cursor.ts'

describe('cursor', () => {
  const position = {
    createdAt: new Date('2026-11-22T10:00:00.123Z'),
    id: '7a1f3c2e-0000-4000-8000-000000000001',
  }

  it('decodes what it encodes', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position)
  })

  it('treats no cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeUndefined()
    expect(decodeCursor('')).toBeUndefined()
  })

  it('refuses a tampered cursor with a 400', () => {
    expect(() => decodeCursor('bm9wZQ')).toThrow(expect.objectContaining({ statusCode: 400 }))
  })

  it('gives a next cursor only when a row was left over', () => {
    const rows = [1, 2, 3].map((n) => ({ ...position, id: `${position.id.slice(0, -1)}${n}` }))
    expect(pageOf(rows, 3).nextCursor).toBeNull()
    const page = pageOf(rows, 2)
    expect(page.items).toHaveLength(2)
    expect(decodeCursor(page.nextCursor!)?.id).toBe(rows[1]!.id)
  })
})
