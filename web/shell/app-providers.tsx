import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useLogoutFromOtherTabs } from '#web/features/auth/api/logout.ts'
import { useNavigationInvalidations } from '#web/features/dashboard/use-navigation-invalidations.ts'
import { useUser } from '#web/lib/current-user.ts'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { PreferencesProvider } from '#web/lib/preferences/preferences-provider.tsx'
import { currentToasts, subscribeToToasts } from '#web/lib/toast-store.ts'

/** Cross-cutting providers and effects of the shell, around every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <SessionEffects />
      {children}
      <EmailVerification />
      <DeferredToaster />
    </PreferencesProvider>
  )
}

/** The verification dialog (and the dialog library) loads only for someone whose address is not proven. */
const EmailVerificationModal = lazy(() =>
  import('./email-verification-modal.tsx').then((module) => ({ default: module.EmailVerificationModal })),
)

function EmailVerification() {
  const { user } = useUser()
  if (user?.emailVerified !== false) return null
  return (
    <Suspense fallback={null}>
      <EmailVerificationModal />
    </Suspense>
  )
}

const toaster = onDemand(() => import('#web/components/ui/toaster.tsx'))
const hasToasts = () => currentToasts().length > 0

/** The toasts' code comes after the first paint (on-demand.ts), or at once for an early toast. */
function DeferredToaster() {
  const loaded = toaster.useModule()
  const waiting = useSyncExternalStore(subscribeToToasts, hasToasts, () => false)
  useEffect(() => {
    if (waiting) startLoading(toaster)
  }, [waiting])
  return loaded ? <loaded.Toaster /> : null
}

function SessionEffects() {
  useLogoutFromOtherTabs()
  useNavigationInvalidations()
  return null
}
