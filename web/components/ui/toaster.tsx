import { cva } from 'class-variance-authority'
import { X } from 'lucide-react'
import { Toast } from 'radix-ui'
import { useSyncExternalStore } from 'react'
import { cn } from '#web/lib/cn.ts'
import { TOAST_DEFAULT_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '#web/lib/constants.ts'
import {
  currentToasts,
  dismissToast,
  subscribeToToasts,
  type ToastItem,
  type ToastVariant,
} from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/toast.ts'

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg transition-all data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        info: 'border-primary/40 bg-card text-card-foreground',
        success: 'border-success/50 bg-card text-card-foreground',
        warning: 'border-warning/60 bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      } satisfies Record<ToastVariant, string>,
    },
    defaultVariants: { variant: 'default' },
  },
)

const noToasts: ToastItem[] = []

/** Renders the toast list: 5 s by default, swipe right 50 px to dismiss, F8 to focus. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts, () => noToasts)
  const { t } = useTranslation()
  return (
    <Toast.Provider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.item')}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          className={cn(toastVariants({ variant: item.variant }))}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[...TOAST_HOTKEY]}
        // Radix puts the hotkey in place of its own {hotkey} placeholder.
        label={t('toast.region', { hotkey: '{hotkey}' })}
        // The list lets clicks through around its toasts; a closing toast lets them through too.
        className="pointer-events-none fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </Toast.Provider>
  )
}
