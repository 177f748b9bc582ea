import { Check, Circle } from 'lucide-react'
import { PASSWORD_MIN_LENGTH } from '#common/schemas/auth.ts'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** The password rules, the length one checked as the person types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation()
  const longEnough = password.length >= PASSWORD_MIN_LENGTH
  return (
    <ul className="grid gap-1">
      <li className={cn('flex items-center gap-1.5', longEnough && 'text-success')}>
        {longEnough ? (
          <Check className="size-3.5" aria-hidden="true" />
        ) : (
          <Circle className="size-3" aria-hidden="true" />
        )}
        {t('auth.hints.passwordRule', { count: PASSWORD_MIN_LENGTH })}
        <span className="sr-only">
          ({longEnough ? t('auth.hints.passwordRuleMet') : t('auth.hints.passwordRuleUnmet')})
        </span>
      </li>
      <li className="flex items-center gap-1.5">
        <Circle className="size-3" aria-hidden="true" />
        {t('auth.hints.passwordCommon')}
      </li>
    </ul>
  )
}
