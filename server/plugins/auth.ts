import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { scopesAllow } from '#common/api-scopes.ts'
import { scopeOf } from '#common/contract/endpoint.ts'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import type { Database } from '#server/db/client.ts'
import { forbidden, unauthorized } from '#server/lib/errors.ts'
import type { ActiveSession, SessionStore } from '#server/modules/auth/index.ts'
import { assertMayAct, findTokenSession, standingOf, type TokenSession } from '#server/modules/auth/index.ts'
import type { UserWithOrganization } from '#server/modules/users/index.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session (memoised per request); undefined when signed out. */
    loadSession: () => Promise<ActiveSession | undefined>
    /** Set by `requireUser`: the signed-in caller. */
    user: UserWithOrganization
    /** Set by `requireUser`: the public id of the caller's session. */
    sessionId: string | undefined
  }
  interface FastifyReply {
    setSessionCookie: (token: string, expiresAt: Date) => FastifyReply
    clearSessionCookie: () => FastifyReply
  }
  interface FastifyInstance {
    sessionCookieName: string
    /** Finds the session of a cookie's token (kept in memory while that is safe). */
    sessions: SessionStore
  }
}

const sessionCache = Symbol('session')

/** Server-side sessions: an opaque cookie whose keyed hash finds the row in PostgreSQL. */
export default fp(async function auth(
  app: FastifyInstance,
  options: { db: Database; secret: string; sessions: SessionStore; isProduction: boolean },
) {
  // In production the __Host- prefix pins the cookie to this host, path / and HTTPS.
  const cookieName = options.isProduction ? '__Host-cd_session' : 'cd_session'
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.isProduction }
  // Cookies are parsed when a route asks for one (`requestCookie`), not in a hook on every request.
  await app.register(cookie, { hook: false })
  app.decorate('sessionCookieName', cookieName)
  app.decorate('sessions', options.sessions)

  app.decorateRequest('user', null as unknown as UserWithOrganization)
  app.decorateRequest('sessionId', undefined)
  app.decorateRequest(
    'loadSession',
    function (this: FastifyRequest & { [sessionCache]?: Promise<ActiveSession | undefined> }) {
      // A Bearer token is the whole credential: cookies are not read alongside it.
      const bearer = bearerToken(this)
      if (bearer !== undefined) {
        if (bearer.length > 100) return Promise.resolve(undefined)
        this[sessionCache] ??= findTokenSession(options.db, options.secret, bearer, this.ip)
        return this[sessionCache]
      }
      const token = requestCookie(this, cookieName)
      if (!token || token.length > 100) return Promise.resolve(undefined)
      this[sessionCache] ??= options.sessions.find(token)
      return this[sessionCache]
    },
  )
  const hintOptions = { ...cookieOptions, httpOnly: false }
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    // The session cookie first: clients that keep one cookie take the first.
    this.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt })
    return this.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, expires: expiresAt })
  })
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(cookieName, cookieOptions)
    return this.clearCookie(SESSION_HINT_COOKIE, hintOptions)
  })
})

/** A cookie the request carries, its header parsed on the first ask. */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  // Null until asked (or until the reply sets a cookie): @fastify/cookie runs without its hook.
  request.cookies ??= request.server.parseCookie(request.headers.cookie ?? '')
  return request.cookies[name]
}

/** The token of an `Authorization: Bearer` header, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined
  return header.slice('bearer '.length).trim()
}

/**
 * preValidation hook for routes that need a signed-in user (second factor completed) whom the
 * account gate lets make this call: an account that may not act is answered as signed out, a
 * registrant waiting for approval gets only their short list of calls. A caller with an API token
 * is held to the token's scopes: 403 outside them, and on the routes that never take a token (the
 * person's own account, sign-in, officers).
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const session = await request.loadSession()
  if (!session || session.mfaPending) throw unauthorized('Please sign in to continue')
  const route = request.routeOptions.url ?? request.url
  assertMayAct(session.user, request.method, route)
  request.user = session.user
  if ('token' in session) {
    const endpoint = request.routeOptions.config.endpoint
    if (endpoint?.token === 'anyScope') return
    const needed = endpoint ? scopeOf(endpoint) : null
    if (!needed) throw forbidden('API tokens cannot be used for this call', 'TOKEN_NOT_ACCEPTED')
    if (!scopesAllow((session as TokenSession).token.scopes, needed))
      throw forbidden(`This token lacks the scope ${needed}`, 'TOKEN_SCOPE_MISSING')
    return
  }
  request.sessionId = session.id
}

/**
 * preValidation hook for what an organization owns (clusters, orders) and for everything more
 * privileged: an active member who has set up the second factor their organization requires.
 */
export async function requireMember(request: FastifyRequest): Promise<void> {
  await requireUser(request)
  if (standingOf(request.user) !== 'active')
    throw forbidden('Your membership is waiting for approval by an administrator of your organization')
  if (request.user.organizationRequiresMfa && !request.user.mfaEnabled)
    throw forbidden(
      'Your organization requires two-factor authentication: set it up on your account page first',
      'MFA_ENROLMENT_REQUIRED',
    )
}

/** preValidation hook for organization admins (and the platform operator): members first. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireMember(request)
  if (request.user.role !== 'admin' && request.user.role !== 'super_admin') throw forbidden()
}

/** preValidation hook for the platform operator (super_admin): every organization. */
export async function requireSuperAdmin(request: FastifyRequest): Promise<void> {
  await requireMember(request)
  if (request.user.role !== 'super_admin') throw forbidden('Only the platform operator may do this')
}

/** preValidation hook for the operator's officers (order approvals and other reviews). */
export async function requireOfficer(request: FastifyRequest): Promise<void> {
  await requireMember(request)
  if (!request.user.isOfficer) throw forbidden('Only officers may do this')
}
