import { Check, Copy, Gift, X } from 'lucide-react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { copyText } from '#web/lib/clipboard.ts'
import { cn } from '#web/lib/cn.ts'
import {
  COPIED_LABEL_MS,
  COPY_TOAST_MS,
  PROMO_CODE,
  PROMO_DISCOUNT_PERCENT,
  PROMO_DISMISSED_SESSION_KEY,
  RESTORE_TOAST_MS,
} from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/promo.ts'

/**
 * The promo bar: 5% off a first purchase with the code PARIS. Clicking the code copies it
 * ("Copied!" for 2 s and a toast); closing it hides it for the browser session, and a small side
 * tab brings it back with the toast "Discount Bar Restored!".
 */
export function PromoBar() {
  const { t } = useTranslation()
  const { user, isLoading } = useUser()
  // Until the person is known (and in the prerendered page) the bar is marked pending: a browser
  // that holds a session hides it until then (theme-script.ts), one that does not shows it.
  const pending = !useHydrated() || isLoading
  const [dismissed, setDismissed] = useDismissed()
  // When the code was last copied; "Copied!" shows for 2 s from the moment it is on screen.
  const [copiedAt, setCopiedAt] = useState<number | null>(null)
  const copied = copiedAt !== null
  useEffect(() => {
    if (copiedAt === null) return
    const timer = setTimeout(() => setCopiedAt(null), COPIED_LABEL_MS)
    return () => clearTimeout(timer)
  }, [copiedAt])
  // After the visitor closes or restores the bar, focus moves to the control that replaced it.
  const focusAfterToggle = useRef(false)
  const restoreTab = useRef<HTMLButtonElement>(null)
  const dismissButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!focusAfterToggle.current) return
    focusAfterToggle.current = false
    ;(dismissed ? restoreTab : dismissButton).current?.focus()
  }, [dismissed])

  const terms = { code: PROMO_CODE, percent: PROMO_DISCOUNT_PERCENT }

  async function copyCode() {
    const done = await copyText(PROMO_CODE)
    if (!done) {
      toast({
        title: t('promo.copyFailedTitle'),
        description: t('promo.copyFailedDescription', terms),
        variant: 'warning',
        duration: COPY_TOAST_MS,
      })
      return
    }
    setCopiedAt(performance.now())
    toast({
      title: t('promo.copiedTitle'),
      description: t('promo.copiedDescription', terms),
      variant: 'success',
      duration: COPY_TOAST_MS,
    })
  }

  function dismiss() {
    focusAfterToggle.current = true
    setDismissed(true)
  }

  function restore() {
    focusAfterToggle.current = true
    setDismissed(false)
    toast({
      title: t('promo.restoredTitle'),
      description: t('promo.restoredDescription', terms),
      variant: 'info',
      duration: RESTORE_TOAST_MS,
    })
  }

  // The offer is a first purchase's: an organization that has bought is not offered it.
  if (user?.promotionAvailable === false) return null

  if (dismissed) {
    return (
      <button
        ref={restoreTab}
        type="button"
        onClick={restore}
        aria-label={t('promo.restore')}
        data-testid="promo-restore-tab"
        className="fixed top-1/2 left-0 z-30 flex -translate-y-1/2 flex-col items-center gap-1.5 rounded-r-lg bg-primary px-1.5 py-3 text-primary-foreground shadow-lg transition-[padding] hover:pl-2.5"
      >
        <Gift className="size-4" aria-hidden="true" />
        <span className="text-xs font-semibold [writing-mode:vertical-rl]" aria-hidden="true">
          {t('promo.restoreTab', terms)}
        </span>
      </button>
    )
  }

  return (
    <section
      data-promo-bar
      data-promo-pending={pending ? '' : undefined}
      aria-label={t('promo.region')}
      data-testid="promo-bar"
      className="relative bg-gradient-to-r from-primary to-primary/85 text-primary-foreground"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 py-2 pr-12 pl-4 text-sm sm:pl-12">
        <p className="flex items-center gap-2 font-medium">
          <Gift className="size-4 shrink-0" aria-hidden="true" />
          {t('promo.headline', terms)}
        </p>
        <span className="flex items-center gap-2">
          <button
            type="button"
            onClick={copyCode}
            aria-label={t('promo.copyCode', terms)}
            data-testid="promo-code"
            className="inline-flex items-center gap-1.5 rounded-md border border-dashed border-primary-foreground/70 bg-primary-foreground/10 px-2 py-0.5 font-mono font-bold tracking-widest transition-colors hover:bg-primary-foreground/20 focus-visible:outline-primary-foreground"
          >
            {PROMO_CODE}
            {copied ? (
              <Check className="size-3.5" aria-hidden="true" />
            ) : (
              <Copy className="size-3.5 opacity-80" aria-hidden="true" />
            )}
          </button>
          <span role="status" className={cn('text-xs font-semibold', !copied && 'sr-only')}>
            {copied ? t('promo.copied') : ''}
          </span>
        </span>
        <p className="flex w-full items-center justify-center gap-2 text-xs opacity-90 sm:w-auto">
          <span>{t('promo.firstPurchase')}</span>
          <span aria-hidden="true">·</span>
          <span>{t('promo.limitedTime')}</span>
        </p>
      </div>
      <button
        ref={dismissButton}
        type="button"
        onClick={dismiss}
        aria-label={t('promo.dismiss')}
        data-testid="promo-dismiss"
        className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-md opacity-85 transition hover:bg-primary-foreground/15 hover:opacity-100 focus-visible:outline-primary-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  )
}

const dismissListeners = new Set<() => void>()
/** Used only when session storage refuses access. */
let dismissedInMemory = false

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(PROMO_DISMISSED_SESSION_KEY) === 'true'
  } catch {
    return dismissedInMemory
  }
}

/** Dismissal lives in session storage; the server and the hydrating render see the bar. */
function useDismissed(): [boolean, (dismissed: boolean) => void] {
  const dismissed = useSyncExternalStore(
    (listener) => {
      dismissListeners.add(listener)
      return () => dismissListeners.delete(listener)
    },
    readDismissed,
    () => false,
  )
  const setDismissed = (next: boolean) => {
    try {
      if (next) sessionStorage.setItem(PROMO_DISMISSED_SESSION_KEY, 'true')
      else sessionStorage.removeItem(PROMO_DISMISSED_SESSION_KEY)
    } catch {
      dismissedInMemory = next
    }
    // The boot script hid a bar dismissed before this page load; from now on React decides.
    document.documentElement.classList.remove('promo-dismissed')
    for (const listener of dismissListeners) listener()
  }
  return [dismissed, setDismissed]
}
