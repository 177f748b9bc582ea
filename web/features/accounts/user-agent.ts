/** A session's browser and system, read from its user agent for a person to recognise it. */
export type Device = { browser: string | null; system: string | null; mobile: boolean }

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\/|Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\//, 'curl'],
]
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

export function describeUserAgent(userAgent: string | null): Device {
  const text = userAgent ?? ''
  const find = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null
  return { browser: find(BROWSERS), system: find(SYSTEMS), mobile: /Mobi|iPhone|Android/.test(text) }
}
