/**
 * Every page of the product in one table: its route (common/routes.ts spells the path), its layout
 * and its title key. The router (web/routes.ts), the prerender list, the sitemap and the page titles
 * are all built from here; links are built with `href` of common/routes.ts.
 *
 * A page's screen is found from its URL: `web/routes/<layout>/<path>.tsx`, the path's segments
 * joined by dots and a parameter written `$name` (`/clusters/:id/status` in the plain layout is
 * `web/routes/plain/clusters.$id.status.tsx`). A page that shows another page's screen (an alias,
 * or one screen for several URLs) names that page in `sharesScreenOf` instead of having a file.
 */
import {
  CLUSTER_TYPE_ALIASES,
  CLUSTER_TYPE_SLUGS,
  ROUTES,
  type RouteName,
  routeMatches,
} from '#common/routes.ts'
import type { TitleKey } from './i18n-keys.ts'

export { CLUSTER_TYPE_ALIASES, CLUSTER_TYPE_SLUGS }

export const LAYOUTS = ['public', 'plain', 'flow', 'dashboard'] as const
export type Layout = (typeof LAYOUTS)[number]

/**
 * `static`: a marketing page rendered to HTML at build time in every language (web/site), served
 * without the app's JavaScript; the router only hands such paths back to the server.
 * `placeholder`: a page of a later capability, shown with its layout and title for now.
 */
type PageDefinition = {
  route: RouteName
  title: TitleKey
  sharesScreenOf?: RouteName
  static?: true
  placeholder?: true
}
export type PageEntry = {
  path: string
  route?: RouteName
  layout: Layout
  title: TitleKey
  /** The route module shown, relative to web/. */
  screen: string
  static?: true
}

/** Static marketing pages: the router sends the browser back to the server for them. */
export const STATIC_PAGE_SCREEN = 'routes/public/static-page.tsx'
/** Screens that belong to a later capability show their layout and title for now. */
export const PLACEHOLDER_SCREEN = 'routes/placeholder.tsx'

/** The file of a page's own screen: '/clusters/:id/status' → 'routes/plain/clusters.$id.status.tsx'. */
export function screenFileOf(layout: Layout, path: string): string {
  const name = path === '/' ? '_index' : path.slice(1).replaceAll(':', '$').replaceAll('/', '.')
  return `routes/${layout}/${name}.tsx`
}

/** The layout route of a layout: 'routes/<layout>/layout.tsx'. */
export function layoutFileOf(layout: Layout): string {
  return `routes/${layout}/layout.tsx`
}

const PUBLIC_PAGES: PageDefinition[] = [
  { route: 'home', title: 'pages.home', static: true },
  { route: 'pricing', title: 'pages.pricing', static: true },
  { route: 'documentation', title: 'pages.documentation', static: true },
  { route: 'tutorials', title: 'pages.tutorials', static: true },
  { route: 'tutorial', title: 'pages.tutorial', static: true },
  { route: 'support', title: 'pages.support' },
  { route: 'signIn', title: 'pages.auth' },
  { route: 'devLogin', title: 'pages.devLogin' },
  { route: 'forgotPassword', title: 'pages.forgotPassword' },
  { route: 'acceptInvitation', title: 'pages.acceptInvitation' },
  { route: 'resetPassword', title: 'pages.resetPassword' },
  { route: 'verifyEmail', title: 'pages.verifyEmail' },
  { route: 'verifyRegistrationEmail', title: 'pages.verifyRegistrationEmail', sharesScreenOf: 'verifyEmail' },
  { route: 'magicLinkLogin', title: 'pages.magicLinkLogin' },
  { route: 'magicLink', title: 'pages.magicLink' },
  { route: 'scheduleDemo', title: 'pages.scheduleDemo' },
  { route: 'contactSales', title: 'pages.contactSales' },
  { route: 'customQuote', title: 'pages.customQuote' },
  { route: 'workloadMigration', title: 'pages.workloadMigration' },
  { route: 'about', title: 'pages.about', static: true },
  { route: 'careers', title: 'pages.careers', static: true },
  { route: 'privacyPolicy', title: 'pages.privacyPolicy', static: true },
  { route: 'privacy', title: 'pages.privacyPolicy', static: true },
  { route: 'terms', title: 'pages.terms', static: true },
  { route: 'contact', title: 'pages.contact' },
  { route: 'faq', title: 'pages.faq', static: true },
  { route: 'apiReference', title: 'pages.apiReference' },
  { route: 'caseStudies', title: 'pages.caseStudies', static: true },
  { route: 'newsletter', title: 'pages.newsletter' },
  { route: 'testService', title: 'pages.testService' },
  { route: 'currencyTest', title: 'pages.currencyTest' },
  { route: 'technicalSupport', title: 'pages.technicalSupport' },
  { route: 'billingSupport', title: 'pages.billingSupport', sharesScreenOf: 'technicalSupport' },
  { route: 'submitTicket', title: 'pages.submitTicket' },
  { route: 'trackTicket', title: 'pages.trackTicket' },
  { route: 'clusterType', title: 'pages.clusterType', static: true },
]

/** The seven provider test pages share one screen, the first one's. */
const PROVIDER_TEST_ROUTES = [
  'gcpClusterTest',
  'awsEksTest',
  'azureAksTest',
  'ibmIksTest',
  'huaweiCceTest',
  'alibabaAckTest',
  'digitaloceanDoksTest',
] as const satisfies readonly RouteName[]

