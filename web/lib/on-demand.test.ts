import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, lazyBesideReads, onDemand, whenPageIsIdle } from './on-demand.ts'

describe('onDemand', () => {
  it('imports the module once however often it is asked for', async () => {
    let imports = 0
    const part = onDemand(async () => {
      imports += 1
      return { name: 'menu' }
    })
    const [first, second] = await Promise.all([part.load(), part.load()])
    expect(first).toEqual({ name: 'menu' })
    expect(second).toBe(first)
    expect(await part.load()).toBe(first)
    expect(imports).toBe(1)
  })

  it('tries again on the next use after a failed download', async () => {
    let imports = 0
    const part = onDemand(async () => {
      imports += 1
      if (imports === 1) throw new Error('Failed to fetch dynamically imported module')
      return { name: 'menu' }
    })
    await expect(part.load()).rejects.toThrow('Failed to fetch')
    expect(await part.load()).toEqual({ name: 'menu' })
    expect(imports).toBe(2)
  })
})

describe('lazyBesideReads', () => {
  it('asks for nothing as the screen’s module runs; load() starts the import, when the browser needs it', () => {
    const imports = { wizard: 0, hub: 0 }
    const component = () => null
    const wizard = lazyBesideReads(async () => {
      imports.wizard += 1
      return component
    })
    const hub = lazyBesideReads(
      async () => {
        imports.hub += 1
        return component
      },
      () => false,
    )
    expect(imports).toEqual({ wizard: 0, hub: 0 })
    wizard.load()
    hub.load()
    expect(imports).toEqual({ wizard: 1, hub: 0 })
  })
})

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs the task in a task after the next frame, not in the frame itself; a cancel stops it', () => {
    vi.useFakeTimers()
    const frames: (() => void)[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.splice(id - 1, 1, () => {}))
    const ran: string[] = []
    afterNextPaint(() => ran.push('first'))
    const cancel = afterNextPaint(() => ran.push('cancelled'))
    vi.runAllTimers()
    expect(ran).toEqual([])
    for (const frame of frames) frame()
    // The frame's callbacks run before its paint: the task waits for the paint to be done.
    expect(ran).toEqual([])
    cancel()
    vi.runAllTimers()
    expect(ran).toEqual(['first'])
  })
})

describe('whenPageIsIdle', () => {
  /** A loaded page whose idle moments come at once. */
  function loadedPage() {
    vi.stubGlobal('document', { readyState: 'complete' })
    vi.stubGlobal('window', {
      requestIdleCallback: (task: () => void) => task(),
      setTimeout: (task: () => void, ms: number) => setTimeout(task, ms),
    })
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('waits for the screen’s reads to come before it runs the task', async () => {
    loadedPage()
    const reads = new QueryClient()
    let answer: (value: string) => void = () => {}
    const read = reads.fetchQuery({
      queryKey: ['screen'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    let ran = 0
    whenPageIsIdle(() => (ran += 1), reads)
    await Promise.resolve()
    expect(ran).toBe(0)
    answer('done')
    await read
    expect(ran).toBe(1)
    // Later reads do not run it again.
    await reads.fetchQuery({ queryKey: ['later'], queryFn: async () => 'x' })
    expect(ran).toBe(1)
  })

  it('runs the task at once when nothing is being read, and at the latest 3 s after a read that keeps going', () => {
    vi.useFakeTimers()
    loadedPage()
    const reads = new QueryClient()
    let ran = 0
    whenPageIsIdle(() => (ran += 1), reads)
    expect(ran).toBe(1)

    void reads.fetchQuery({ queryKey: ['poll'], queryFn: () => new Promise<string>(() => {}) })
    whenPageIsIdle(() => (ran += 1), reads)
    vi.advanceTimersByTime(2_999)
    expect(ran).toBe(1)
    vi.advanceTimersByTime(1)
    expect(ran).toBe(2)
  })
})
