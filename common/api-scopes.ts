import type { UserRole } from './schemas/accounts.ts'

/**
 * What a personal API token may do: read, or read and write, per area of the API. A route's area
 * comes from its path, and reading is GET; a route outside every area (the person's own account,
 * sign-in, officers) never takes a token.
 */

export const TOKEN_AREAS = ['clusters', 'marketplace', 'billing', 'support', 'organization'] as const
export type TokenArea = (typeof TOKEN_AREAS)[number]
export const TOKEN_ACCESS = ['read', 'write'] as const
export type TokenAccess = (typeof TOKEN_ACCESS)[number]
export type TokenScope = `${TokenArea}:${TokenAccess}`
export const TOKEN_SCOPES = TOKEN_AREAS.flatMap((area) =>
  TOKEN_ACCESS.map((access) => `${area}:${access}` as const),
)

/** The prefix of every token, so secret scanners recognise one in a leak. */
export const TOKEN_PREFIX = 'cdk_'

const AREA_OF_PATH: [string, TokenArea][] = [
  ['/api/clusters', 'clusters'],
  ['/api/cluster-templates', 'clusters'],
  ['/api/orders', 'clusters'],
  ['/api/dashboard', 'clusters'],
  ['/api/products', 'marketplace'],
  ['/api/installations', 'marketplace'],
  ['/api/custom-solutions', 'marketplace'],
  ['/api/billing', 'billing'],
  ['/api/usage', 'billing'],
  ['/api/support', 'support'],
  ['/api/organization', 'organization'],
  ['/api/audit', 'organization'],
]

/** The scope a call needs, from its method and route path; null where tokens are never taken. */
export function scopeOfRoute(method: string, path: string): TokenScope | null {
  const area = AREA_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1]
  if (!area) return null
  return `${area}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`
}

/**
 * The calls any token may make about its own owner, whatever its scopes: list the owner's tokens
 * and revoke one (itself included), so a command-line client can tidy up. Creating a token stays
 * with a signed-in person.
 */
const OWNER_TOKEN_ROUTES = new Set(['GET /api/user/tokens', 'DELETE /api/user/tokens/:id'])

export function isOwnerTokenRoute(method: string, path: string): boolean {
  return OWNER_TOKEN_ROUTES.has(`${method} ${path}`)
}

/** Writing an area includes reading it. */
export function scopesAllow(scopes: readonly string[], needed: TokenScope): boolean {
  const [area, access] = needed.split(':') as [TokenArea, TokenAccess]
  return scopes.includes(needed) || (access === 'read' && scopes.includes(`${area}:write`))
}

/** The most a person's token may hold: never more than their role lets them do. */
export function scopesForRole(role: UserRole): TokenScope[] {
  if (role === 'admin' || role === 'super_admin') return [...TOKEN_SCOPES]
  // Members read the organization's billing but change neither it nor the members.
  return TOKEN_SCOPES.filter((scope) => !scope.startsWith('organization:') && scope !== 'billing:write')
}
