import { Moon, Sun } from 'lucide-react'
import { headerIconButtonClass } from '#web/components/layout/menu-styles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTheme } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/preferences.ts'

/**
 * The header's light/dark toggle. The icon follows the `dark` class, so it is right from the first
 * paint; the choice is remembered under the `theme` key.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { resolvedTheme, setTheme } = useTheme()
  const isDark = resolvedTheme === 'dark'
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={t('preferences.theme.change')}
      aria-pressed={isDark}
      title={isDark ? t('preferences.theme.light') : t('preferences.theme.dark')}
      data-testid="theme-toggle"
      className={cn(headerIconButtonClass, className)}
      onClick={() => setTheme(isDark ? 'light' : 'dark')}
    >
      <Sun className="dark:hidden" aria-hidden="true" />
      <Moon className="hidden dark:block" aria-hidden="true" />
    </Button>
  )
}
