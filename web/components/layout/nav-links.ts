import { href } from '#common/routes.ts'
import type { ClusterTypeSlug } from '#web/lib/cluster-type-links.ts'
import type { Messages } from '#web/locales/en.ts'

/** Every page the header, menus, footer and home page link to (checked against the route table). */
export const LINKS = {
  home: href('home'),
  pricing: href('pricing'),
  documentation: href('documentation'),
  tutorials: href('tutorials'),
  support: href('support'),
  auth: href('signIn'),
  dashboard: href('dashboard'),
  officersPanel: href('officersPanel'),
  settings: href('settings'),
  dataCenters: href('dataCenters'),
  newsletter: href('newsletter'),
  about: href('about'),
  contact: href('contact'),
  privacyPolicy: href('privacyPolicy'),
  terms: href('terms'),
  contactSales: href('contactSales'),
  scheduleDemo: href('scheduleDemo'),
} as const

export type LinkName = keyof typeof LINKS

/** The links the header and the floating menu name (`header.nav.*`). */
export type HeaderLinkName = LinkName & keyof Messages['header']['nav']

export function clusterTypePath(slug: ClusterTypeSlug): string {
  return href('clusterType', { type: slug })
}

/** The header's links: Support only when signed in. */
export const HEADER_NAV: { name: HeaderLinkName; signedInOnly: boolean }[] = [
  { name: 'pricing', signedInOnly: false },
  { name: 'documentation', signedInOnly: false },
  { name: 'tutorials', signedInOnly: false },
  { name: 'support', signedInOnly: true },
]

export type MobileMenuItem = HeaderLinkName | 'login' | 'logout'

/** The floating menu's items, in order; Officers Panel only for officers. */
export function mobileMenuItems(signedIn: boolean, isOfficer: boolean): MobileMenuItem[] {
  if (!signedIn) return ['home', 'pricing', 'documentation', 'tutorials', 'login']
  return [
    'dashboard',
    'home',
    'documentation',
    'tutorials',
    'support',
    ...(isOfficer ? (['officersPanel'] as const) : []),
    'settings',
    'logout',
  ]
}

/** The footer's two link sections. */
export const FOOTER_SECTIONS = {
  resources: ['documentation', 'tutorials', 'dataCenters', 'newsletter'],
  company: ['about', 'contact', 'privacyPolicy', 'terms'],
} as const satisfies Record<string, readonly LinkName[]>
