import { Boxes, Landmark, ShieldCheck } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** The product's promise beside the sign-in form on wide screens, in the footer's words. */
export function BrandPanel({ className }: { className?: string }) {
  const { t } = useTranslation()
  const points = [
    { icon: Boxes, text: t('auth.brand.pointDeploy') },
    { icon: ShieldCheck, text: t('auth.brand.pointSecurity') },
    { icon: Landmark, text: t('auth.brand.pointSovereignty') },
  ]
  return (
    <div
      className={cn(
        'relative isolate flex-col gap-10 overflow-hidden bg-primary p-10 text-primary-foreground',
        className,
      )}
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute -top-24 -right-24 size-80 rounded-full bg-primary-foreground/10 blur-2xl" />
        <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-background/10 blur-3xl" />
        <svg className="absolute inset-0 size-full opacity-[0.07]" aria-hidden="true">
          <defs>
            <pattern id="brand-hex" width="28" height="48" patternUnits="userSpaceOnUse">
              <path
                d="M14 0 28 8v16L14 32 0 24V8z M14 32v16"
                fill="none"
                stroke="currentColor"
                strokeWidth="1"
              />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill="url(#brand-hex)" />
        </svg>
      </div>
      <div className="grid gap-4">
        <p className="text-sm font-semibold tracking-widest uppercase opacity-80">
          {t('auth.brand.eyebrow')}
        </p>
        <p className="text-3xl leading-tight font-semibold tracking-tight text-balance">
          {t('auth.brand.title')}
        </p>
        <p className="text-base opacity-85">{t('auth.brand.lead')}</p>
      </div>
      <ul className="grid gap-4">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-foreground/15">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="pt-1 text-sm leading-snug">{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-auto flex flex-wrap gap-2 text-xs font-medium">
        {[t('auth.brand.gdpr'), t('auth.brand.hds'), t('auth.brand.cispe')].map((badge) => (
          <span key={badge} className="rounded-full border border-primary-foreground/30 px-2.5 py-1">
            {badge}
          </span>
        ))}
      </p>
    </div>
  )
}
