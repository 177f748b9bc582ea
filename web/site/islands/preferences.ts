import type { Currency } from '#common/money.ts'
import type { BillingCycle } from '#common/pricing.ts'
import {
  parseBillingCycle,
  parseCurrency,
  parseTheme,
  type Theme,
} from '#web/lib/preferences/stored-preferences.ts'
import { safeStorage } from './dom.ts'

/**
 * The visitor's preferences on a static page, under the keys the app uses (currency, billingCycle,
 * theme), so a choice made here holds in the app and back. Changes are announced with a
 * `site:preferences` event for the islands that draw prices.
 */
export const PREFERENCES_EVENT = 'site:preferences'

const storage = safeStorage('localStorage')

export function currentTheme(): Theme {
  return parseTheme(storage.getItem('theme'))
}

export function currentCurrency(): Currency {
  return parseCurrency(storage.getItem('currency'))
}

export function currentBillingCycle(): BillingCycle {
  return parseBillingCycle(storage.getItem('billingCycle'))
}

export function isDarkNow(): boolean {
  return document.documentElement.classList.contains('dark')
}

/** Applies and remembers a theme; "system" follows the operating system. */
export function setTheme(theme: Theme): void {
  storage.setItem('theme', theme)
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  announce()
}

export function setCurrency(currency: Currency): void {
  storage.setItem('currency', currency)
  announce()
}

export function setBillingCycle(cycle: BillingCycle): void {
  storage.setItem('billingCycle', cycle)
  announce()
}

function announce(): void {
  document.dispatchEvent(new CustomEvent(PREFERENCES_EVENT))
}

export function onPreferencesChange(listener: () => void): void {
  document.addEventListener(PREFERENCES_EVENT, listener)
}
