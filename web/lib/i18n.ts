import i18next, { type BackendModule, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '#common/language.ts'
import { common } from '../locales/en/common.ts'
import { pages } from '../locales/en/pages.ts'
import type { Messages } from '../locales/en.ts'

export { LANGUAGES, type Language } from '#common/language.ts'

/**
 * The English strings the loaded code reads. Each area's strings come with the code that reads
 * them: a module that uses `t('clusters.…')` imports web/lib/strings/clusters.ts, which registers
 * them here (strings-imports.test.ts holds every module to it). A screen thus carries the strings
 * of its own areas, not those of the whole console. The page titles and the common words are read
 * everywhere (the route table names the titles): they are always here.
 */
const registered: Partial<Messages> = { common, pages }
/** The instances made so far: strings registered later (a screen's module loading) reach them too. */
const instances = new Set<i18n>()

export function registerStrings(strings: Partial<Messages>): void {
  Object.assign(registered, strings)
  for (const instance of instances) instance.addResourceBundle('en', 'translation', strings, true, true)
}

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
 * One i18next instance. English is there as far as the loaded code registered it; another language
 * is fetched the first time the instance changes to it (`await i18n.changeLanguage('fr')`). Code
 * that renders at once in another language — the static pages at build time, tests — passes its
 * strings in `bundled`. A key found in no language is a console error: the browser tests fail on
 * it, so a module that forgot its area's strings cannot pass unnoticed.
 */
export function createI18n(
  language: Language = 'en',
  bundled: Partial<Record<Language, Partial<Messages>>> = {},
): i18n {
  const instance = i18next.createInstance()
  const languages = { ...bundled, en: { ...registered, ...bundled.en } }
  const resources = Object.fromEntries(
    Object.entries(languages).map(([name, strings]) => [name, { translation: strings }]),
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
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => console.error(`No string for the key ${key}`),
    })
  instances.add(instance)
  return instance
}
