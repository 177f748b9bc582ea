import { LANGUAGE_PARAMETER, LANGUAGES, type Language } from '#common/language.ts'
import { CURRENCY_SYMBOLS, type Currency, formatRate } from '#common/money.ts'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { CURRENCY_SWITCHER_ORDER } from '#web/lib/constants.ts'
import { readCookie } from '#web/lib/cookies.ts'
import { rememberLanguage } from '#web/lib/language.ts'
import { saveUserLanguage } from '#web/lib/preferences/api/save-user-language.ts'
import type { LoadedRates } from '#web/lib/preferences/load-rates.ts'
import { element } from './dom.ts'
import type { IslandApi } from './island-data.ts'
import { fill, type IslandStrings } from './island-strings.ts'
import { currentCurrency, isDarkNow, onPreferencesChange, setCurrency, setTheme } from './preferences.ts'
import { attachRadioMenu } from './radio-menu.ts'

/** The header's theme toggle: the icon follows the `dark` class; the button says whether dark is on. */
export function attachThemeToggle(strings: IslandStrings): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-testid="theme-toggle"]')) {
    const sync = () => {
      const dark = isDarkNow()
      button.setAttribute('aria-pressed', String(dark))
      button.title = dark ? strings.theme.light : strings.theme.dark
    }
    sync()
    button.addEventListener('click', () => setTheme(isDarkNow() ? 'light' : 'dark'))
    onPreferencesChange(sync)
  }
}

/** The currency switcher: USD, GBP, EUR with today's rates under them. */
export function attachCurrencySwitcher(
  strings: IslandStrings,
  language: Language,
  rates: () => LoadedRates | undefined,
): void {
  const trigger = document.querySelector<HTMLButtonElement>('[data-testid="currency-switcher"]')
  if (!trigger) return
  const sync = () => {
    const currency = currentCurrency()
    trigger.setAttribute('aria-label', fill(strings.currency.change, { currency }))
    const [symbol, code] = trigger.querySelectorAll('span')
    if (symbol) symbol.textContent = CURRENCY_SYMBOLS[currency]
    if (code) code.textContent = currency
  }
  sync()
  onPreferencesChange(sync)
  attachRadioMenu(trigger, {
    label: strings.currency.label,
    widthClass: 'w-60',
    selected: currentCurrency,
    choices: () =>
      CURRENCY_SWITCHER_ORDER.map((code) => ({
        value: code,
        name: code,
        label: [
          element('span', { class: 'w-4 text-center font-semibold', 'aria-hidden': 'true' }, [
            CURRENCY_SYMBOLS[code],
          ]),
          element('span', { class: 'font-medium' }, [code]),
          element('span', { class: 'truncate text-muted-foreground' }, [strings.currency[code]]),
        ],
      })),
    onSelect: (value) => setCurrency(value as Currency),
    footer: () => {
      const loaded = rates()
      const lines = loaded
        ? [
            element('p', { class: 'tabular-nums' }, [`1 USD = ${formatRate(loaded.rates.EUR)} EUR`]),
            element('p', { class: 'tabular-nums' }, [`1 USD = ${formatRate(loaded.rates.GBP)} GBP`]),
            ...(loaded.lastUpdated
              ? [
                  element('p', { class: 'mt-0.5' }, [
                    fill(strings.currency.ratesUpdated, {
                      time: new Date(loaded.lastUpdated).toLocaleString(language, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                    }),
                  ]),
                ]
              : []),
          ]
        : [strings.currency.ratesLoading]
      return element(
        'div',
        { class: 'px-2.5 py-1.5 text-xs text-muted-foreground', 'data-testid': 'currency-rates' },
        lines,
      )
    },
  })
}

/** English or French: remembered, then the page is loaded again in that language. */
export function attachLanguageSwitcher(strings: IslandStrings, language: Language, api: IslandApi): void {
  const trigger = document.querySelector<HTMLButtonElement>('[data-testid="language-switcher"]')
  if (!trigger) return
  attachRadioMenu(trigger, {
    label: strings.language.label,
    widthClass: 'w-44',
    selected: () => language,
    choices: () =>
      LANGUAGES.map((code) => ({
        value: code,
        name: strings.language[code],
        label: [
          element('span', { class: 'w-6 text-xs font-semibold uppercase text-muted-foreground' }, [code]),
          element('span', { lang: code }, [strings.language[code]]),
        ],
      })),
    onSelect: (value) => switchLanguage(value as Language, language, api),
  })
}

/** Remembers the language and asks the server for this page in it (without a ?lang= that would override). */
export function switchLanguage(
  next: Language,
  current: Language,
  api: Pick<IslandApi, 'userLanguage'>,
): void {
  if (next === current) return
  rememberLanguage(next)
  if (readCookie(SESSION_HINT_COOKIE) === '1') void saveUserLanguage(api.userLanguage, next)
  const url = new URL(window.location.href)
  url.searchParams.delete(LANGUAGE_PARAMETER)
  if (url.href === window.location.href) window.location.reload()
  else window.location.replace(url.href)
}
