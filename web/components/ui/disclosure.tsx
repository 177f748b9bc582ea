import { ChevronRight } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A section that opens in place (a native `<details>`, so keyboard and assistive technology get
 * its semantics for free). Its content is rendered only once opened, which keeps long pages light.
 */
export function Disclosure({
  summary,
  defaultOpen = false,
  className,
  children,
}: {
  summary: ReactNode
  defaultOpen?: boolean
  className?: string
  children: ReactNode
}) {
  const [open, setOpen] = useState(defaultOpen)
  return (
    <details
      data-slot="disclosure"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className={cn('group rounded-md border', className)}
    >
      <summary className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm select-none hover:bg-accent/50 focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none">
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90 motion-reduce:transition-none"
          aria-hidden="true"
        />
        {summary}
      </summary>
      {open && <div className="border-t p-3">{children}</div>}
    </details>
  )
}
