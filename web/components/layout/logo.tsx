import { Link } from 'react-router'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { LINKS } from './nav-links.ts'
import '#web/lib/strings/header.ts'

/** The Clusterdeck mark and word, linking home. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation()
  return (
    <Link
      to={LINKS.home}
      aria-label={t('header.homeLink')}
      className={cn('flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight', className)}
    >
      <LogoMark className="size-8" />
      <span className={cn('text-lg', compact && 'sr-only sm:not-sr-only')}>{t('common.appName')}</span>
    </Link>
  )
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M16 6l8.7 5v10L16 26l-8.7-5V11z"
        fill="none"
        strokeWidth="2.2"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
      <circle cx="16" cy="16" r="3" className="fill-primary-foreground" />
    </svg>
  )
}
