import type { Language } from './language.ts'
import { numberFormat } from './number-formats.ts'

/**
 * A percentage as the language writes it, up to two decimals: "99.95%" in English, "99,95 %" in
 * French (Intl's own spacing). Every percentage the product shows goes through here.
 */
export function formatPercent(percent: number, language: Language): string {
  return numberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100)
}