const PLAIN_PAGES: PageDefinition[] = [
  { route: 'dataCenters', title: 'pages.dataCenters' },
  { route: 'clusterTopologyOverview', title: 'pages.clusterTopology' },
  { route: 'clusterSelection', title: 'pages.clusterSelection' },
  { route: 'smartSuggestions', title: 'pages.smartSuggestions' },
  ...PROVIDER_TEST_ROUTES.map(
    (route): PageDefinition => ({
      route,
      title: 'pages.providerTest',
      ...(route === PROVIDER_TEST_ROUTES[0] ? {} : { sharesScreenOf: PROVIDER_TEST_ROUTES[0] }),
    }),
  ),
  { route: 'orderStatusList', title: 'pages.orderStatus' },
  { route: 'orderStatus', title: 'pages.orderStatus', sharesScreenOf: 'orderStatusList' },
  { route: 'clusterStatus', title: 'pages.clusterStatus' },
]

const FLOW_PAGES: PageDefinition[] = [
  { route: 'configureCluster', title: 'pages.configureCluster' },
  { route: 'configureClusterAlias', title: 'pages.configureCluster', sharesScreenOf: 'configureCluster' },
  { route: 'clusterProvisioning', title: 'pages.clusterProvisioning' },
  {
    route: 'clusterProvisioningAlias',
    title: 'pages.clusterProvisioning',
    sharesScreenOf: 'clusterProvisioning',
  },
]

const DASHBOARD_PAGES: PageDefinition[] = [
  { route: 'dashboard', title: 'pages.dashboard' },
  { route: 'profile', title: 'pages.account', sharesScreenOf: 'account' },
  { route: 'account', title: 'pages.account' },
  { route: 'clusterTopology', title: 'pages.clusterTopology' },
  { route: 'myClusters', title: 'pages.myClusters' },
  { route: 'clusterDetail', title: 'pages.clusterDetail' },
  { route: 'clusterDetailAlias', title: 'pages.clusterDetail', sharesScreenOf: 'clusterDetail' },
  { route: 'orders', title: 'pages.orders' },
  { route: 'clusterOrders', title: 'pages.clusterOrders', sharesScreenOf: 'orders' },
  { route: 'productOrders', title: 'pages.productOrders' },
  { route: 'productOrder', title: 'pages.productOrder' },
  { route: 'supportOrders', title: 'pages.supportOrders' },
  { route: 'supportOrder', title: 'pages.supportOrder' },
  { route: 'addOnOrders', title: 'pages.addonOrders', sharesScreenOf: 'productOrders' },
  { route: 'marketplace', title: 'pages.marketplace' },
  { route: 'customSolutions', title: 'pages.customSolutions' },
  { route: 'billing', title: 'pages.billing' },
  { route: 'usage', title: 'pages.usage' },
  { route: 'officersPanel', title: 'pages.officersPanel' },
  { route: 'userManagement', title: 'pages.userManagement' },
  { route: 'pendingRegistrations', title: 'pages.pendingRegistrations' },
  { route: 'promotionRequests', title: 'pages.promotionRequests' },
  { route: 'organizationUsers', title: 'pages.organizationUsers' },
  { route: 'settings', title: 'pages.settings' },
  { route: 'addOns', title: 'pages.addOns', sharesScreenOf: 'marketplace' },
  { route: 'priceEstimator', title: 'pages.priceEstimator' },
  { route: 'paymentSuccess', title: 'pages.paymentSuccess' },
]

function screenOf(layout: Layout, page: PageDefinition): string {
  if (page.static) return STATIC_PAGE_SCREEN
  if (page.placeholder) return PLACEHOLDER_SCREEN
  return screenFileOf(layout, ROUTES[page.sharesScreenOf ?? page.route])
}

function pagesIn(layout: Layout, definitions: PageDefinition[]): PageEntry[] {
  return definitions.map((page) => ({
    path: ROUTES[page.route],
    route: page.route,
    layout,
    title: page.title,
    screen: screenOf(layout, page),
    ...(page.static ? { static: true } : {}),
  }))
}

/** Static pages at paths of their own that show another page (cluster-type aliases). */
const CLUSTER_TYPE_ALIAS_PAGES: PageEntry[] = Object.keys(CLUSTER_TYPE_ALIASES).map((path) => ({
  path,
  layout: 'public',
  title: 'pages.clusterType',
  screen: STATIC_PAGE_SCREEN,
  static: true,
}))

export const PAGES: PageEntry[] = [
  ...pagesIn('public', PUBLIC_PAGES),
  ...pagesIn('plain', PLAIN_PAGES),
  ...pagesIn('flow', FLOW_PAGES),
  ...pagesIn('dashboard', DASHBOARD_PAGES),
  ...CLUSTER_TYPE_ALIAS_PAGES,
]

/** Public app pages without parameters: prerendered by the router at build time. */
export const PRERENDERED_PATHS = PAGES.filter(
  (page) => page.layout === 'public' && !page.static && !page.path.includes(':'),
).map((page) => page.path)

/** True when the path is one of the static marketing pages (web/site renders them). */
export function isStaticPagePath(pathname: string): boolean {
  return pageFor(pathname)?.static === true
}

export function pageFor(pathname: string): PageEntry | undefined {
  return PAGES.find((page) => routeMatches(page.path, pathname))
}

/** The configuration flow's two steps, in order: configure, then provisioning (each with its alias). */
export const FLOW_STEP_ROUTES = [
  ['configureCluster', 'configureClusterAlias'],
  ['clusterProvisioning', 'clusterProvisioningAlias'],
] as const satisfies readonly (readonly RouteName[])[]
