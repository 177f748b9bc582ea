import { CheckCircle2, type LucideIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/leads.ts'

/**
 * The frame of a lead form's page: what the form is for and what happens next beside it (above it
 * on small screens), the form or its confirmation on the other side. An `aside` goes under what
 * happens next on wide screens, and after the form on small ones, so the form comes first there.
 */
export function LeadPage({
  eyebrow,
  title,
  lead,
  steps,
  aside,
  children,
}: {
  eyebrow: string
  title: string
  lead: string
  steps?: readonly string[]
  aside?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="relative isolate px-4 py-10 sm:py-16">
      <Backdrop />
      <div
        className={cn(
          'mx-auto grid w-full max-w-6xl items-start gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-x-16',
          // The form spans both rows; what it leaves over goes under the aside, not between.
          aside && 'lg:grid-rows-[auto_1fr]',
        )}
      >
        {/* Kept in view while the form scrolls, unless an aside follows it: it would cover the aside. */}
        <div className={cn('grid content-start gap-4', !aside && 'lg:sticky lg:top-24')}>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="text-lg text-muted-foreground">{lead}</p>
          {steps && steps.length > 0 && (
            <section aria-labelledby="lead-next-steps" className="mt-2 grid gap-3">
              <h2 id="lead-next-steps" className="text-sm font-semibold">
                {t('leads.nextSteps')}
              </h2>
              <ol className="grid gap-3">
                {steps.map((step, index) => (
                  <li key={step} className="flex gap-3 text-sm text-muted-foreground">
                    <span
                      aria-hidden="true"
                      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
        <div className={cn('min-w-0', aside && 'lg:col-start-2 lg:row-span-2 lg:row-start-1')}>
          {children}
        </div>
        {aside && <div className="min-w-0 lg:col-start-1 lg:row-start-2">{aside}</div>}
      </div>
    </div>
  )
}

/** The card the form sits in. */
export function LeadFormCard({ children }: { children: ReactNode }) {
  return (
    <Card className="shadow-lg">
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/**
 * What replaces a sent form: it says what happens next and takes the focus, so a screen reader
 * announces it and a keyboard user continues from there.
 */
export function LeadConfirmation({
  icon: Icon = CheckCircle2,
  tone = 'success',
  title,
  children,
  actions,
}: {
  icon?: LucideIcon
  tone?: 'success' | 'destructive' | 'primary'
  title: string
  children?: ReactNode
  actions?: ReactNode
}) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => titleRef.current?.focus(), [])
  return (
    <Card className="shadow-lg" data-testid="lead-confirmation">
      <CardContent className="grid justify-items-start gap-4">
        <span
          className={cn(
            'flex size-11 items-center justify-center rounded-full',
            tone === 'success' && 'bg-success/15 text-success',
            tone === 'destructive' && 'bg-destructive/10 text-destructive',
            tone === 'primary' && 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 ref={titleRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
          {title}
        </h2>
        {children && <div className="grid gap-2 text-muted-foreground">{children}</div>}
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </CardContent>
    </Card>
  )
}

/** A faint glow behind the page; decorative only. */
function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute top-[-12rem] right-[-8rem] h-[28rem] w-[40rem] rounded-full bg-primary/10 blur-3xl" />
    </div>
  )
}
