import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A titled block of the detail page. */
export function SectionCard({
  title,
  description,
  action,
  children,
  className,
  testId,
}: {
  title: string
  description?: ReactNode
  action?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section
      aria-labelledby={id}
      className={cn('grid content-start gap-4 rounded-xl border bg-card p-5 shadow-sm', className)}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </div>
        {action}
      </div>
      {children}
    </section>
  )
}

export function DetailItem({
  label,
  children,
  mono,
  testId,
}: {
  label: string
  children: ReactNode
  mono?: boolean
  testId?: string
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn('font-medium break-words', mono && 'font-mono text-[13px] break-all')}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  )
}
