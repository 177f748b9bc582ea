import type { FastifyRequest } from 'fastify'
import { TOKEN_PREFIX } from '#common/api-scopes.ts'
import { type Endpoint, scopeOf } from '#common/contract/endpoint.ts'

export function sessionMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}

/**
 * Public answers, the same for every visitor (the catalog, the seller's identity): browsers and
 * CDNs may keep them a few minutes.
 */
export const PUBLIC_CACHE = 'public, max-age=300'

/** The two ways a caller signs the API: the browser's session cookie, or a personal API token. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'cd_session',
    description: 'The session of a signed-in browser',
  },
  token: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${TOKEN_PREFIX}…`,
    description: 'A personal API token, created on the account page; each route names the scope it needs',
  },
} as const

/** How a call is signed: nothing for public calls, the session, and a token where taken. */
export function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (
    endpoint.audience === 'anyone' ||
    endpoint.audience === 'cluster' ||
    endpoint.audience === 'development'
  )
    return []
  if (endpoint.token === 'anyScope') return [{ session: [] }, { token: [] }]
  const scope = scopeOf(endpoint)
  return scope ? [{ session: [] }, { token: [scope] }] : [{ session: [] }]
}
