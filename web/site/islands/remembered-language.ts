import { LANGUAGE_COOKIE, LANGUAGE_PARAMETER, type Language } from '#common/language.ts'
import { readCookie } from '#web/lib/cookies.ts'
import { rememberLanguage, storedLanguage } from '#web/lib/language.ts'

/**
 * A language chosen in the app before the language cookie existed lives only in local storage,
 * which the server cannot read: copy it into the cookie and load the page again in it. Nothing
 * happens when the address names a language (?lang=) or when cookies are refused (no loop).
 */
export function followRememberedLanguage(pageLanguage: Language): void {
  if (new URL(window.location.href).searchParams.has(LANGUAGE_PARAMETER)) return
  // The server chose this language from the cookie (or /fr set it): the app remembers it too.
  if (readCookie(LANGUAGE_COOKIE) === pageLanguage) {
    rememberLanguage(pageLanguage)
    return
  }
  const remembered = storedLanguage()
  if (!remembered || remembered === pageLanguage || readCookie(LANGUAGE_COOKIE)) return
  rememberLanguage(remembered)
  if (readCookie(LANGUAGE_COOKIE) === remembered) window.location.reload()
}
