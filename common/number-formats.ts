/**
 * Intl's number formats, each made once and kept: making one costs some fifty times formatting a
 * number with it, and `toLocaleString` with options makes one at every call — a screen of amounts
 * made hundreds before it could show.
 */
const formats = new Map<string, Intl.NumberFormat>()

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}
