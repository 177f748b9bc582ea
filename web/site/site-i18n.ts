import { createI18n, type Language } from '#web/lib/i18n.ts'
import { fr } from '#web/locales/fr.ts'

/** The static pages are rendered at build time in each language: every language is at hand. */
export const siteI18n = (language: Language) => createI18n(language, { fr })
