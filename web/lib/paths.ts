/**
 * Every page of the product (spec §2) in one table: its path, its layout and its title key.
 * The router, the prerender list, the sitemap and links are all built from here.
 */
export type Layout = 'public' | 'plain' | 'flow' | 'dashboard'

/**
 * `static`: a marketing page rendered to HTML at build time in every language (web/site), served
 * without the app's JavaScript; the router only hands such paths back to the server.
 */
export type PageEntry = { path: string; layout: Layout; title: string; screen?: string; static?: true }

export const CLUSTER_TYPE_SLUGS = ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'] as const

/** Alias paths of the cluster-type page and the type each shows. */
export const CLUSTER_TYPE_ALIASES: Record<string, (typeof CLUSTER_TYPE_SLUGS)[number]> = {
  '/sandbox-cluster': 'sandbox',
  '/sandbox-cluster-page': 'sandbox',
  '/blue-cluster': 'blue',
  '/blue-cluster-page': 'blue',
  '/red-cluster': 'red',
  '/red-cluster-page': 'red',
  '/green-cluster': 'green',
  '/green-cluster-page': 'green',
  '/data-cluster': 'data',
  '/data-cluster-page': 'data',
  '/ai-cluster': 'ai',
  '/ai-cluster-page': 'ai',
  '/additional-cluster': 'orange',
  '/dev-cluster': 'orange',
  '/test-cluster': 'orange',
  '/orange-cluster': 'orange',
}

const publicPages: PageEntry[] = [
  { path: '/', layout: 'public', title: 'pages.home', static: true },
  { path: '/pricing', layout: 'public', title: 'pages.pricing', static: true },
  { path: '/documentation', layout: 'public', title: 'pages.documentation', static: true },
  { path: '/tutorials', layout: 'public', title: 'pages.tutorials', static: true },
  { path: '/tutorials/:slug', layout: 'public', title: 'pages.tutorial', static: true },
  { path: '/support', layout: 'public', title: 'pages.support' },
  { path: '/auth', layout: 'public', title: 'pages.auth', screen: 'routes/public/auth.tsx' },
  { path: '/dev-login', layout: 'public', title: 'pages.devLogin', screen: 'routes/public/dev-login.tsx' },
  {
    path: '/forgot-password',
    layout: 'public',
    title: 'pages.forgotPassword',
    screen: 'routes/public/forgot-password.tsx',
  },
  {
    path: '/reset-password',
    layout: 'public',
    title: 'pages.resetPassword',
    screen: 'routes/public/reset-password.tsx',
  },
  {
    path: '/verify-email',
    layout: 'public',
    title: 'pages.verifyEmail',
    screen: 'routes/public/verify-email.tsx',
  },
  {
    path: '/verify-registration-email',
    layout: 'public',
    title: 'pages.verifyRegistrationEmail',
    screen: 'routes/public/verify-email.tsx',
  },
  {
    path: '/magic-link-login',
    layout: 'public',
    title: 'pages.magicLinkLogin',
    screen: 'routes/public/magic-link-login.tsx',
  },
  { path: '/magic-link', layout: 'public', title: 'pages.magicLink', screen: 'routes/public/magic-link.tsx' },
  {
    path: '/schedule-demo',
    layout: 'public',
    title: 'pages.scheduleDemo',
    screen: 'routes/public/schedule-demo.tsx',
  },
  {
    path: '/contact-sales',
    layout: 'public',
    title: 'pages.contactSales',
    screen: 'routes/public/contact-sales.tsx',
  },
  {
    path: '/custom-quote',
    layout: 'public',
    title: 'pages.customQuote',
    screen: 'routes/public/custom-quote.tsx',
  },
  {
    path: '/workload-migration',
    layout: 'public',
    title: 'pages.workloadMigration',
    screen: 'routes/public/workload-migration.tsx',
  },
  { path: '/about', layout: 'public', title: 'pages.about', static: true },
  { path: '/careers', layout: 'public', title: 'pages.careers', static: true },
  { path: '/privacy-policy', layout: 'public', title: 'pages.privacyPolicy', static: true },
  { path: '/privacy', layout: 'public', title: 'pages.privacyPolicy', static: true },
  { path: '/terms', layout: 'public', title: 'pages.terms', static: true },
  {
    path: '/contact',
    layout: 'public',
    title: 'pages.contact',
    screen: 'routes/public/contact.tsx',
  },
  { path: '/faq', layout: 'public', title: 'pages.faq', static: true },
  {
    path: '/api-reference',
    layout: 'public',
    title: 'pages.apiReference',
    screen: 'routes/public/api-reference.tsx',
  },
  { path: '/case-studies', layout: 'public', title: 'pages.caseStudies', static: true },
  {
    path: '/newsletter',
    layout: 'public',
    title: 'pages.newsletter',
    screen: 'routes/public/newsletter.tsx',
  },
  {
    path: '/test-service',
    layout: 'public',
    title: 'pages.testService',
    screen: 'routes/public/test-service.tsx',
  },
  {
    path: '/currency-test',
    layout: 'public',
    title: 'pages.currencyTest',
    screen: 'routes/public/currency-test.tsx',
  },
  { path: '/technical-support', layout: 'public', title: 'pages.technicalSupport' },
  { path: '/billing-support', layout: 'public', title: 'pages.billingSupport' },
  { path: '/submit-ticket', layout: 'public', title: 'pages.submitTicket' },
  { path: '/track-ticket', layout: 'public', title: 'pages.trackTicket' },
  {
    path: '/cluster-types/:type',
    layout: 'public',
    title: 'pages.clusterType',
    static: true,
  },
  ...Object.keys(CLUSTER_TYPE_ALIASES).map(
    (path): PageEntry => ({
      path,
      layout: 'public',
      title: 'pages.clusterType',
      static: true,
    }),
  ),
]

