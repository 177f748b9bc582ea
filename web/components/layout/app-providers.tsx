import type { ReactNode } from 'react'
import { Toaster } from '#web/components/ui/toaster.tsx'

/** Cross-cutting providers of the shell (theme, currency, tooltips, language) and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  )
}
