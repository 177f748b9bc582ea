import { Check, Languages } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { Language } from '#web/lib/i18n.ts'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { headerIconButtonClass, menuContentClass, menuItemClass, menuLabelClass } from './menu-styles.ts'
import { SegmentedChoice } from './segmented-choice.tsx'

/** English or French, remembered in local storage; <html lang> follows. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { language, languages, setLanguage } = useLanguage()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t('preferences.language.change', { language: t(`preferences.language.${language}`) })}
          data-testid="language-switcher"
          className={cn('gap-1.5 px-2 font-semibold uppercase', headerIconButtonClass, className)}
        >
          <Languages aria-hidden="true" />
          <span>{language}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'w-44')}>
          <DropdownMenu.Label className={menuLabelClass}>
            {t('preferences.language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={(value) => setLanguage(value as Language)}>
            {languages.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                lang={code}
                className={cn(menuItemClass, 'pr-8')}
              >
                <span className="w-6 text-xs font-semibold uppercase text-muted-foreground">{code}</span>
                {t(`preferences.language.${code}`)}
                <DropdownMenu.ItemIndicator className="absolute right-2.5">
                  <Check aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** English or French as a segmented control (mobile menu). */
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
