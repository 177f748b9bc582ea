import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '#common/language.ts'
import { en } from '../locales/en.ts'
import { fr } from '../locales/fr.ts'

export { LANGUAGES, type Language } from '#common/language.ts'

/**
 * One i18next instance with both languages bundled. Static pages are rendered in each language at
 * build time; in the app the visitor's stored choice is applied after hydration.
 */
export function createI18n(language: Language = 'en'): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance
}
