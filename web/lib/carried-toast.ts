import type { ToastVariant } from './toast-store.ts'

const CARRIED_TOAST_KEY = 'carriedToast'

/** A toast that must outlive a page load (logout reports its outcome on the static home page). */
export type CarriedToast = { title: string; description?: string; variant?: ToastVariant }

/** Keeps a toast for the next page this tab loads (session storage; skipped when refused). */
export function carryToast(toast: CarriedToast): void {
  try {
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(toast))
  } catch {
    // Storage refused: the toast is shown only where it was raised.
  }
}

/** The toast carried from the previous page, once: reading it removes it. */
export function takeCarriedToast(): CarriedToast | undefined {
  try {
    const stored = sessionStorage.getItem(CARRIED_TOAST_KEY)
    sessionStorage.removeItem(CARRIED_TOAST_KEY)
    const value: unknown = stored ? JSON.parse(stored) : undefined
    if (typeof value !== 'object' || value === null || typeof (value as CarriedToast).title !== 'string')
      return undefined
    const { title, description, variant } = value as CarriedToast
    return {
      title,
      ...(typeof description === 'string' ? { description } : {}),
      ...(typeof variant === 'string' ? { variant } : {}),
    }
  } catch {
    return undefined
  }
}
