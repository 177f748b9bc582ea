import type { TokenScope } from '../api-scopes.ts'
import { account } from './account.ts'
import { audit } from './audit.ts'
import { auth } from './auth.ts'
import { billing } from './billing.ts'
import { catalog } from './catalog.ts'
import { clusters } from './clusters.ts'
import { customSolutions } from './custom-solutions.ts'
import { dashboard } from './dashboard.ts'
import { development } from './development.ts'
import { type Endpoint, scopeOf } from './endpoint.ts'
import { gdpr } from './gdpr.ts'
import { leads } from './leads.ts'
import { legal } from './legal.ts'
import { marketplace } from './marketplace.ts'
import { notifications } from './notifications.ts'
import { officers } from './officers.ts'
import { orders } from './orders.ts'
import { organization } from './organization.ts'
import { providers } from './providers.ts'
import { rates } from './rates.ts'
import { support } from './support.ts'
import { system } from './system.ts'
import { usage } from './usage.ts'

/**
 * The API, every endpoint declared once (docs/architecture.md, "an endpoint"): the server
 * registers these, the OpenAPI document is written from them, and the web app and the
 * command-line client call them by name — `api.clusters.get`.
 */
export const api = {
  system,
  auth,
  account,
  organization,
  audit,
  gdpr,
  notifications,
  officers,
  catalog,
  marketplace,
  customSolutions,
  support,
  rates,
  dashboard,
  leads,
  legal,
  orders,
  clusters,
  providers,
  billing,
  usage,
  development,
} as const

/** Every endpoint, in the order of the areas above. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap(
  (area) => Object.values(area) as Endpoint[],
)

const byRoute = new Map(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]))

/** The endpoint of a route (`GET`, `/api/clusters/:id`), as the server's router names it. */
export function endpointAt(method: string, path: string): Endpoint | undefined {
  return byRoute.get(`${method} ${path}`)
}

/** The scope an API token needs for a route; null where tokens are not taken (or any token is). */
export function scopeOfRoute(method: string, path: string): TokenScope | null {
  const endpoint = endpointAt(method, path)
  return endpoint ? scopeOf(endpoint) : null
}

export type { Endpoint, EndpointDefinition, Method } from './endpoint.ts'
export { pathOf, scopeOf } from './endpoint.ts'
