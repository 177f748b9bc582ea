/**
 * Applies the stored theme, and hides a promo bar dismissed earlier in the session, before the
 * first paint: no light flash for dark-theme visitors, no flash of a dismissed bar. The server
 * allows exactly this inline script by its hash (CSP).
 */
export const THEME_BOOT_SCRIPT =
  "(function(){var h=document.documentElement;try{var t=localStorage.getItem('theme');var d=t==='dark'||((!t||t==='system')&&matchMedia('(prefers-color-scheme: dark)').matches);if(d)h.classList.add('dark')}catch(e){}try{if(sessionStorage.getItem('promoBarDismissed')==='true')h.classList.add('promo-dismissed')}catch(e){}})()"
