import { Monitor, Moon, Sun } from 'lucide-react'
import { CURRENCY_SYMBOLS } from '#common/money.ts'
import { SegmentedChoice } from '#web/components/layout/segmented-choice.tsx'
import { THEMES } from '#web/lib/constants.ts'
import { useCurrency, useLanguage, useTheme } from '#web/lib/preferences/preferences-provider.tsx'
import type { Theme } from '#web/lib/preferences/stored-preferences.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/preferences.ts'

/** The preferences as segmented controls, for the mobile menu (the header has menus instead). */

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>

/** Light, dark or system. */
export function ThemeChoice({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { theme, setTheme } = useTheme()
  return (
    <SegmentedChoice
      label={t('preferences.theme.label')}
      className={className}
      options={THEMES.map((value) => ({
        value,
        label: t(`preferences.theme.${value}`),
        Icon: THEME_ICONS[value],
      }))}
      value={theme}
      onChange={setTheme}
    />
  )
}

/** USD, GBP, EUR. */
export function CurrencyChoice({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { currency, setCurrency, currencies } = useCurrency()
  return (
    <SegmentedChoice
      label={t('preferences.currency.label')}
      className={className}
      options={currencies.map((code) => ({ value: code, label: `${CURRENCY_SYMBOLS[code]} ${code}` }))}
      value={currency}
      onChange={setCurrency}
    />
  )
}

/** English or French. */
export function LanguageChoice({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { language, languages, setLanguage } = useLanguage()
  return (
    <SegmentedChoice
      label={t('preferences.language.label')}
      className={className}
      options={languages.map((code) => ({ value: code, label: t(`preferences.language.${code}`) }))}
      value={language}
      onChange={setLanguage}
    />
  )
}
