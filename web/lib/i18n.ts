import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from '../locales/en.ts'
import { fr } from '../locales/fr.ts'

export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]
export const LANGUAGE_STORAGE_KEY = 'language'

/**
 * One i18next instance with both languages bundled. Pages render in English at build time; the
 * visitor's stored choice is applied after hydration (see usePreferredLanguage).
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

export function storedLanguage(): Language | undefined {
  if (typeof localStorage === 'undefined') return undefined
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
  return value === 'fr' || value === 'en' ? value : undefined
}

export function rememberLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
}
