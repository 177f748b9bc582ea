import { Tooltip } from 'radix-ui'
import type { ReactNode } from 'react'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { useLogoutFromOtherTabs } from '#web/features/auth/api/logout.ts'
import { useNavigationInvalidations } from '#web/features/dashboard/use-navigation-invalidations.ts'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#web/lib/constants.ts'
import { PreferencesProvider } from '#web/lib/preferences/preferences-provider.tsx'
import { EmailVerificationModal } from './email-verification-modal.tsx'

/** Cross-cutting providers and effects of the shell, around every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <SessionEffects />
        {children}
        <EmailVerificationModal />
        <Toaster />
      </Tooltip.Provider>
    </PreferencesProvider>
  )
}

function SessionEffects() {
  useLogoutFromOtherTabs()
  useNavigationInvalidations()
  return null
}
