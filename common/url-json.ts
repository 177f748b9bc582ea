/** A JSON value as URL-safe text (base64url of its UTF-8), for state carried in an address. */
export function encodeUrlJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The value back from `encodeUrlJson`'s text; undefined when it is not such a text. */
export function decodeUrlJson(text: string): unknown {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))))
  } catch {
    return undefined
  }
}
