import type { FastifyInstance, FastifyRequest } from 'fastify'
import { scopeOfRoute, TOKEN_PREFIX } from '#common/api-scopes.ts'
import { type Endpoint, scopeOf } from '#common/contract/endpoint.ts'
import { errorResponseSchema } from '#common/schemas/errors.ts'

/** Response schemas for the error statuses a route can answer with (documents them in OpenAPI). */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    Codes[number],
    typeof errorResponseSchema
  >
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Completes every route's documented answers with those the platform gives whatever the route
 * does: 403 on a state-changing request from another origin (the CSRF check), 429 where a rate
 * limit applies, 503 while the database is away. A route documents only its own answers.
 */
export function documentPlatformAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined
    if (!schema || schema.hide) return
    const methods = [route.method].flat()
    const statuses = [503]
    if (methods.some((method) => STATE_CHANGING.has(method))) statuses.push(403)
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429)
    const response = { ...schema.response }
    for (const status of statuses) response[status] ??= errorResponseSchema
    schema.response = response
  })
}

export function sessionMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}

/**
 * Public answers, the same for every visitor (the catalog, the seller's identity): browsers and
 * CDNs may keep them a few minutes.
 */
export const PUBLIC_CACHE = 'public, max-age=300'

/** Per-IP limit for routes whose answers can be guessed at (login, register, mail links). */
export const guessableRoute = { rateLimit: {} }

/** The header every order carries, declared with the contract's parameters. */
export { idempotencyHeaders } from '#common/contract/parameters.ts'

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

/**
 * Declares in the OpenAPI document which routes take an API token and the scope each needs
 * (`clusters:read`…), the same rule `requireUser` applies (common/api-scopes.ts).
 */
export function documentSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; security?: unknown } | undefined
    if (!schema || schema.hide) return
    const endpoint = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint
    if (endpoint) {
      schema.security = securityOf(endpoint)
      return
    }
    const method = [route.method].flat()[0] ?? 'GET'
    const scope = scopeOfRoute(method, route.url)
    if (scope) schema.security = [{ session: [] }, { token: [scope] }]
  })
}

/** How a call is signed: nothing for public calls, the session, and a token where taken. */
export function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (
    endpoint.audience === 'anyone' ||
    endpoint.audience === 'cluster' ||
    endpoint.audience === 'development'
  )
    return []
  const scope = scopeOf(endpoint)
  return scope ? [{ session: [] }, { token: [scope] }] : [{ session: [] }]
}
