import type { ReactNode } from 'react'

/** One part of a page (/billing, the account page, settings): a titled card with an optional action in its header. */
export function SectionCard({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string
  title: string
  description?: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      data-testid={id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </header>
      {children}
    </section>
  )
}
