import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether an element has come near the screen (within `margin` of what shows of the area it
 * scrolls in), and stays true once it has: work that only draws (a chart) waits until someone can
 * see it. Nothing is watched until `watching` (a page still drawing its answers is shorter than it
 * will be).
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px', watching = true): boolean {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || inView || !watching) return
    if (typeof IntersectionObserver === 'undefined') return setInView(true)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true)
      },
      // The margin counts only around the observer's root: the console's pages scroll inside
      // <main>, which would clip the element at its own edge whatever the margin around the window.
      { root: scrollingAncestor(element), rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, inView, watching])
  return inView
}

/** The closest element around `element` that scrolls vertically; null for the window. */
function scrollingAncestor(element: Element): Element | null {
  for (let around = element.parentElement; around; around = around.parentElement) {
    if (/auto|scroll|overlay/.test(getComputedStyle(around).overflowY)) return around
  }
  return null
}
