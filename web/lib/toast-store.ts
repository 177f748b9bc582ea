import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants.ts'

export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning' | 'info'

export type ToastInput = {
  title?: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds on screen; the Toaster's default (5 s) when absent. */
  duration?: number
}

export type ToastItem = ToastInput & { id: string; open: boolean }

/**
 * The toast list: a new toast goes first and opens; at most 3 are kept; a dismissed toast closes
 * and is removed 6 s later. A small store outside React so any code can toast; the app's Toaster
 * (React) and a static page's toaster (web/site/islands/toasts.ts) both draw it.
 */
let toasts: ToastItem[] = []
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function emit(next: ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

export function dismissToast(id?: string): void {
  const targets = id === undefined ? toasts.map((item) => item.id) : [id]
  for (const target of targets) {
    if (removalTimers.has(target)) continue
    removalTimers.set(
      target,
      setTimeout(() => {
        removalTimers.delete(target)
        emit(toasts.filter((item) => item.id !== target))
      }, TOAST_REMOVE_DELAY_MS),
    )
  }
  emit(toasts.map((item) => (targets.includes(item.id) ? { ...item, open: false } : item)))
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function currentToasts(): ToastItem[] {
  return toasts
}
