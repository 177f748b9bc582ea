import { ChevronDown } from 'lucide-react'
import { Fragment, type ReactElement, useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Badge } from '#web/components/ui/badge.tsx'
import type { SidebarCounts } from '#web/features/dashboard/api/get-sidebar-counts.ts'
import { cn } from '#web/lib/cn.ts'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  countText,
  DASHBOARD_FOOTER_LINKS,
  EXPANDED_BY_DEFAULT,
  isActivePath,
  type NavItem,
  type NavSection,
} from './dashboard-nav.ts'
import '#web/lib/strings/sidebar.ts'

/** The pieces the desktop sidebar and the mobile drawer share: item lists, groups, footer. */
export type SidebarProps = {
  sections: NavSection[]
  counts: SidebarCounts | null | undefined
}

export function ExpandedNav({ sections, counts, onNavigate }: SidebarProps & { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(EXPANDED_BY_DEFAULT))
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className="grid gap-1">
      {sections.map((section) => {
        if (section.collapsible && section.label) {
          const open = expanded.has(section.id)
          return (
            <div key={section.id} className="pt-2">
              <GroupButton
                label={t(`sidebar.${section.label}`)}
                icon={section.icon}
                count={countText(counts, section.count)}
                countId={section.count}
                open={open}
                active={section.items.some((item) => isActivePath(pathname, item.to))}
                onClick={() => toggle(section.id)}
                controls={`sidebar-group-${section.id}`}
              />
              {open && (
                <ItemList
                  id={`sidebar-group-${section.id}`}
                  items={section.items}
                  nested
                  pathname={pathname}
                  onNavigate={onNavigate}
                />
              )}
            </div>
          )
        }
        return (
          <div key={section.id}>
            {section.label && <SectionLabel>{t(`sidebar.${section.label}`)}</SectionLabel>}
            <ul className="grid gap-0.5">
              {section.items.map((item) =>
                item.children?.length ? (
                  <li key={item.id}>
                    <GroupButton
                      label={t(`sidebar.${item.label}`)}
                      icon={item.icon}
                      count={countText(counts, item.count)}
                      countId={item.count}
                      open={expanded.has(item.id)}
                      active={item.children.some((child) => isActivePath(pathname, child.to))}
                      onClick={() => toggle(item.id)}
                      controls={`sidebar-group-${item.id}`}
                    />
                    {expanded.has(item.id) && (
                      <ItemList
                        id={`sidebar-group-${item.id}`}
                        items={item.children}
                        nested
                        pathname={pathname}
                        onNavigate={onNavigate}
                      />
                    )}
                  </li>
                ) : (
                  <li key={item.id}>
                    <ItemLink item={item} pathname={pathname} onNavigate={onNavigate} />
                  </li>
                ),
              )}
            </ul>
          </div>
        )
      })}
    </div>
  )
}

export function CollapsedNav({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <ul className="grid justify-center gap-1">
      {sections.map((section, index) => (
        <Fragment key={section.id}>
          {index > 0 && <li aria-hidden="true" className="mx-2 my-1.5 border-t" />}
          {section.items
            .flatMap((item) => item.children ?? [item])
            .map((item) => {
              const label = t(`sidebar.${item.iconLabel ?? item.label}`)
              const active = isActivePath(pathname, item.to)
              return (
                <li key={item.id}>
                  <IconTooltip label={label} enabled>
                    <Link
                      to={item.to}
                      aria-label={label}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                        active && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
                      )}
                    >
                      <item.icon className="size-[18px]" aria-hidden="true" />
                    </Link>
                  </IconTooltip>
                </li>
              )
            })}
        </Fragment>
      ))}
    </ul>
  )
}

function ItemList({
  id,
  items,
  nested,
  pathname,
  onNavigate,
}: {
  id: string
  items: NavItem[]
  nested?: boolean
  pathname: string
  onNavigate?: () => void
}) {
  return (
    <ul id={id} className={cn('grid gap-0.5', nested && 'mt-0.5 ml-5 border-l pl-2')}>
      {items.map((item) => (
        <li key={item.id}>
          <ItemLink item={item} pathname={pathname} onNavigate={onNavigate} compact={nested} />
        </li>
      ))}
    </ul>
  )
}

