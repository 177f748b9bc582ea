import type { Language } from '#common/language.ts'

/**
 * Keeps the signed-in user's language on the server, for the mails they get. `keepalive` lets it
 * finish while a static page reloads in the new language. The path is the contract's
 * `account.setLanguage`, given by the caller: the app takes it from the contract, the static
 * pages' islands from their page's data (they carry no contract).
 */
export async function saveUserLanguage(path: string, language: Language): Promise<void> {
  try {
    const response = await fetch(path, {
      method: 'PUT',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ language }),
    })
    if (!response.ok) console.warn(`Could not save the language of your mails (HTTP ${response.status})`)
  } catch (error) {
    // The page has already switched; the next choice will try again.
    console.warn('Could not save the language of your mails', error)
  }
}
