import { describe, expect, it } from 'vitest'
import {
  MOBILE_MAX_WIDTH_PX,
  SIDEBAR_COUNTS_REFETCH_MS,
  SIDEBAR_COUNTS_STALE_MS,
  SIDEBAR_TOGGLE_EVENT,
  SIDEBAR_WIDTH_CLASS,
} from '#web/lib/constants.ts'
import { en } from '#web/locales/en.ts'
import {
  countText,
  DASHBOARD_FOOTER_LINKS,
  dashboardNavFor,
  EXPANDED_BY_DEFAULT,
  isActivePath,
  MOBILE_DRAWER_LINKS,
  type NavSection,
} from './dashboard-nav.ts'

const label = (key: string) => en.sidebar[key as keyof typeof en.sidebar]

/** The sidebar as text: section label, then its items with their sub-items and targets. */
function outline(sections: NavSection[]) {
  return sections.map((section) => ({
    section: section.label ? label(section.label) : null,
    items: section.items.map((item) =>
      item.children
        ? { [label(item.label)]: item.children.map((child) => `${label(child.label)} → ${child.to}`) }
        : `${label(item.label)} → ${item.to}`,
    ),
  }))
}

describe('the dashboard sidebar', () => {
  it('gives an officer the officers’ sidebar, not the organization’s clusters, orders and bills', () => {
    expect(outline(dashboardNavFor('user', true))).toEqual([
      { section: null, items: ['Dashboard → /dashboard'] },
      { section: 'Officers', items: ['Officers panel → /officers/panel'] },
      { section: 'Account', items: ['Settings → /settings'] },
    ])
    expect(outline(dashboardNavFor('admin', true))[2]).toEqual({
      section: 'Account',
      items: ['User Management → /user-management', 'Settings → /settings'],
    })
  })

  it('lists the groups and items for a customer, without User Management', () => {
    expect(outline(dashboardNavFor('user'))).toEqual([
      { section: null, items: ['Dashboard → /dashboard'] },
      {
        section: 'Infrastructure',
        items: [
          { Clusters: ['Configure New Cluster → /configure-cluster', 'View All Clusters → /my-clusters'] },
          'Add-ons → /add-ons',
          'Marketplace → /marketplace',
        ],
      },
      {
        section: 'Orders',
        items: [
          'Clusters → /orders/clusters',
          'Add-ons → /orders/addons',
          'Middlewares → /orders/products',
          'Support → /orders/support',
        ],
      },
      {
        section: 'Account',
        items: [
          'Billing → /billing',
          'Usage → /usage',
          'Price Estimator → /price-estimator',
          'Settings → /settings',
        ],
      },
    ])
  })

  it('adds User Management before Settings for admin and super_admin only', () => {
    for (const role of ['admin', 'super_admin']) {
      const account = dashboardNavFor(role).find((section) => section.id === 'account')!
      expect(account.items.map((item) => label(item.label))).toEqual([
        'Billing',
        'Usage',
        'Price Estimator',
        'User Management',
        'Settings',
      ])
    }
    for (const role of ['user', 'officer', undefined]) {
      const items = dashboardNavFor(role).flatMap((section) => section.items)
      expect(items.some((item) => item.id === 'user-management')).toBe(false)
    }
  })

  it('has the footer links, the drawer extras and the status text', () => {
    expect(DASHBOARD_FOOTER_LINKS.map((link) => label(link.label))).toEqual([
      'Tutorials & Docs',
      'Help & Support',
    ])
    expect(MOBILE_DRAWER_LINKS.map((link) => `${label(link.label)} → ${link.to}`)).toEqual([
      'Pricing → /pricing',
      'Documentation → /documentation',
      'Tutorials → /tutorials',
      'Support → /support',
    ])
    expect(en.sidebar.logout).toBe('Logout')
    expect(en.sidebar.systemStatus).toBe('System Status: Healthy')
  })

  it('opens the Clusters and Orders groups by default', () => {
    expect([...EXPANDED_BY_DEFAULT]).toEqual(['clusters', 'orders'])
    const sections = dashboardNavFor('user')
    expect(sections.find((section) => section.id === 'orders')?.collapsible).toBe(true)
    expect(
      sections.flatMap((section) => section.items).find((item) => item.id === 'clusters')?.children,
    ).toHaveLength(2)
  })

  it('keeps its constants', () => {
    expect(SIDEBAR_WIDTH_CLASS).toEqual({ expanded: 'w-72', collapsed: 'w-16' })
    expect(SIDEBAR_TOGGLE_EVENT).toBe('clusterdeck:sidebar-toggle')
    expect(SIDEBAR_COUNTS_REFETCH_MS).toBe(30_000)
    expect(SIDEBAR_COUNTS_STALE_MS).toBe(5_000)
    expect(MOBILE_MAX_WIDTH_PX).toBe(1024)
  })
})

describe('countText', () => {
  const counts = { clusters: 3, orders: { total: '12' } }
  it('shows the clusters and the order total, numbers or strings', () => {
    expect(countText(counts, 'clusters')).toBe('3')
    expect(countText(counts, 'orders')).toBe('12')
    expect(countText({ clusters: 0, orders: { total: 7 } }, 'orders')).toBe('7')
    expect(countText({ clusters: 0, orders: { total: 7 } }, 'clusters')).toBe('0')
  })

  it('shows nothing before the counts load or for entries without a count', () => {
    expect(countText(undefined, 'clusters')).toBeNull()
    expect(countText(null, 'orders')).toBeNull()
    expect(countText(counts, undefined)).toBeNull()
  })
})

describe('isActivePath', () => {
  it('matches a page and the pages below it, the dashboard home only exactly', () => {
    expect(isActivePath('/billing', '/billing')).toBe(true)
    expect(isActivePath('/orders/support/42', '/orders/support')).toBe(true)
    expect(isActivePath('/orders/supports', '/orders/support')).toBe(false)
    expect(isActivePath('/dashboard/', '/dashboard')).toBe(true)
    expect(isActivePath('/dashboard/other', '/dashboard')).toBe(false)
  })
})
