import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import {
  type Location,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router'
import { FLOW_SLIDE_IN_MS, FLOW_SLIDE_OFFSET_PX, FLOW_SLIDE_OUT_MS } from '#web/lib/constants.ts'
import { slideDirection } from './flow-step.ts'

type Page = { location: Location; outlet: ReactNode }

/**
 * The configuration flow's page change: the old page slides out in 0.3 s, then the new one slides
 * in in 0.4 s, 20 px sideways — forward towards provisioning, backward towards configure. Other
 * moves, and visitors who ask for reduced motion, get no slide.
 */
export function SlideTransition() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const outlet = useOutlet()
  const containerRef = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState<Page>({ location, outlet })
  const latest = useRef<Page>({ location, outlet })
  const enteringFrom = useRef<1 | -1 | 0>(0)

  useEffect(() => {
    latest.current = { location, outlet }
  })

  const moved = location.key !== shown.location.key
  const direction =
    moved && !prefersReducedMotion() ? slideDirection(shown.location.pathname, location.pathname) : 0

  useEffect(() => {
    if (!moved) return
    const container = containerRef.current
    if (direction === 0 || !container) {
      setShown(latest.current)
      return
    }
    for (const running of container.getAnimations()) running.cancel()
    container.dataset.slide = direction === 1 ? 'out-forward' : 'out-backward'
    const leaving = container.animate(
      [
        { opacity: 1, transform: 'translateX(0)' },
        { opacity: 0, transform: `translateX(${-direction * FLOW_SLIDE_OFFSET_PX}px)` },
      ],
      { duration: FLOW_SLIDE_OUT_MS, easing: 'ease-in', fill: 'forwards' },
    )
    leaving.finished.then(
      () => {
        enteringFrom.current = direction
        setShown(latest.current)
      },
      () => {}, // cancelled by a newer navigation, which starts its own slide
    )
    return () => leaving.cancel()
  }, [moved, direction])

  // Before paint, so the new page never shows in place before it slides in.
  useLayoutEffect(() => {
    const container = containerRef.current
    const from = enteringFrom.current
    if (!container) return
    enteringFrom.current = 0
    for (const running of container.getAnimations()) running.cancel()
    if (from === 0) {
      delete container.dataset.slide
      return
    }
    container.dataset.slide = from === 1 ? 'in-forward' : 'in-backward'
    const entering = container.animate(
      [
        { opacity: 0, transform: `translateX(${from * FLOW_SLIDE_OFFSET_PX}px)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: FLOW_SLIDE_IN_MS, easing: 'ease-out' },
    )
    entering.finished.then(
      () => delete container.dataset.slide,
      () => {},
    )
  }, [shown])

  // While the old page slides out it keeps the location it was rendered for.
  const page = moved && direction !== 0 ? shown : { location, outlet }
  return (
    <div ref={containerRef} className="flex flex-1 flex-col">
      <UNSAFE_LocationContext.Provider value={{ location: page.location, navigationType }}>
        {page.outlet}
      </UNSAFE_LocationContext.Provider>
    </div>
  )
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
