import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalescedTimers } from './coalesced-timers.ts'

describe('coalescedTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('holds one browser timer for many, the earliest', () => {
    const timers = coalescedTimers()
    const ran: number[] = []
    for (let n = 1; n <= 60; n++) timers.setTimeout(() => ran.push(n), n * 1000)
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(2500)
    expect(ran).toEqual([1, 2])
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(60_000)
    expect(ran).toHaveLength(60)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('runs each at its time, in the order of their times, not of their setting', () => {
    const timers = coalescedTimers()
    const ran: string[] = []
    const start = Date.now()
    timers.setTimeout(() => ran.push(`late at ${Date.now() - start}`), 300)
    timers.setTimeout(() => ran.push(`early at ${Date.now() - start}`), 100)
    vi.advanceTimersByTime(99)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(['early at 100'])
    vi.advanceTimersByTime(200)
    expect(ran).toEqual(['early at 100', 'late at 300'])
  })

  it('forgets a cleared timeout and interval', () => {
    const timers = coalescedTimers()
    const ran: string[] = []
    const timeout = timers.setTimeout(() => ran.push('timeout'), 100)
    const interval = timers.setInterval(() => ran.push('interval'), 50)
    timers.clearTimeout(timeout)
    vi.advanceTimersByTime(120)
    expect(ran).toEqual(['interval', 'interval'])
    timers.clearInterval(interval)
    vi.advanceTimersByTime(1000)
    expect(ran).toEqual(['interval', 'interval'])
    timers.clearTimeout(undefined)
  })

  it('repeats an interval at its period until cleared', () => {
    const timers = coalescedTimers()
    const at: number[] = []
    const start = Date.now()
    timers.setInterval(() => at.push(Date.now() - start), 10_000)
    vi.advanceTimersByTime(35_000)
    expect(at).toEqual([10_000, 20_000, 30_000])
  })

  it('lets a callback clear another due with it, and set a new one', () => {
    const timers = coalescedTimers()
    const ran: string[] = []
    const second = timers.setTimeout(() => ran.push('second'), 200)
    timers.setTimeout(() => {
      ran.push('first')
      timers.clearTimeout(second)
      timers.setTimeout(() => ran.push('third'), 50)
    }, 100)
    vi.advanceTimersByTime(300)
    expect(ran).toEqual(['first', 'third'])
  })

  it('runs the others due when one throws, and reports the error', () => {
    const reported = vi.fn()
    vi.stubGlobal('reportError', reported)
    const timers = coalescedTimers()
    const ran: string[] = []
    timers.setTimeout(() => {
      throw new Error('broken timer')
    }, 100)
    timers.setTimeout(() => ran.push('after'), 100)
    expect(() => vi.advanceTimersByTime(100)).not.toThrow()
    expect(ran).toEqual(['after'])
    expect(reported).toHaveBeenCalledWith(new Error('broken timer'))
    vi.unstubAllGlobals()
  })

  it('runs what was due when its browser timer fires, though the clock was set back', () => {
    const timers = coalescedTimers()
    const ran: string[] = []
    timers.setTimeout(() => ran.push('poll'), 10_000)
    vi.setSystemTime(Date.now() - 3_600_000)
    vi.advanceTimersByTime(10_000)
    expect(ran).toEqual(['poll'])
  })

  it('keeps the data layer’s staleness and polling on time', async () => {
    // A data layer of its own, so that its timers are these alone.
    vi.resetModules()
    const { environmentManager, QueryClient, QueryObserver, timeoutManager } = await import(
      '@tanstack/react-query'
    )
    // As in the browser: on a server the data layer sets no timers at all.
    environmentManager.setIsServer(() => false)
    timeoutManager.setTimeoutProvider(coalescedTimers())
    {
      const client = new QueryClient()
      let reads = 0
      const observer = new QueryObserver(client, {
        queryKey: ['count'],
        queryFn: () => ++reads,
        staleTime: 5000,
        refetchInterval: 10_000,
      })
      const seen: boolean[] = []
      const stop = observer.subscribe((result) => seen.push(result.isStale))
      await vi.advanceTimersByTimeAsync(1)
      expect(reads).toBe(1)
      await vi.advanceTimersByTimeAsync(5000)
      expect(observer.getCurrentResult().isStale).toBe(true)
      await vi.advanceTimersByTimeAsync(5000)
      expect(reads).toBe(2)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(reads).toBe(4)
      stop()
      await vi.advanceTimersByTimeAsync(60_000)
      expect(reads).toBe(4)
      client.clear()
    }
  })
})
