import { Languages } from 'lucide-react'
import { RadioMenu } from '#web/components/layout/radio-menu.tsx'
import { cn } from '#web/lib/cn.ts'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/preferences.ts'

/** English or French, remembered in local storage; <html lang> follows. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { language, languages, setLanguage } = useLanguage()
  return (
    <RadioMenu
      triggerLabel={t('preferences.language.change', { language: t(`preferences.language.${language}`) })}
      testId="language-switcher"
      triggerClassName={cn('gap-1.5 uppercase', className)}
      trigger={
        <>
          <Languages aria-hidden="true" />
          <span>{language}</span>
        </>
      }
      label={t('preferences.language.label')}
      contentClassName="w-44"
      value={language}
      onChange={setLanguage}
      options={languages.map((code) => ({
        value: code,
        lang: code,
        content: (
          <>
            <span className="w-6 text-xs font-semibold uppercase text-muted-foreground">{code}</span>
            {t(`preferences.language.${code}`)}
          </>
        ),
      }))}
    />
  )
}
