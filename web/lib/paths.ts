/**
 * Every page of the product in one table: its route (common/routes.ts spells the path), its layout,
 * its screen and its title key. The router, the prerender list, the sitemap and the page titles are
 * all built from here; links are built with `href` of common/routes.ts.
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

export type Layout = 'public' | 'plain' | 'flow' | 'dashboard'

/**
 * `static`: a marketing page rendered to HTML at build time in every language (web/site), served
 * without the app's JavaScript; the router only hands such paths back to the server.
 */
type PageDefinition = {
  route: RouteName
  layout: Layout
  title: TitleKey
  screen?: string
  static?: true
}
export type PageEntry = Omit<PageDefinition, 'route'> & { path: string; route?: RouteName }

const publicPages: PageDefinition[] = [
  { route: 'home', layout: 'public', title: 'pages.home', static: true },
  { route: 'pricing', layout: 'public', title: 'pages.pricing', static: true },
  { route: 'documentation', layout: 'public', title: 'pages.documentation', static: true },
  { route: 'tutorials', layout: 'public', title: 'pages.tutorials', static: true },
  { route: 'tutorial', layout: 'public', title: 'pages.tutorial', static: true },
  { route: 'support', layout: 'public', title: 'pages.support', screen: 'routes/public/support.tsx' },
  { route: 'signIn', layout: 'public', title: 'pages.auth', screen: 'routes/public/auth.tsx' },
  { route: 'devLogin', layout: 'public', title: 'pages.devLogin', screen: 'routes/public/dev-login.tsx' },
  {
    route: 'forgotPassword',
    layout: 'public',
    title: 'pages.forgotPassword',
    screen: 'routes/public/forgot-password.tsx',
  },
  {
    route: 'acceptInvitation',
    layout: 'public',
    title: 'pages.acceptInvitation',
    screen: 'routes/public/accept-invitation.tsx',
  },
  {
    route: 'resetPassword',
    layout: 'public',
    title: 'pages.resetPassword',
    screen: 'routes/public/reset-password.tsx',
  },
  {
    route: 'verifyEmail',
    layout: 'public',
    title: 'pages.verifyEmail',
    screen: 'routes/public/verify-email.tsx',
  },
  {
    route: 'verifyRegistrationEmail',
    layout: 'public',
    title: 'pages.verifyRegistrationEmail',
    screen: 'routes/public/verify-email.tsx',
  },
  {
    route: 'magicLinkLogin',
    layout: 'public',
    title: 'pages.magicLinkLogin',
    screen: 'routes/public/magic-link-login.tsx',
  },
  { route: 'magicLink', layout: 'public', title: 'pages.magicLink', screen: 'routes/public/magic-link.tsx' },
  {
    route: 'scheduleDemo',
    layout: 'public',
    title: 'pages.scheduleDemo',
    screen: 'routes/public/schedule-demo.tsx',
  },
  {
    route: 'contactSales',
    layout: 'public',
    title: 'pages.contactSales',
    screen: 'routes/public/contact-sales.tsx',
  },
  {
    route: 'customQuote',
    layout: 'public',
    title: 'pages.customQuote',
    screen: 'routes/public/custom-quote.tsx',
  },
  {
    route: 'workloadMigration',
    layout: 'public',
    title: 'pages.workloadMigration',
    screen: 'routes/public/workload-migration.tsx',
  },
  { route: 'about', layout: 'public', title: 'pages.about', static: true },
  { route: 'careers', layout: 'public', title: 'pages.careers', static: true },
  { route: 'privacyPolicy', layout: 'public', title: 'pages.privacyPolicy', static: true },
  { route: 'privacy', layout: 'public', title: 'pages.privacyPolicy', static: true },
  { route: 'terms', layout: 'public', title: 'pages.terms', static: true },
  {
    route: 'contact',
    layout: 'public',
    title: 'pages.contact',
    screen: 'routes/public/contact.tsx',
  },
  { route: 'faq', layout: 'public', title: 'pages.faq', static: true },
  {
    route: 'apiReference',
    layout: 'public',
    title: 'pages.apiReference',
    screen: 'routes/public/api-reference.tsx',
  },
  { route: 'caseStudies', layout: 'public', title: 'pages.caseStudies', static: true },
  {
    route: 'newsletter',
    layout: 'public',
    title: 'pages.newsletter',
    screen: 'routes/public/newsletter.tsx',
  },
  {
    route: 'testService',
    layout: 'public',
    title: 'pages.testService',
    screen: 'routes/public/test-service.tsx',
  },
  {
    route: 'currencyTest',
    layout: 'public',
    title: 'pages.currencyTest',
    screen: 'routes/public/currency-test.tsx',
  },
  {
    route: 'technicalSupport',
    layout: 'public',
    title: 'pages.technicalSupport',
    screen: 'routes/public/support-request.tsx',
  },
  {
    route: 'billingSupport',
    layout: 'public',
    title: 'pages.billingSupport',
    screen: 'routes/public/support-request.tsx',
  },
  {
    route: 'submitTicket',
    layout: 'public',
    title: 'pages.submitTicket',
    screen: 'routes/public/submit-ticket.tsx',
  },
  {
    route: 'trackTicket',
    layout: 'public',
    title: 'pages.trackTicket',
    screen: 'routes/public/track-ticket.tsx',
  },
  {
    route: 'clusterType',
    layout: 'public',
    title: 'pages.clusterType',
    static: true,
  },
]

