import { parseLanguage } from '#common/language.ts'
import { formatPercent } from '#common/percent.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** Percentages in the page's language ("99.95%", "99,95 %"), in the app and on the static pages. */
export function usePercent(): (percent: number) => string {
  const { i18n } = useTranslation()
  const language = parseLanguage(i18n.language) ?? 'en'
  return (percent) => formatPercent(percent, language)
}
