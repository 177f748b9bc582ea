import { CURRENCIES, type Currency } from '#common/money.ts'
import {
  BILLING_CYCLES,
  DEFAULT_BILLING_CYCLE,
  DEFAULT_CURRENCY,
  DEFAULT_THEME,
  THEMES,
} from '#web/lib/constants.ts'

export type Theme = (typeof THEMES)[number]
export type ResolvedTheme = Exclude<Theme, 'system'>
export type BillingCycle = (typeof BILLING_CYCLES)[number]

/**
 * Reading what local storage holds: anything unknown, missing or tampered with gives the default,
 * so a bad value never breaks the page.
 */
export function parseTheme(stored: string | null | undefined): Theme {
  return oneOf(THEMES, stored) ?? DEFAULT_THEME
}

export function parseCurrency(stored: string | null | undefined): Currency {
  return oneOf(CURRENCIES, stored) ?? DEFAULT_CURRENCY
}

export function parseBillingCycle(stored: string | null | undefined): BillingCycle {
  return oneOf(BILLING_CYCLES, stored) ?? DEFAULT_BILLING_CYCLE
}

/** The theme the page shows: "system" follows the operating system's colour scheme. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light'
  return theme
}

function oneOf<T extends string>(values: readonly T[], candidate: string | null | undefined): T | undefined {
  return values.find((value) => value === candidate)
}