/** The seven provider test pages share one screen. */
const PROVIDER_TEST_ROUTES = [
  'gcpClusterTest',
  'awsEksTest',
  'azureAksTest',
  'ibmIksTest',
  'huaweiCceTest',
  'alibabaAckTest',
  'digitaloceanDoksTest',
] as const satisfies readonly RouteName[]

const plainPages: PageDefinition[] = [
  {
    route: 'dataCenters',
    layout: 'plain',
    title: 'pages.dataCenters',
    screen: 'routes/plain/data-centers.tsx',
  },
  {
    route: 'clusterTopologyOverview',
    layout: 'plain',
    title: 'pages.clusterTopology',
    screen: 'routes/plain/cluster-topology.tsx',
  },
  {
    route: 'clusterSelection',
    layout: 'plain',
    title: 'pages.clusterSelection',
    screen: 'routes/plain/cluster-selection.tsx',
  },
  {
    route: 'smartSuggestions',
    layout: 'plain',
    title: 'pages.smartSuggestions',
    screen: 'routes/plain/smart-suggestions.tsx',
  },
  ...PROVIDER_TEST_ROUTES.map(
    (route): PageDefinition => ({
      route,
      layout: 'plain',
      title: 'pages.providerTest',
      screen: 'routes/plain/provider-test.tsx',
    }),
  ),
  {
    route: 'orderStatusList',
    layout: 'plain',
    title: 'pages.orderStatus',
    screen: 'routes/plain/order-status.tsx',
  },
  {
    route: 'orderStatus',
    layout: 'plain',
    title: 'pages.orderStatus',
    screen: 'routes/plain/order-status.tsx',
  },
  {
    route: 'clusterStatus',
    layout: 'plain',
    title: 'pages.clusterStatus',
    screen: 'routes/plain/cluster-status.tsx',
  },
]

const flowPages: PageDefinition[] = [
  {
    route: 'configureCluster',
    layout: 'flow',
    title: 'pages.configureCluster',
    screen: 'routes/flow/configure-cluster.tsx',
  },
  {
    route: 'configureClusterAlias',
    layout: 'flow',
    title: 'pages.configureCluster',
    screen: 'routes/flow/configure-cluster.tsx',
  },
  {
    route: 'clusterProvisioning',
    layout: 'flow',
    title: 'pages.clusterProvisioning',
    screen: 'routes/flow/cluster-provisioning.tsx',
  },
  {
    route: 'clusterProvisioningAlias',
    layout: 'flow',
    title: 'pages.clusterProvisioning',
    screen: 'routes/flow/cluster-provisioning.tsx',
  },
]

