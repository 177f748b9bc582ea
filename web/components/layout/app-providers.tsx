import type { ReactNode } from 'react'

/** Cross-cutting providers of the shell (theme, currency, toasts, tooltips, language). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>
}
