/** The languages of the interface; English is the default. */
export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/**
 * The visitor's language choice, in a cookie so the server can send a static page in it, and
 * as a `?lang=` parameter on the addresses search engines index for each language.
 */
export const LANGUAGE_COOKIE = 'lang'
export const LANGUAGE_PARAMETER = 'lang'
/** A year: the choice is a lasting preference. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function parseLanguage(value: string | null | undefined): Language | undefined {
  return value === 'en' || value === 'fr' ? value : undefined
}
