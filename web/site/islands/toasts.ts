import { TOAST_DEFAULT_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '#web/lib/constants.ts'
import {
  currentToasts,
  dismissToast,
  subscribeToToasts,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
  toast,
} from '#web/lib/toast-store.ts'
import { element, icon } from './dom.ts'

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  info: 'border-primary/40 bg-card text-card-foreground',
  success: 'border-success/50 bg-card text-card-foreground',
  warning: 'border-warning/60 bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
}

const X_ICON = ['M18 6 6 18', 'm6 6 12 12']

/**
 * Toasts on a static page, drawn from the app's own toast store (web/lib/toast-store.ts: newest
 * first, at most three, removed 6 s after they close) into the list the app's toaster drew at build
 * time, with the same look. A toast closes after its duration, its close button or a swipe.
 */
export function createToaster(closeLabel: string) {
  const list = document.querySelector<HTMLOListElement>('#site-toasts ol')
  // F8 moves focus to the toasts, as the app's toaster does.
  document.addEventListener('keydown', (event) => {
    if ((TOAST_HOTKEY as readonly string[]).includes(event.key) && list) list.focus()
  })
  const drawn = new Map<string, HTMLLIElement>()
  subscribeToToasts(() => {
    if (!list) return
    const items = currentToasts()
    for (const [id, item] of drawn) {
      if (items.some((toast) => toast.id === id)) continue
      item.remove()
      drawn.delete(id)
    }
    for (const toast of [...items].reverse()) {
      const item = drawn.get(toast.id) ?? draw(toast, closeLabel)
      if (!drawn.has(toast.id)) {
        drawn.set(toast.id, item)
        list.prepend(item)
        setTimeout(() => dismissToast(toast.id), toast.duration ?? TOAST_DEFAULT_DURATION_MS)
      }
      item.dataset.state = toast.open ? 'open' : 'closed'
    }
  })
  return function showToast(input: ToastInput): void {
    toast(input)
  }
}

function draw(toast: ToastItem, closeLabel: string): HTMLLIElement {
  const variant = toast.variant ?? 'default'
  const close = element(
    'button',
    {
      type: 'button',
      'aria-label': closeLabel,
      class: 'absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100',
    },
    [icon(X_ICON)],
  )
  const item = element(
    'li',
    {
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'true',
      'data-state': 'open',
      'data-variant': variant,
      // A closed toast stays drawn 6 s, invisible: it must not catch the clicks meant for the page.
      class: `group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg transition-all data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 ${VARIANT_CLASSES[variant]}`,
    },
    [
      element('div', { class: 'grid gap-1' }, [
        ...(toast.title ? [element('div', { class: 'text-sm font-semibold' }, [toast.title])] : []),
        ...(toast.description ? [element('div', { class: 'text-sm opacity-90' }, [toast.description])] : []),
      ]),
      close,
    ],
  ) as HTMLLIElement
  const dismiss = () => dismissToast(toast.id)
  close.addEventListener('click', dismiss)
  dismissOnSwipeRight(item, dismiss)
  return item
}

export type ShowToast = ReturnType<typeof createToaster>

/** A swipe right past the threshold (50 px) dismisses; a shorter one springs back. */
function dismissOnSwipeRight(item: HTMLElement, dismiss: () => void): void {
  let startX: number | undefined
  item.addEventListener('pointerdown', (event) => {
    startX = event.clientX
  })
  item.addEventListener('pointermove', (event) => {
    if (startX === undefined) return
    // Captured only once the pointer moves: a capture at pointerdown would take the close
    // button's click for the toast itself.
    if (!item.hasPointerCapture(event.pointerId)) item.setPointerCapture(event.pointerId)
    item.style.transform = `translateX(${Math.max(0, event.clientX - startX)}px)`
  })
  const end = (event: PointerEvent) => {
    if (startX === undefined) return
    const moved = event.clientX - startX
    startX = undefined
    item.style.transform = ''
    if (moved > TOAST_SWIPE_THRESHOLD_PX) dismiss()
  }
  item.addEventListener('pointerup', end)
  item.addEventListener('pointercancel', end)
}
