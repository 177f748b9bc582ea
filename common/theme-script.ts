/**
 * Applies the stored theme before the first paint, so a dark-theme visitor never sees a light
 * flash. The server allows exactly this inline script by its hash (CSP).
 */
export const THEME_BOOT_SCRIPT =
  "(function(){try{var t=localStorage.getItem('theme');var d=t==='dark'||((!t||t==='system')&&matchMedia('(prefers-color-scheme: dark)').matches);if(d)document.documentElement.classList.add('dark')}catch(e){}})()"
