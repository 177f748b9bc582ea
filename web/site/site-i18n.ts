import { createI18n, type Language } from '#web/lib/i18n.ts'
import { en } from '#web/locales/en.ts'
import { fr } from '#web/locales/fr.ts'

/** The static pages are rendered at build time in each language: every string of each is at hand. */
export const siteI18n = (language: Language) => createI18n(language, { en, fr })
