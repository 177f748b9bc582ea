import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants.ts'
import { currentToasts, dismissToast, toast } from './toast-store.ts'

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    dismissToast()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it('puts a new toast first, open, and keeps at most 3', () => {
    for (const title of ['one', 'two', 'three', 'four']) toast({ title })
    expect(TOAST_LIMIT).toBe(3)
    expect(currentToasts().map((item) => [item.title, item.open])).toEqual([
      ['four', true],
      ['three', true],
      ['two', true],
    ])
  })

  it('closes a dismissed toast at once and removes it 6 s later', () => {
    const { id } = toast({ title: 'bye' })
    dismissToast(id)
    expect(currentToasts().find((item) => item.id === id)?.open).toBe(false)
    expect(TOAST_REMOVE_DELAY_MS).toBe(6_000)
    vi.advanceTimersByTime(5_999)
    expect(currentToasts().some((item) => item.id === id)).toBe(true)
    vi.advanceTimersByTime(1)
    expect(currentToasts().some((item) => item.id === id)).toBe(false)
  })
})
