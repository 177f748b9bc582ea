import { SESSION_HINT_COOKIE } from './session-hint.ts'

/**
 * Applies the stored theme, and hides a promo bar dismissed earlier in the session, before the
 * first paint: no light flash for dark-theme visitors, no flash of a dismissed bar. A browser
 * that holds a session (the hint cookie) is marked too: the promo bar waits for the person to be
 * known, since an organization that has bought is not offered it (a bar shown, then withdrawn,
 * would move the whole page). The server allows exactly this inline script by its hash (CSP).
 */
export const THEME_BOOT_SCRIPT = `(function(){var h=document.documentElement;try{var t=localStorage.getItem('theme');var d=t==='dark'||((!t||t==='system')&&matchMedia('(prefers-color-scheme: dark)').matches);if(d)h.classList.add('dark')}catch(e){}try{if(sessionStorage.getItem('promoBarDismissed')==='true')h.classList.add('promo-dismissed')}catch(e){}if(/(?:^|; )${SESSION_HINT_COOKIE}=1(?:;|$)/.test(document.cookie))h.classList.add('session-hinted')})()`
