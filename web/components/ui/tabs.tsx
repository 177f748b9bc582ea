import { ChevronLeft, ChevronRight } from 'lucide-react'
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * Tabs after the WAI-ARIA pattern: the row is one stop in the Tab order, the arrow keys, Home and
 * End choose a tab as they reach it, and only the chosen tab's panel is drawn. Always controlled:
 * the screens keep the chosen tab in the address.
 */
type TabsState = { baseId: string; value: string; onValueChange: (value: string) => void }

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const tabs = useContext(TabsContext)
  if (!tabs) throw new Error('a tab is drawn inside <Tabs>')
  return tabs
}

const tabId = (tabs: TabsState, value: string) => `${tabs.baseId}-tab-${value}`
const panelId = (tabs: TabsState, value: string) => `${tabs.baseId}-panel-${value}`

export function Tabs({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId()
  return (
    <TabsContext value={{ baseId, value, onValueChange }}>
      <div data-slot="tabs" className={cn('flex flex-col gap-6', className)} {...props} />
    </TabsContext>
  )
}

/**
 * The tabs' row. When it is wider than its box it scrolls sideways, and says so: a fade with an
 * arrow on each side that has more tabs (`data-more-before`, `data-more-after`).
 */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const list = useRef<HTMLDivElement>(null)
  const more = useMoreSideways(list)
  return (
    <div
      className="relative"
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      <div
        ref={list}
        role="tablist"
        aria-orientation="horizontal"
        data-slot="tabs-list"
        onKeyDown={(event) => {
          onKeyDown?.(event)
          if (!event.defaultPrevented) chooseTabByKey(event)
        }}
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
    // The row's own size, and its tabs' (their words change with the language). The observer
    // also reports each size once it is laid out, so the first measure needs no layout of its own.
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

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs()
  const chosen = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs, value)}
      aria-selected={chosen}
      aria-controls={panelId(tabs, value)}
      data-state={chosen ? 'active' : 'inactive'}
      tabIndex={chosen ? 0 : -1}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented && !chosen) tabs.onValueChange(value)
      }}
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

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs()
  if (tabs.value !== value) return null
  return (
    <div
      role="tabpanel"
      id={panelId(tabs, value)}
      aria-labelledby={tabId(tabs, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel a stop in the Tab order, so the keyboard reaches one that holds only text.
      tabIndex={0}
      data-state="active"
      data-slot="tabs-content"
      className={cn('outline-none', className)}
      {...props}
    />
  )
}

/**
 * The row's keys: left and right move to the previous and next tab, wrapping round, Home and End
 * to the first and the last, passing over a disabled one; the tab reached is chosen as it is.
 */
function chooseTabByKey(event: KeyboardEvent<HTMLElement>): void {
  const step = TAB_KEYS[event.key]
  if (step === undefined) return
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
  if (tabs.length === 0) return
  const current = Math.max(tabs.indexOf(document.activeElement as HTMLButtonElement), 0)
  const next =
    step === 'first' ? 0 : step === 'last' ? tabs.length - 1 : (current + step + tabs.length) % tabs.length
  event.preventDefault()
  tabs[next]!.focus()
  tabs[next]!.click()
}

const TAB_KEYS: Record<string, -1 | 1 | 'first' | 'last'> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  Home: 'first',
  End: 'last',
}
