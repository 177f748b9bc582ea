import { useDeferredValue } from 'react'

/**
 * True once `ready` is, one render later, for a part whose first drawing is long (a form of many
 * fields, a cluster's page): an answer from a read renders at once and whole, in one task that a
 * phone spends 100–200 ms on, while this value turns true in a transition, which React draws in
 * slices between which the browser paints and answers input. Until then the part keeps showing
 * what it showed while loading. Turning false (an error, another cluster) is immediate.
 */
export function useDrawnInSlices(ready: boolean): boolean {
  const drawn = useDeferredValue(ready)
  return ready && drawn
}