const dashboardPages: PageDefinition[] = [
  {
    route: 'dashboard',
    layout: 'dashboard',
    title: 'pages.dashboard',
    screen: 'routes/dashboard/dashboard.tsx',
  },
  { route: 'profile', layout: 'dashboard', title: 'pages.account', screen: 'routes/dashboard/account.tsx' },
  { route: 'account', layout: 'dashboard', title: 'pages.account', screen: 'routes/dashboard/account.tsx' },
  {
    route: 'clusterTopology',
    layout: 'dashboard',
    title: 'pages.clusterTopology',
    screen: 'routes/dashboard/cluster-topology.tsx',
  },
  {
    route: 'myClusters',
    layout: 'dashboard',
    title: 'pages.myClusters',
    screen: 'routes/dashboard/my-clusters.tsx',
  },
  {
    route: 'clusterDetail',
    layout: 'dashboard',
    title: 'pages.clusterDetail',
    screen: 'routes/dashboard/cluster-detail.tsx',
  },
  {
    route: 'clusterDetailAlias',
    layout: 'dashboard',
    title: 'pages.clusterDetail',
    screen: 'routes/dashboard/cluster-detail.tsx',
  },
  { route: 'orders', layout: 'dashboard', title: 'pages.orders', screen: 'routes/dashboard/orders.tsx' },
  {
    route: 'clusterOrders',
    layout: 'dashboard',
    title: 'pages.clusterOrders',
    screen: 'routes/dashboard/orders.tsx',
  },
  {
    route: 'productOrders',
    layout: 'dashboard',
    title: 'pages.productOrders',
    screen: 'routes/dashboard/installations.tsx',
  },
  {
    route: 'productOrder',
    layout: 'dashboard',
    title: 'pages.productOrder',
    screen: 'routes/dashboard/installation-detail.tsx',
  },
  {
    route: 'supportOrders',
    layout: 'dashboard',
    title: 'pages.supportOrders',
    screen: 'routes/dashboard/support-tickets.tsx',
  },
  {
    route: 'supportOrder',
    layout: 'dashboard',
    title: 'pages.supportOrder',
    screen: 'routes/dashboard/support-ticket.tsx',
  },
  {
    route: 'addOnOrders',
    layout: 'dashboard',
    title: 'pages.addonOrders',
    screen: 'routes/dashboard/installations.tsx',
  },
  {
    route: 'marketplace',
    layout: 'dashboard',
    title: 'pages.marketplace',
    screen: 'routes/dashboard/product-catalog.tsx',
  },
  {
    route: 'customSolutions',
    layout: 'dashboard',
    title: 'pages.customSolutions',
    screen: 'routes/dashboard/custom-solutions.tsx',
  },
  { route: 'billing', layout: 'dashboard', title: 'pages.billing', screen: 'routes/dashboard/billing.tsx' },
  { route: 'usage', layout: 'dashboard', title: 'pages.usage', screen: 'routes/dashboard/usage.tsx' },
  {
    route: 'officersPanel',
    layout: 'dashboard',
    title: 'pages.officersPanel',
    screen: 'routes/dashboard/officers-panel.tsx',
  },
  {
    route: 'userManagement',
    layout: 'dashboard',
    title: 'pages.userManagement',
    screen: 'routes/dashboard/user-management.tsx',
  },
  {
    route: 'pendingRegistrations',
    layout: 'dashboard',
    title: 'pages.pendingRegistrations',
    screen: 'routes/dashboard/pending-registrations.tsx',
  },
  {
    route: 'promotionRequests',
    layout: 'dashboard',
    title: 'pages.promotionRequests',
    screen: 'routes/dashboard/promotion-requests.tsx',
  },
  {
    route: 'organizationUsers',
    layout: 'dashboard',
    title: 'pages.organizationUsers',
    screen: 'routes/dashboard/organization-users.tsx',
  },
  {
    route: 'settings',
    layout: 'dashboard',
    title: 'pages.settings',
    screen: 'routes/dashboard/settings.tsx',
  },
  {
    route: 'addOns',
    layout: 'dashboard',
    title: 'pages.addOns',
    screen: 'routes/dashboard/product-catalog.tsx',
  },
  {
    route: 'priceEstimator',
    layout: 'dashboard',
    title: 'pages.priceEstimator',
    screen: 'routes/dashboard/price-estimator.tsx',
  },
  {
    route: 'paymentSuccess',
    layout: 'dashboard',
    title: 'pages.paymentSuccess',
    screen: 'routes/dashboard/payment-success.tsx',
  },
]

/** Static pages at paths of their own that show another page (cluster-type aliases). */
const aliasPages: PageEntry[] = Object.keys(CLUSTER_TYPE_ALIASES).map((path) => ({
  path,
  layout: 'public',
  title: 'pages.clusterType',
  static: true,
}))

export const PAGES: PageEntry[] = [
  ...[...publicPages, ...plainPages, ...flowPages, ...dashboardPages].map(
    (page): PageEntry => ({ ...page, path: ROUTES[page.route] }),
  ),
  ...aliasPages,
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
