import {
  BookOpen,
  Boxes,
  Calculator,
  ChartColumn,
  CirclePlus,
  CreditCard,
  Headset,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  List,
  type LucideIcon,
  Puzzle,
  Server,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Store,
  Users,
} from 'lucide-react'
import { href } from '#common/routes.ts'
import { SIDEBAR_ADMIN_ROLES } from '#web/lib/constants.ts'
import type { Messages } from '#web/locales/en.ts'

/** A key under `sidebar.` in the locale files. */
type SidebarLabel = keyof Messages['sidebar']

/** Which live figure of GET /api/sidebar-counts an entry shows. */
export type NavCount = 'clusters' | 'orders'

export type NavItem = {
  id: string
  label: SidebarLabel
  /** The tooltip when the sidebar shows icons only, where the label alone is ambiguous. */
  iconLabel?: SidebarLabel
  to: string
  icon: LucideIcon
  count?: NavCount
  /** Sub-items: the item becomes a group that opens and closes. */
  children?: NavItem[]
  /** Shown only to these roles. */
  roles?: readonly string[]
}

export type NavSection = {
  id: string
  label?: SidebarLabel
  icon?: LucideIcon
  /** The section heading opens and closes the section. */
  collapsible?: boolean
  count?: NavCount
  items: NavItem[]
}

/** The dashboard sidebar, in order. */
export const DASHBOARD_NAV: NavSection[] = [
  {
    id: 'main',
    items: [{ id: 'dashboard', label: 'dashboard', to: href('dashboard'), icon: LayoutDashboard }],
  },
  {
    id: 'infrastructure',
    label: 'infrastructure',
    items: [
      {
        id: 'clusters',
        label: 'clusters',
        to: href('myClusters'),
        icon: Server,
        count: 'clusters',
        children: [
          {
            id: 'configure-cluster',
            label: 'configureNewCluster',
            to: href('configureCluster'),
            icon: CirclePlus,
          },
          { id: 'my-clusters', label: 'viewAllClusters', to: href('myClusters'), icon: List },
        ],
      },
      { id: 'add-ons', label: 'addOns', to: href('addOns'), icon: Puzzle },
      { id: 'marketplace', label: 'marketplace', to: href('marketplace'), icon: Store },
    ],
  },
  {
    id: 'orders',
    label: 'orders',
    icon: ShoppingCart,
    collapsible: true,
    count: 'orders',
    items: [
      {
        id: 'orders-clusters',
        label: 'orderClusters',
        iconLabel: 'clusterOrders',
        to: href('clusterOrders'),
        icon: Boxes,
      },
      {
        id: 'orders-addons',
        label: 'orderAddOns',
        iconLabel: 'addOnOrders',
        to: href('addOnOrders'),
        icon: Puzzle,
      },
      {
        id: 'orders-products',
        label: 'middlewares',
        iconLabel: 'middlewareOrders',
        to: href('productOrders'),
        icon: Layers,
      },
      {
        id: 'orders-support',
        label: 'support',
        iconLabel: 'supportOrders',
        to: href('supportOrders'),
        icon: Headset,
      },
    ],
  },
  {
    id: 'account',
    label: 'account',
    items: [
      { id: 'billing', label: 'billing', to: href('billing'), icon: CreditCard },
      { id: 'usage', label: 'usage', to: href('usage'), icon: ChartColumn },
      { id: 'price-estimator', label: 'priceEstimator', to: href('priceEstimator'), icon: Calculator },
      {
        id: 'user-management',
        label: 'userManagement',
        to: href('userManagement'),
        icon: Users,
        roles: SIDEBAR_ADMIN_ROLES,
      },
      { id: 'settings', label: 'settings', to: href('settings'), icon: Settings },
    ],
  },
]

/**
 * An officer's sidebar: their work is the officers' panel (approvals, the support queue, quotes),
 * not the clusters, orders and bills of the operator's own organization.
 */
export const OFFICER_NAV: NavSection[] = [
  DASHBOARD_NAV[0]!,
  {
    id: 'officers',
    label: 'officers',
    items: [{ id: 'officers-panel', label: 'officersPanel', to: href('officersPanel'), icon: ShieldCheck }],
  },
  {
    id: 'account',
    label: 'account',
    items: DASHBOARD_NAV.find((section) => section.id === 'account')!.items.filter((item) =>
      ['user-management', 'settings'].includes(item.id),
    ),
  },
]

export const DASHBOARD_FOOTER_LINKS: NavItem[] = [
  { id: 'tutorials-docs', label: 'tutorialsAndDocs', to: href('tutorials'), icon: BookOpen },
  { id: 'help-support', label: 'helpAndSupport', to: href('support'), icon: LifeBuoy },
]

/** The extra links of the mobile drawer; Logout follows them. */
export const MOBILE_DRAWER_LINKS: Pick<NavItem, 'id' | 'label' | 'to'>[] = [
  { id: 'pricing', label: 'pricing', to: href('pricing') },
  { id: 'documentation', label: 'documentation', to: href('documentation') },
  { id: 'tutorials', label: 'tutorials', to: href('tutorials') },
  { id: 'support-page', label: 'supportPage', to: href('support') },
]

/** Groups and sections open when the sidebar first appears. */
export const EXPANDED_BY_DEFAULT = ['clusters', 'orders'] as const

/**
 * The sidebar a user of `role` sees, an officer's own for officers; entries limited to other roles
 * are left out.
 */
export function dashboardNavFor(role: string | undefined, isOfficer = false): NavSection[] {
  const allowed = (item: NavItem) => !item.roles || (role !== undefined && item.roles.includes(role))
  return (isOfficer ? OFFICER_NAV : DASHBOARD_NAV).map((section) => ({
    ...section,
    items: section.items
      .filter(allowed)
      .map((item) => ({ ...item, children: item.children?.filter(allowed) })),
  }))
}

/** The count text of an entry: absent until loaded; orders.total may be a number or a string. */
export function countText(
  counts: { clusters: number; orders: { total: number | string } } | null | undefined,
  kind: NavCount | undefined,
): string | null {
  if (!counts || !kind) return null
  const value = kind === 'clusters' ? counts.clusters : counts.orders?.total
  if (value === undefined || value === null || value === '') return null
  return String(value)
}

/** Whether `pathname` is the page of `to` (or below it, except for the dashboard home). */
export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (to === href('dashboard')) return path === to
  return path === to || path.startsWith(`${to}/`)
}
