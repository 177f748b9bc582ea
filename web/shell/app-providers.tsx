import { Tooltip } from 'radix-ui'
import { lazy, type ReactNode, Suspense } from 'react'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { useLogoutFromOtherTabs } from '#web/features/auth/api/logout.ts'
import { useNavigationInvalidations } from '#web/features/dashboard/use-navigation-invalidations.ts'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { PreferencesProvider } from '#web/lib/preferences/preferences-provider.tsx'

/** Cross-cutting providers and effects of the shell, around every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <SessionEffects />
        {children}
        <EmailVerification />
        <Toaster />
      </Tooltip.Provider>
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

function SessionEffects() {
  useLogoutFromOtherTabs()
  useNavigationInvalidations()
  return null
}
