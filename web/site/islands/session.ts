import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { readCookie, writeCookie } from '#web/lib/cookies.ts'
import type { IslandApi } from './island-data.ts'

/**
 * Who is signed in, asked only when the browser holds a session (the hint cookie): a visitor's
 * page makes no session request. A hint left by an expired session is dropped.
 */
export async function signedInUser(api: Pick<IslandApi, 'user'>): Promise<unknown | undefined> {
  if (readCookie(SESSION_HINT_COOKIE) !== '1') return undefined
  try {
    const response = await fetch(api.user, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    })
    if (response.ok) return await response.json()
    if (response.status === 401) writeCookie(SESSION_HINT_COOKIE, '', 0)
  } catch {
    // Offline or the server is away: the page stays as a visitor sees it.
  }
  return undefined
}

/** Links that lead a signed-in person elsewhere (the home page's call to action). */
export function retargetSignedInLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-signed-in-href]')) {
    link.href = link.dataset.signedInHref ?? link.href
    const label = link.querySelector('[data-label]')
    if (label && link.dataset.signedInLabel) label.textContent = link.dataset.signedInLabel
  }
}
