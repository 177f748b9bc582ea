import type { Language } from './language.ts'
import { numberFormat } from './number-formats.ts'

/** The binary units of memory and storage as each language writes them. */
const GIB_UNIT: Record<Language, string> = { en: 'GiB', fr: 'Gio' }

/** A size in gibibytes as the language writes it: "8 GiB", "8 Gio", "0,5 Gio". */
export function formatGib(gib: number, language: Language): string {
  const number = numberFormat(language, { maximumFractionDigits: 2 }).format(gib)
  return `${number}\u00a0${GIB_UNIT[language]}`
}
