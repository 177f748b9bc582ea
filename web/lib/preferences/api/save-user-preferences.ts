import { account } from '#common/contract/account.ts'
import { pathOf } from '#common/contract/endpoint.ts'
import type { Preferences } from '#common/schemas/accounts.ts'

/**
 * Keeps a signed-in person's choice on the server, so every browser they sign in from applies it.
 * `keepalive` lets it finish while a page reloads.
 */
export async function saveUserPreferences(preferences: Preferences): Promise<void> {
  try {
    const response = await fetch(pathOf(account.updatePreferences), {
      method: 'PUT',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(preferences),
    })
    if (!response.ok) console.warn(`Could not save your preferences (HTTP ${response.status})`)
  } catch (error) {
    // The choice applies in this browser already; the next one will try again.
    console.warn('Could not save your preferences', error)
  }
}
