import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while a prerendered page hydrates (and at build time), true afterwards. Parts that depend
 * on the URL's query or on browser storage render only once it is true, so the first client
 * render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
