import type { UserRole } from './schemas/accounts.ts'

/**
 * What a personal API token may do: read, or read and write, per area of the API. A route's area
 * is declared with the endpoint in the contract (common/contract), and reading is GET; an endpoint
 * outside every area (the person's own account, sign-in, officers) never takes a token.
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
