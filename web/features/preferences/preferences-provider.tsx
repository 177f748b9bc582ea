import type { ReactNode } from 'react'

/** Theme, currency (with exchange rates), billing cycle and language: filled in by the preferences work. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  return <>{children}</>
}
