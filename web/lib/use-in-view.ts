import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether an element has come near the screen (within `margin`), and stays true once it has:
 * work that only draws (a chart) waits until someone can see it.
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || inView) return
    if (typeof IntersectionObserver === 'undefined') return setInView(true)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, inView])
  return inView
}
