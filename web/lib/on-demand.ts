import { type QueryClient, QueryClientContext } from '@tanstack/react-query'
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'

/**
 * Code the first paint does not need — the shell's menus, dialogs, tooltips and toasts — loads
 * after it: once the page has loaded, the screen's reads have come and the browser has a free
 * moment, or at once when someone reaches for it. Until then the shell draws the same buttons
 * without their pop-ups, so a phone neither downloads nor evaluates them before the screen shows
 * (docs/quality.md, "Console performance").
 */
export type OnDemand<Module> = {
  /** Starts loading (once); resolves with the module. */
  load: () => Promise<Module>
  /** The module once it has come, else null; asks for it when the page is idle. */
  useModule: () => Module | null
}

export function onDemand<Module>(importModule: () => Promise<Module>): OnDemand<Module> {
  let loaded: Module | null = null
  let loading: Promise<Module> | null = null
  const listeners = new Set<() => void>()

  const load = () => {
    loading ??= importModule().then(
      (module) => {
        loaded = module
        for (const listener of listeners) listener()
        return module
      },
      (error: unknown) => {
        // A failed download (a new release replaced the file, the network dropped) is tried again
        // on the next use.
        loading = null
        throw error
      },
    )
    return loading
  }

  // Asked for once, by the first component that uses it (a sidebar has a tooltip per link).
  let scheduled = false
  function useModule(): Module | null {
    const [module, setModule] = useState<Module | null>(() => loaded)
    const reads = useContext(QueryClientContext)
    useEffect(() => {
      if (module) return
      // Putting the real parts in the stand-ins' place is no urgent work: in a transition React
      // renders it in slices between which the browser answers input and paints.
      const listener = () => startTransition(() => setModule(() => loaded))
      listeners.add(listener)
      if (loaded) listener()
      else if (!scheduled) {
        scheduled = true
        whenPageIsIdle(() => void load().catch(() => undefined), reads)
      }
      return () => {
        listeners.delete(listener)
      }
    }, [module, reads])
    return module
  }
  return { load, useModule }
}

/** Starts loading without waiting for it: for a pointer that comes near, a focus, a click. */
export function startLoading(part: OnDemand<unknown>): void {
  void part.load().catch(() => undefined)
}

/**
 * False until the page has loaded, its reads have come and it is idle, then true: for the parts a
 * screen draws below what it opens on, whose code and reads wait until then. The switch is no
 * urgent work: React renders them in slices.
 */
export function usePageIsIdle(): boolean {
  const [idle, setIdle] = useState(false)
  const reads = useContext(QueryClientContext)
  useEffect(() => {
    if (idle) return
    let current = true
    whenPageIsIdle(() => {
      if (current) startTransition(() => setIdle(true))
    }, reads)
    return () => {
      current = false
    }
  }, [idle, reads])
  return idle
}

/**
 * Starts these imports once the page has loaded, its reads have come and it is idle: the parts a
 * screen shows below or after what it opens on (lazy components) are there when asked for.
 */
export function importWhenPageIsIdle(imports: Iterable<() => Promise<unknown>>, reads?: QueryClient): void {
  whenPageIsIdle(() => {
    for (const load of imports) void load().catch(() => undefined)
  }, reads)
}

/** A part of a screen made by `lazyBesideReads`: a lazy component whose code `load` starts. */
export type PartAfterPaint<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  load: () => void
}

/**
 * A part of a screen that can show only once the screen's reads have come (a wizard that needs the
 * catalog, the settings' forms): its code starts loading once the screen's first drawing has
 * painted (`useLoadAfterPaint`), beside the reads still on their way. Not in the screen's first
 * load, where its evaluation held back the screen's first paint (its heading showed after the
 * forms' validator had run: docs/quality.md, "the reads, the timers and the first paint"), nor
 * after the reads (React.lazy on its own). `when` says whether this browser will need it at all
 * (a visitor never sees a member's hub).
 */
