/**
 * Every page of the product by name: the one place a path is spelt. The web app's route table
 * (web/lib/paths.ts) gives each a layout, a screen and a title; links, redirects and the server's
 * links in mail are all built here with `href`.
 */
export const ROUTES = {
  // Public pages
  home: '/',
  french: '/fr',
  pricing: '/pricing',
  documentation: '/documentation',
  tutorials: '/tutorials',
  tutorial: '/tutorials/:slug',
  support: '/support',
  signIn: '/auth',
  devLogin: '/dev-login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  verifyRegistrationEmail: '/verify-registration-email',
  magicLinkLogin: '/magic-link-login',
  magicLink: '/magic-link',
  acceptInvitation: '/accept-invitation',
  scheduleDemo: '/schedule-demo',
  contactSales: '/contact-sales',
  customQuote: '/custom-quote',
  workloadMigration: '/workload-migration',
  about: '/about',
  careers: '/careers',
  privacyPolicy: '/privacy-policy',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  faq: '/faq',
  apiReference: '/api-reference',
  caseStudies: '/case-studies',
  newsletter: '/newsletter',
  testService: '/test-service',
  currencyTest: '/currency-test',
  technicalSupport: '/technical-support',
  billingSupport: '/billing-support',
  submitTicket: '/submit-ticket',
  trackTicket: '/track-ticket',
  clusterType: '/cluster-types/:type',

  // Signed in, plain layout
  dataCenters: '/data-centers',
  clusterTopologyOverview: '/cluster-topology',
  clusterSelection: '/cluster-selection',
  smartSuggestions: '/smart-suggestions',
  gcpClusterTest: '/gcp-cluster-test',
  awsEksTest: '/aws-eks-test',
  azureAksTest: '/azure-aks-test',
  ibmIksTest: '/ibm-iks-test',
  huaweiCceTest: '/huawei-cce-test',
  alibabaAckTest: '/alibaba-ack-test',
  digitaloceanDoksTest: '/digitalocean-doks-test',
  orderStatusList: '/order-status',
  orderStatus: '/order-status/:id',
  clusterStatus: '/clusters/:id/status',

  // Signed in, configuration flow
  configureCluster: '/configure-cluster',
  configureClusterAlias: '/clusters/configure',
  clusterProvisioning: '/cluster-provisioning',
  clusterProvisioningAlias: '/clusters/provisioning',

  // Signed in, dashboard
  dashboard: '/dashboard',
  profile: '/profile',
  account: '/account',
  clusterTopology: '/clusters/:id/topology',
  myClusters: '/my-clusters',
  clusterDetail: '/clusters/:id',
  clusterDetailAlias: '/cluster-detail/:id',
  orders: '/orders',
  clusterOrders: '/orders/clusters',
  productOrders: '/orders/products',
  productOrder: '/orders/products/:id',
  supportOrders: '/orders/support',
  supportOrder: '/orders/support/:id',
  addOnOrders: '/orders/addons',
  marketplace: '/marketplace',
  customSolutions: '/custom-solutions',
  billing: '/billing',
  usage: '/usage',
  officersPanel: '/officers/panel',
  userManagement: '/user-management',
  pendingRegistrations: '/admin/pending-registrations',
  promotionRequests: '/admin/promotion-requests',
  organizationUsers: '/admin/organization-users',
  settings: '/settings',
  addOns: '/add-ons',
  priceEstimator: '/price-estimator',
  paymentSuccess: '/payment-success',
} as const

export type RouteName = keyof typeof ROUTES

/** The seven cluster types with a page of their own (`/cluster-types/{type}`). */
export const CLUSTER_TYPE_SLUGS = ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'] as const
export type ClusterTypeSlug = (typeof CLUSTER_TYPE_SLUGS)[number]

export function isClusterTypeSlug(value: string): value is ClusterTypeSlug {
  return (CLUSTER_TYPE_SLUGS as readonly string[]).includes(value)
}

/** Alias paths of the cluster-type page and the type each shows. */
export const CLUSTER_TYPE_ALIASES: Record<string, ClusterTypeSlug> = {
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

/** The names of a pattern's parameters: '/clusters/:id/status' → 'id'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

export type RouteParams<Name extends RouteName> = Record<ParamNames<(typeof ROUTES)[Name]>, string>

/** Query values; undefined ones are left out. */
export type RouteQuery = Record<string, string | number | boolean | undefined>

type HrefArguments<Name extends RouteName> =
  ParamNames<(typeof ROUTES)[Name]> extends never
    ? [query?: RouteQuery]
    : [params: RouteParams<Name>, query?: RouteQuery]

/**
 * The URL of a page: `href('clusterDetail', { id })` → `/clusters/3f…`, `href('signIn')` → `/auth`,
 * `href('resetPassword', { token })` → `/reset-password?token=…`. Parameters are encoded.
 */
export function href<Name extends RouteName>(name: Name, ...args: HrefArguments<Name>): string {
  const pattern: string = ROUTES[name]
  const hasParams = pattern.includes(':')
  const params = (hasParams ? args[0] : undefined) as Record<string, string> | undefined
  const query = (hasParams ? args[1] : args[0]) as RouteQuery | undefined
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = params?.[param]
    if (value === undefined || value === '') throw new Error(`href('${name}') needs its ${param}`)
    return encodeURIComponent(value)
  })
  return path + queryString(query)
}

/** An absolute URL of a page under the app's public address (links in mail). */
export function absoluteHref<Name extends RouteName>(
  appUrl: string,
  name: Name,
  ...args: HrefArguments<Name>
): string {
  return new URL(href(name, ...args), appUrl).toString()
}

/** `?a=1&b=x` of the values that are set, or nothing. */
export function queryString(query: RouteQuery | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Whether a pattern of the table matches a path (a trailing slash allowed). */
export function routeMatches(pattern: string, pathname: string): boolean {
  if (pattern === '/') return pathname === '/' || pathname === ''
  const patternParts = pattern.split('/')
  const pathParts = pathname.replace(/\/+$/, '').split('/')
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, index) => part.startsWith(':') || part === pathParts[index])
  )
}

/**
 * The parameters a path gives a pattern, decoded: ('/clusters/:id', '/clusters/3f…') → { id: '3f…' };
 * undefined when the path is not the pattern's or a parameter is not validly encoded.
 */
export function routeParams(pattern: string, pathname: string): Record<string, string> | undefined {
  if (!routeMatches(pattern, pathname)) return undefined
  const pathParts = pathname.replace(/\/+$/, '').split('/')
  const params: Record<string, string> = {}
  try {
    pattern.split('/').forEach((part, index) => {
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(pathParts[index] ?? '')
    })
  } catch {
    return undefined
  }
  return params
}

/** True when a path is the page's or lies below it: `isWithin('/billing/x', 'billing')`. */
export function isWithin(pathname: string, name: RouteName): boolean {
  const path: string = ROUTES[name]
  return pathname === path || pathname.startsWith(`${path}/`)
}
