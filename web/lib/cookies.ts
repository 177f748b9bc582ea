/** Cookies the browser's scripts read and write: preferences and the session hint, never secrets. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1)
}

/** A site-wide, SameSite=Lax cookie; a max age of 0 deletes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we support (Firefox, Safari before 18.4), and its writes are asynchronous.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`
}
