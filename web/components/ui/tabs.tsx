import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Tabs as TabsPrimitive } from 'radix-ui'
import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react'
import { cn } from '#web/lib/cn.ts'

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-6', className)} {...props} />
}

/**
 * The tabs' row. When it is wider than its box it scrolls sideways, and says so: a fade with an
 * arrow on each side that has more tabs (`data-more-before`, `data-more-after`).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const list = useRef<HTMLDivElement>(null)
  const more = useMoreSideways(list)
  return (
    <div
      className="relative"
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      <TabsPrimitive.List
        ref={list}
        data-slot="tabs-list"
        className={cn(
          'inline-flex h-10 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground',
          className,
        )}
        {...props}
      />
      {more.before && <MoreCue side="before" />}
      {more.after && <MoreCue side="after" />}
    </div>
  )
}

/** The fade and arrow on a side of the row that has more tabs; the row scrolls under it. */
function MoreCue({ side }: { side: 'before' | 'after' }) {
  const Arrow = side === 'before' ? ChevronLeft : ChevronRight
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-10 items-center from-muted from-40% to-transparent',
        side === 'before'
          ? 'left-0 rounded-l-lg bg-gradient-to-r pl-0.5'
          : 'right-0 justify-end rounded-r-lg bg-gradient-to-l pr-0.5',
      )}
    >
      <Arrow className="size-4" />
    </span>
  )
}

/** Whether a box that scrolls sideways has more to show before and after what it shows. */
function useMoreSideways(box: RefObject<HTMLElement | null>): { before: boolean; after: boolean } {
  const [more, setMore] = useState({ before: false, after: false })
  useEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => {
      const before = element.scrollLeft > 1
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setMore((current) =>
        current.before === before && current.after === after ? current : { before, after },
      )
    }
    measure()
    // The row's own size, and its tabs' (their words change with the language).
    const resize = new ResizeObserver(measure)
    resize.observe(element)
    for (const tab of element.children) resize.observe(tab)
    element.addEventListener('scroll', measure, { passive: true })
    return () => {
      resize.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [box])
  return more
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-[color,box-shadow]',
        'hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content data-slot="tabs-content" className={cn('outline-none', className)} {...props} />
  )
}
