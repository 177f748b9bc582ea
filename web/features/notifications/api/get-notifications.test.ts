import { describe, expect, it } from 'vitest'
import { NOTIFICATION_LIST_MAX } from '#common/notification-list.ts'
import { listLimitFor, mayHaveMore } from './get-notifications.ts'

describe('the list the bell asks for', () => {
  it('keeps its limit while the panel shows no more than it has', () => {
    expect(listLimitFor(95, 100, 100)).toBe(100)
    expect(listLimitFor(100, 100, 100)).toBe(100)
  })

  it('asks for the next hundred when the panel wants more than a full list', () => {
    expect(listLimitFor(105, 100, 100)).toBe(200)
    expect(listLimitFor(205, 200, 200)).toBe(300)
  })

  it('asks for no more once the server sent fewer than asked (there are no more)', () => {
    expect(listLimitFor(135, 200, 130)).toBe(200)
    expect(mayHaveMore(200, 130)).toBe(false)
    expect(mayHaveMore(100, 100)).toBe(true)
  })

  it('stops at the most one request may ask for', () => {
    expect(listLimitFor(NOTIFICATION_LIST_MAX + 5, NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_MAX)).toBe(
      NOTIFICATION_LIST_MAX,
    )
    expect(mayHaveMore(NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_MAX)).toBe(false)
  })
})
