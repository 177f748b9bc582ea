import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { usePageIsIdle } from '#web/lib/on-demand.ts'
import { useInView } from '#web/lib/use-in-view.ts'

/**
 * A part below what a screen opens on: `fallback` until the screen's reads have come and the page
 * is idle, then `children` (a `lazy` component, whose code is asked for only then), with the same
 * fallback while that code comes. Give the fallback the part's shape where it shows in the first view.
 */
export function WhenPageIsIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return usePageIsIdle() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}

/**
 * A part screens away from what a screen opens on (the forms at the foot of /billing): as
 * `WhenPageIsIdle`, and only once it has come within a screen's height of the view, or someone
 * moves through the page with the Tab key (its fields must be there for the focus to reach them).
 * A visitor who came for what is on top does not download, run and draw it, nor send its reads;
 * one who scrolls towards it finds it drawn by the time it shows (docs/quality.md, "the foot of
 * /billing").
 */
export function WhenNearScreen({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null)
  const idle = usePageIsIdle()
  // Where the part is, is known once what is above it has drawn its answers: neither is watched
  // before the page is idle.
  const near = useInView(place, NEAR_SCREEN, idle)
  const tabbing = useTabPressed(idle && !near)
  return (
    <div ref={place}>{near || tabbing ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>
  )
}

/** Whether the Tab key has been pressed on the page since `watching` became true. */
function useTabPressed(watching: boolean): boolean {
  const [pressed, setPressed] = useState(false)
  useEffect(() => {
    if (!watching || pressed) return
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setPressed(true)
    }
    document.addEventListener('keydown', listener)
    return () => document.removeEventListener('keydown', listener)
  }, [watching, pressed])
  return pressed
}

/** Within one screen's height above or below the view (a root margin in percent of the view). */
const NEAR_SCREEN = '100% 0px'
