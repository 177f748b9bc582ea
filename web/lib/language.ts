import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
  parseLanguage,
} from '#common/language.ts'

import { readCookie, writeCookie } from './cookies.ts'

export const LANGUAGE_STORAGE_KEY = 'language'

/** The remembered language: the cookie the server reads first, then local storage. */
export function storedLanguage(): Language | undefined {
  return (
    parseLanguage(readCookie(LANGUAGE_COOKIE)) ??
    parseLanguage(safeLocalStorage()?.getItem(LANGUAGE_STORAGE_KEY))
  )
}

/** Remembers the choice for the app (local storage) and for the server's static pages (cookie). */
export function rememberLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_SECONDS)
  safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language)
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}
