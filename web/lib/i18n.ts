import i18next, { type BackendModule, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '#common/language.ts'
import { en, type Messages } from '../locales/en.ts'

export { LANGUAGES, type Language } from '#common/language.ts'

/**
 * The strings of a language other than English, fetched when someone first reads it: a page
 * carries English (the fallback of every key) and no other language it does not show.
 */
const LATER_LANGUAGES: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  fr: () => import('../locales/fr.ts').then((module) => module.fr),
}

/** i18next's loader for the languages not bundled: changeLanguage waits for them, so no key flashes. */
const laterLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = LATER_LANGUAGES[language as keyof typeof LATER_LANGUAGES]
    if (!load) return callback(null, {})
    load().then(
      (strings) => callback(null, strings),
      (error: Error) => callback(error, false),
    )
  },
}

/**
 * One i18next instance. English is always there; another language is fetched the first time the
 * instance changes to it (`await i18n.changeLanguage('fr')`). Code that renders at once in another
 * language — the static pages at build time, tests — passes its strings in `bundled`.
 */
export function createI18n(
  language: Language = 'en',
  bundled: Partial<Record<Language, Messages>> = {},
): i18n {
  const instance = i18next.createInstance()
  const resources = Object.fromEntries(
    Object.entries({ en, ...bundled }).map(([name, strings]) => [name, { translation: strings }]),
  )
  void instance
    .use(laterLanguages)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    })
  return instance
}