function ItemLink({
  item,
  pathname,
  onNavigate,
  compact,
}: {
  item: NavItem
  pathname: string
  onNavigate?: () => void
  compact?: boolean
}) {
  const { t } = useTranslation()
  const active = isActivePath(pathname, item.to)
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 text-sm text-foreground/85 transition-colors hover:bg-accent hover:text-foreground',
        compact ? 'py-1.5' : 'py-2',
        active && 'bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary',
      )}
    >
      <item.icon className={cn('shrink-0', compact ? 'size-4' : 'size-[18px]')} aria-hidden="true" />
      <span className="truncate">{t(`sidebar.${item.label}`)}</span>
    </Link>
  )
}

function GroupButton({
  label,
  icon: Icon,
  count,
  countId,
  open,
  active,
  onClick,
  controls,
}: {
  label: string
  icon?: NavItem['icon']
  count: string | null
  countId?: string
  open: boolean
  active: boolean
  onClick: () => void
  controls: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={open}
      aria-controls={controls}
      className={cn(
        'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-foreground/85 transition-colors hover:bg-accent hover:text-foreground',
        active && 'font-medium text-foreground',
      )}
    >
      {Icon && <Icon className="size-[18px] shrink-0" aria-hidden="true" />}
      <span className="flex-1 truncate">{label}</span>
      {count !== null && (
        <Badge variant="secondary" data-testid={`sidebar-count-${countId}`} className="min-w-6 px-1.5">
          {count}
        </Badge>
      )}
      <ChevronDown
        className={cn('size-4 shrink-0 text-muted-foreground transition-transform', !open && '-rotate-90')}
        aria-hidden="true"
      />
    </button>
  )
}

export function SectionLabel({ children }: { children: string }) {
  return (
    <p className="px-3 pt-4 pb-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
      {children}
    </p>
  )
}

export function SidebarFooter({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation()
  const status = t('sidebar.systemStatus')
  return (
    <div className={cn('grid gap-1 border-t py-3', collapsed ? 'justify-center px-2' : 'px-3')}>
      {DASHBOARD_FOOTER_LINKS.map((link) => {
        const label = t(`sidebar.${link.label}`)
        return (
          <IconTooltip key={link.id} label={label} enabled={collapsed}>
            <Link
              to={link.to}
              onClick={onNavigate}
              aria-label={collapsed ? label : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                collapsed ? 'size-10 justify-center' : 'px-3 py-2',
              )}
            >
              <link.icon className="size-4 shrink-0" aria-hidden="true" />
              {!collapsed && <span>{label}</span>}
            </Link>
          </IconTooltip>
        )
      })}
      <IconTooltip label={status} enabled={collapsed}>
        <div
          className={cn(
            'mt-1 flex items-center gap-2.5 text-xs text-muted-foreground',
            collapsed ? 'size-10 justify-center' : 'px-3 py-1.5',
          )}
          role="status"
          aria-label={collapsed ? status : undefined}
          data-testid="system-status"
        >
          <span className="relative flex size-2.5" aria-hidden="true">
            <span className="absolute inline-flex size-full rounded-full bg-success opacity-60 motion-safe:animate-ping" />
            <span className="relative inline-flex size-2.5 rounded-full bg-success" />
          </span>
          {!collapsed && <span>{status}</span>}
        </div>
      </IconTooltip>
    </div>
  )
}

const tooltips = onDemand(() => import('./sidebar-tooltips.tsx'))

/**
 * Around the collapsed sidebar: its tooltips' shared delays, once their code has come
 * (on-demand.ts). Only while collapsed, the one state with tooltips: the expanded sidebar, whose
 * groups keep their open or closed state, is never redrawn when the code arrives.
 */
export function TooltipScope({ enabled, children }: { enabled: boolean; children: ReactElement }) {
  const loaded = tooltips.useModule()
  // Collapsing the sidebar asks for its tooltips: the next pointer on an icon finds them there.
  useEffect(() => {
    if (enabled) startLoading(tooltips)
  }, [enabled])
  return loaded && enabled ? <loaded.TooltipScope>{children}</loaded.TooltipScope> : children
}

/**
 * A tooltip at the right of an icon, only while the sidebar shows icons without labels. Until the
 * tooltips' code has come the icon shows alone; it keeps its accessible name either way.
 */
export function IconTooltip({
  label,
  enabled,
  children,
}: {
  label: string
  enabled: boolean
  children: ReactElement
}) {
  const loaded = tooltips.useModule()
  if (!enabled || !loaded) return children
  return <loaded.IconTooltip label={label}>{children}</loaded.IconTooltip>
}