const providerTests = [
  'gcp-cluster-test',
  'aws-eks-test',
  'azure-aks-test',
  'ibm-iks-test',
  'huawei-cce-test',
  'alibaba-ack-test',
  'digitalocean-doks-test',
]

const plainPages: PageEntry[] = [
  {
    path: '/data-centers',
    layout: 'plain',
    title: 'pages.dataCenters',
    screen: 'routes/plain/data-centers.tsx',
  },
  {
    path: '/cluster-topology',
    layout: 'plain',
    title: 'pages.clusterTopology',
    screen: 'routes/plain/cluster-topology.tsx',
  },
  {
    path: '/cluster-selection',
    layout: 'plain',
    title: 'pages.clusterSelection',
    screen: 'routes/plain/cluster-selection.tsx',
  },
  {
    path: '/smart-suggestions',
    layout: 'plain',
    title: 'pages.smartSuggestions',
    screen: 'routes/plain/smart-suggestions.tsx',
  },
  ...providerTests.map(
    (name): PageEntry => ({
      path: `/${name}`,
      layout: 'plain',
      title: 'pages.providerTest',
      screen: 'routes/plain/provider-test.tsx',
    }),
  ),
  {
    path: '/order-status',
    layout: 'plain',
    title: 'pages.orderStatus',
    screen: 'routes/plain/order-status.tsx',
  },
  {
    path: '/order-status/:id',
    layout: 'plain',
    title: 'pages.orderStatus',
    screen: 'routes/plain/order-status.tsx',
  },
  {
    path: '/clusters/:id/status',
    layout: 'plain',
    title: 'pages.clusterStatus',
    screen: 'routes/plain/cluster-status.tsx',
  },
]

const flowPages: PageEntry[] = [
  {
    path: '/configure-cluster',
    layout: 'flow',
    title: 'pages.configureCluster',
    screen: 'routes/flow/configure-cluster.tsx',
  },
  {
    path: '/clusters/configure',
    layout: 'flow',
    title: 'pages.configureCluster',
    screen: 'routes/flow/configure-cluster.tsx',
  },
  {
    path: '/cluster-provisioning',
    layout: 'flow',
    title: 'pages.clusterProvisioning',
    screen: 'routes/flow/cluster-provisioning.tsx',
  },
  {
    path: '/clusters/provisioning',
    layout: 'flow',
    title: 'pages.clusterProvisioning',
    screen: 'routes/flow/cluster-provisioning.tsx',
  },
]