export function lazyBesideReads<Props extends object>(
  importComponent: () => Promise<ComponentType<Props>>,
  when: () => boolean = () => true,
): PartAfterPaint<Props> {
  // The browser fetches and runs a module once: a second import() waits for the first.
  const part = lazy(() => importComponent().then((component) => ({ default: component })))
  return Object.assign(part, {
    load: () => {
      if (when()) void importComponent().catch(() => undefined)
    },
  })
}

/** Starts loading the parts' code once what the screen has drawn so far has painted. */
export function useLoadAfterPaint(...parts: { load: () => void }[]): void {
  // The screen's first drawing says which parts it shows (they are its module's constants).
  const firstParts = useRef(parts)
  useEffect(
    () =>
      afterNextPaint(() => {
        for (const part of firstParts.current) part.load()
      }),
    [],
  )
}

/** Runs `task` after the browser's next paint (a frame's callback, then a task after it); a cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/**
 * Runs `task` once the page has loaded, none of the reads of `reads` is on its way (what the
 * screen opens on has come: the code after it does not share the network with it) and the main
 * thread is free. Reads that keep coming (a poll) hold it back at most IDLE_TIMEOUT_MS.
 */
export function whenPageIsIdle(task: () => void, reads?: QueryClient | null): void {
  let started = false
  const start = () => {
    if (started) return
    started = true
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
    else window.setTimeout(task, 0)
  }
  const afterReads = () => {
    if (!reads || reads.isFetching() === 0) return start()
    const stop = reads.getQueryCache().subscribe(() => {
      if (reads.isFetching() > 0) return
      stop()
      clearTimeout(atLatest)
      start()
    })
    const atLatest = window.setTimeout(() => {
      stop()
      start()
    }, IDLE_TIMEOUT_MS)
  }
  if (document.readyState === 'complete') afterReads()
  else window.addEventListener('load', afterReads, { once: true })
}

/** The longest a busy page waits before loading them anyway. */
const IDLE_TIMEOUT_MS = 3_000

/**
 * A header button whose menu has not come yet stands in for the real one: a pointer near it
 * starts the download, a press (a menu) or a click (a dialog) asks for it to open as soon as it has come, and a focus is
 * handed on to the real button (`autoFocus`), so a keyboard keeps its place.
 */
export function useStandIn(part: OnDemand<unknown>, open: () => void, popup: 'menu' | 'dialog' = 'menu') {
  const [focused, setFocused] = useState(false)
  const [byKeyboard, setByKeyboard] = useState(false)
  return {
    focused,
    /** Opened with Enter or Space: the menu puts the focus on its first item, as Radix's own button does. */
    byKeyboard,
    /** The stand-in button's props: its handlers, and closed as the real one is until opened. */
    buttonProps: {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: () => startLoading(part),
      onFocus: () => {
        startLoading(part)
        setFocused(true)
      },
      onBlur: () => setFocused(false),
      // A menu opens on the press, as Radix's own trigger does: were the real button to arrive
      // between press and release, the click would land on a trigger that ignores clicks.
      onPointerDown: (event: { button: number; ctrlKey: boolean }) => {
        if (popup !== 'menu' || event.button !== 0 || event.ctrlKey) return
        startLoading(part)
        setByKeyboard(false)
        open()
      },
      onClick: (event: { detail: number }) => {
        // A click from the keyboard has no pointer presses (detail 0); a menu's pointer opened it already.
        const byKeyboard = event.detail === 0
        if (popup === 'menu' && !byKeyboard) return
        startLoading(part)
        setByKeyboard(byKeyboard)
        open()
      },
    },
  }
}

/**
 * For a menu opened from its stand-in with the keyboard, as the content's ref: its first item
 * takes the focus before Radix would focus the menu itself (it leaves a focus already inside).
 */
export function focusFirstMenuItem(content: HTMLElement | null): void {
  content?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus()
}
