import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

describe('prepareFormats', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.resetModules()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('makes the language’s number and date formats later, each in a task of its own', async () => {
    const { prepareFormats } = await import('./prepare-formats.ts')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    prepareFormats('fr')
    // Nothing in the caller's task: its point is to keep that task short.
    expect(numbers).not.toHaveBeenCalled()
    expect(dates).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(2)
    vi.runAllTimers()
    expect(numbers.mock.calls.map(([locale]) => locale)).toEqual(['fr-FR'])
    expect(dates.mock.calls.map(([locale]) => locale)).toEqual(['fr-FR'])
  })

  it('leaves the formats made for the screens to use: a price and a time make no new one', async () => {
    const { prepareFormats } = await import('./prepare-formats.ts')
    const { formatPrice } = await import('#common/money.ts')
    const { dateFormat } = await import('./format-date.ts')
    prepareFormats('en')
    vi.runAllTimers()
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    expect(formatPrice(1234.5, 'EUR', 'en')).toBe('€1,234.50')
    expect(dateFormat('en').dateTime('2026-11-29T10:00:00Z')).toMatch(/29 Nov 2026/)
    expect(numbers).not.toHaveBeenCalled()
    expect(dates).not.toHaveBeenCalled()
  })
})

describe('PREPARE_INTL_SCRIPT', () => {
  afterEach(() => vi.useRealTimers())

  it('makes a number and a date format in a task after the one that runs it', async () => {
    vi.useFakeTimers()
    const { PREPARE_INTL_SCRIPT } = await import('./prepare-formats.ts')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    new Function(PREPARE_INTL_SCRIPT)()
    expect(numbers).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(numbers).toHaveBeenCalledTimes(1)
    expect(dates).toHaveBeenCalledTimes(1)
  })
})
