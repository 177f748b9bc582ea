import type { ReactNode } from 'react'

/** The frame of a tool page: its document title, an h1, a lead paragraph, then the content. */
export function ToolPage({
  title,
  lead,
  aside,
  children,
}: {
  title: string
  lead: string
  /** Beside the heading on wide screens, under it on small ones (e.g. a download link). */
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid max-w-3xl gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-muted-foreground sm:text-lg">{lead}</p>
        </div>
        {aside}
      </header>
      {children}
    </div>
  )
}
