import { type ReactNode, Suspense } from 'react'
import { usePageIsIdle } from '#web/lib/on-demand.ts'

/**
 * A part below what a screen opens on: `fallback` until the screen's reads have come and the page
 * is idle, then `children` (a `lazy` component, whose code is asked for only then), with the same
 * fallback while that code comes. Give the fallback the part's shape where it shows in the first view.
 */
export function WhenPageIsIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return usePageIsIdle() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}