const dashboardPages: PageEntry[] = [
  {
    path: '/dashboard',
    layout: 'dashboard',
    title: 'pages.dashboard',
    screen: 'routes/dashboard/dashboard.tsx',
  },
  { path: '/profile', layout: 'dashboard', title: 'pages.account' },
  { path: '/account', layout: 'dashboard', title: 'pages.account' },
  {
    path: '/clusters/:id/topology',
    layout: 'dashboard',
    title: 'pages.clusterTopology',
    screen: 'routes/dashboard/cluster-topology.tsx',
  },
  {
    path: '/my-clusters',
    layout: 'dashboard',
    title: 'pages.myClusters',
    screen: 'routes/dashboard/my-clusters.tsx',
  },
  {
    path: '/clusters/:id',
    layout: 'dashboard',
    title: 'pages.clusterDetail',
    screen: 'routes/dashboard/cluster-detail.tsx',
  },
  {
    path: '/cluster-detail/:id',
    layout: 'dashboard',
    title: 'pages.clusterDetail',
    screen: 'routes/dashboard/cluster-detail.tsx',
  },
  { path: '/orders', layout: 'dashboard', title: 'pages.orders', screen: 'routes/dashboard/orders.tsx' },
  {
    path: '/orders/clusters',
    layout: 'dashboard',
    title: 'pages.clusterOrders',
    screen: 'routes/dashboard/orders.tsx',
  },
  { path: '/orders/products', layout: 'dashboard', title: 'pages.productOrders' },
  { path: '/orders/products/:id', layout: 'dashboard', title: 'pages.productOrder' },
  { path: '/orders/support', layout: 'dashboard', title: 'pages.supportOrders' },
  { path: '/orders/support/:id', layout: 'dashboard', title: 'pages.supportOrder' },
  { path: '/orders/addons', layout: 'dashboard', title: 'pages.addonOrders' },
  { path: '/marketplace', layout: 'dashboard', title: 'pages.marketplace' },
  { path: '/custom-solutions', layout: 'dashboard', title: 'pages.customSolutions' },
  { path: '/billing', layout: 'dashboard', title: 'pages.billing' },
  { path: '/usage', layout: 'dashboard', title: 'pages.usage' },
  {
    path: '/officers/panel',
    layout: 'dashboard',
    title: 'pages.officersPanel',
    screen: 'routes/dashboard/officers-panel.tsx',
  },
  { path: '/user-management', layout: 'dashboard', title: 'pages.userManagement' },
  { path: '/admin/pending-registrations', layout: 'dashboard', title: 'pages.pendingRegistrations' },
  { path: '/admin/promotion-requests', layout: 'dashboard', title: 'pages.promotionRequests' },
  { path: '/admin/organization-users', layout: 'dashboard', title: 'pages.organizationUsers' },
  { path: '/settings', layout: 'dashboard', title: 'pages.settings' },
  { path: '/add-ons', layout: 'dashboard', title: 'pages.addOns' },
  { path: '/price-estimator', layout: 'dashboard', title: 'pages.priceEstimator' },
  { path: '/payment-success', layout: 'dashboard', title: 'pages.paymentSuccess' },
]

export const PAGES: PageEntry[] = [...publicPages, ...plainPages, ...flowPages, ...dashboardPages]

/** Public app pages without parameters: prerendered by the router at build time. */
export const PRERENDERED_PATHS = publicPages
  .filter((page) => !page.static && !page.path.includes(':'))
  .map((page) => page.path)

/** True when the path is one of the static marketing pages (web/site renders them). */
export function isStaticPagePath(pathname: string): boolean {
  return pageFor(pathname)?.static === true
}

export function pageFor(pathname: string): PageEntry | undefined {
  return PAGES.find((page) => matches(page.path, pathname))
}

function matches(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/')
  const pathParts = pathname.replace(/\/+$/, '').split('/')
  if (pattern === '/') return pathname === '/' || pathname === ''
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, index) => part.startsWith(':') || part === pathParts[index])
  )
}

/** The auth screens' paths, for links and redirects (each is a page of the table above). */
export const AUTH_PATHS = {
  signIn: '/auth',
  devLogin: '/dev-login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  verifyRegistrationEmail: '/verify-registration-email',
  magicLinkLogin: '/magic-link-login',
  magicLink: '/magic-link',
} as const

/** The configuration flow's two steps, in order: configure, then provisioning. */
export const FLOW_STEP_PATHS = [
  ['/configure-cluster', '/clusters/configure'],
  ['/cluster-provisioning', '/clusters/provisioning'],
] as const
