import { useCallback, useSyncExternalStore } from 'react'

/**
 * Preferences kept in local storage, read through useSyncExternalStore: prerendered HTML and the
 * first (hydrating) render use the default, then the stored value takes over without a mismatch.
 * Changes reach every component at once, and other tabs through the storage event.
 */
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

export function readStoredValue(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStoredValue(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage disabled or full: the choice still applies until the page is left.
    memoryFallback.set(key, value)
  }
  for (const listener of listeners) listener()
}

/** Holds choices when local storage refuses to. */
const memoryFallback = new Map<string, string>()

export function useStoredPreference<T extends string>(
  key: string,
  parse: (stored: string | null) => T,
  defaultValue: T,
): [T, (value: T) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => parse(readStoredValue(key) ?? memoryFallback.get(key) ?? null),
    () => defaultValue,
  )
  const setValue = useCallback((next: T) => writeStoredValue(key, next), [key])
  return [value, setValue]
}
