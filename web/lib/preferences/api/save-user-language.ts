import type { Language } from '#common/language.ts'

/**
 * Keeps the signed-in user's language on the server, for the mails they get. `keepalive` lets it
 * finish while a static page reloads in the new language.
 */
export async function saveUserLanguage(language: Language): Promise<void> {
  try {
    const response = await fetch('/api/user/language', {
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
