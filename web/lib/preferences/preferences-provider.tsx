import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react'
import { account } from '#common/contract/account.ts'
import { pathOf } from '#common/contract/endpoint.ts'
import {
  type Currency,
  convertFromUsd,
  type ExchangeRates,
  formatRate,
  INITIAL_PROVIDER_RATES,
} from '#common/money.ts'
import {
  CURRENCY_SWITCHER_ORDER,
  DEFAULT_BILLING_CYCLE,
  DEFAULT_CURRENCY,
  DEFAULT_THEME,
  STORAGE_KEYS,
} from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { LANGUAGES, type Language } from '#web/lib/i18n.ts'
import { rememberLanguage, storedLanguage } from '#web/lib/language.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useExchangeRates } from './api/get-exchange-rates.ts'
import { saveUserLanguage } from './api/save-user-language.ts'
import { readStoredValue, useStoredPreference, writeStoredValue } from './preference-store.ts'
import {
  type BillingCycle,
  parseBillingCycle,
  parseCurrency,
  parseTheme,
  type ResolvedTheme,
  resolveTheme,
  type Theme,
} from './stored-preferences.ts'

export type ThemeContextValue = {
  /** The visitor's choice: light, dark or system (the default). */
  theme: Theme
  /** What the page shows now; "light" until the browser has been asked. */
  resolvedTheme: ResolvedTheme
  setTheme: (theme: Theme) => void
}

/** The currency context, with the price helpers every screen uses. */
export type CurrencyContextValue = {
  currency: Currency
  setCurrency: (currency: Currency) => void
  /** In the header's order: USD, GBP, EUR. */
  currencies: readonly Currency[]
  /** Rates relative to USD (USD is 1). */
  rates: ExchangeRates
  /** When the rates' source last updated them; null while unknown. */
  lastUpdated: Date | null
  isLoading: boolean
  /** An amount in US dollars, in the selected currency. */
  convert: (amountUsd: number) => number
  /** A rate with 4 decimals. */
  formatRate: (rate: number) => string
}

export type BillingCycleContextValue = {
  billingCycle: BillingCycle
  setBillingCycle: (billingCycle: BillingCycle) => void
}

const ThemeContext = createContext<ThemeContextValue | null>(null)
const CurrencyContext = createContext<CurrencyContextValue | null>(null)
const BillingCycleContext = createContext<BillingCycleContextValue | null>(null)

/**
 * Theme, currency (with exchange rates), billing cycle and language. Every value renders as its
 * default on the server and during hydration; stored choices apply right after.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  useServerPreferences()
  const themeValue = useThemeState()
  const currencyValue = useCurrencyState()
  const [billingCycle, setBillingCycle] = useStoredPreference(
    STORAGE_KEYS.billingCycle,
    parseBillingCycle,
    DEFAULT_BILLING_CYCLE,
  )
  const billingCycleValue = useMemo(
    () => ({ billingCycle, setBillingCycle }),
    [billingCycle, setBillingCycle],
  )
  useStoredLanguage()

  return (
    <ThemeContext value={themeValue}>
      <CurrencyContext value={currencyValue}>
        <BillingCycleContext value={billingCycleValue}>{children}</BillingCycleContext>
      </CurrencyContext>
    </ThemeContext>
  )
}

export function useTheme(): ThemeContextValue {
  return required(useContext(ThemeContext), 'useTheme')
}

export function useCurrency(): CurrencyContextValue {
  return required(useContext(CurrencyContext), 'useCurrency')
}

export function useBillingCycle(): BillingCycleContextValue {
  return required(useContext(BillingCycleContext), 'useBillingCycle')
}

/** The interface language (en or fr), remembered in local storage. */
export function useLanguage(): {
  language: Language
  languages: readonly Language[]
  setLanguage: (language: Language) => void
} {
  const { i18n } = useTranslation()
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en'
  const signedIn = useUser().user !== null
  return useMemo(
    () => ({
      language,
      languages: LANGUAGES,
      setLanguage: (next: Language) => {
        rememberLanguage(next)
        void i18n.changeLanguage(next)
        // A signed-in person's mails follow the language they read the app in.
        if (signedIn) void saveUserLanguage(pathOf(account.setLanguage), next)
      },
    }),
    [i18n, language, signedIn],
  )
}

function useThemeState(): ThemeContextValue {
  const [theme, setTheme] = useStoredPreference(STORAGE_KEYS.theme, parseTheme, DEFAULT_THEME)
  const systemPrefersDark = useSystemPrefersDark()

  useEffect(() => {
    // Storage, not state: during hydration the state still holds the default for one render,
    // and applying that would undo what the boot script painted.
    const stored = parseTheme(readStoredValue(STORAGE_KEYS.theme))
    document.documentElement.classList.toggle('dark', resolveTheme(stored, systemPrefersDark) === 'dark')
  }, [theme, systemPrefersDark])

  const resolvedTheme = resolveTheme(theme, systemPrefersDark)
  return useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme])
}

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

function useSystemPrefersDark(): boolean {
  return useMediaQuery(DARK_SCHEME_QUERY)
}

function useCurrencyState(): CurrencyContextValue {
  const [currency, setCurrency] = useStoredPreference(STORAGE_KEYS.currency, parseCurrency, DEFAULT_CURRENCY)
  const { rates: loaded, isLoading } = useExchangeRates()
  const rates = loaded?.rates ?? INITIAL_PROVIDER_RATES
  const lastUpdatedMs = loaded?.lastUpdated ?? null

  return useMemo(
    () => ({
      currency,
      setCurrency,
      currencies: CURRENCY_SWITCHER_ORDER,
      rates,
      lastUpdated: lastUpdatedMs === null ? null : new Date(lastUpdatedMs),
      isLoading,
      convert: (amountUsd: number) => convertFromUsd(amountUsd, currency, rates),
      formatRate,
    }),
    [currency, setCurrency, rates, lastUpdatedMs, isLoading],
  )
}

/** Applies the remembered language after hydration and keeps <html lang> in step. */
function useStoredLanguage(): void {
  const { i18n } = useTranslation()
  useEffect(() => {
    const syncDocumentLanguage = (language: string) => {
      document.documentElement.lang = language
    }
    const unsubscribe = i18n.subscribe(syncDocumentLanguage)
    const stored = storedLanguage()
    if (stored && stored !== i18n.language) void i18n.changeLanguage(stored)
    else syncDocumentLanguage(i18n.language)
    return unsubscribe
  }, [i18n])
}

/**
 * The choices the signed-in person saved on /settings, applied once when they are known: a new
 * browser takes them at sign-in. The header's switches change this browser only.
 */
function useServerPreferences(): void {
  const { user } = useUser()
  const { i18n } = useTranslation()
  const applied = useRef<string | null>(null)
  useEffect(() => {
    if (!user || applied.current === user.id) return
    applied.current = user.id
    const { theme, currency, billingCycle, language } = user.preferences
    if (theme) writeStoredValue(STORAGE_KEYS.theme, theme)
    if (currency) writeStoredValue(STORAGE_KEYS.currency, currency)
    if (billingCycle) writeStoredValue(STORAGE_KEYS.billingCycle, billingCycle)
    if (language && language !== i18n.language) {
      rememberLanguage(language)
      void i18n.changeLanguage(language)
    }
  }, [user, i18n])
}

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used inside PreferencesProvider`)
  return value
}
