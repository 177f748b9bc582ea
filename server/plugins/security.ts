import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { API_PREFIX } from '#common/contract/endpoint.ts'
import { forbidden } from '#server/lib/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Security headers, and the CSRF defence: a state-changing request that names an origin other
 * than the app's own (in `Origin`, or failing that `Referer`) is refused. Requests naming no
 * origin at all come from non-browser clients, which cannot carry a victim's cookie.
 */
export default fp(async function security(
  app: FastifyInstance,
  options: { allowedOrigins: string[]; isProduction: boolean },
) {
  // Computed once: the same headers go on every answer of a kind (pages replace the policy with
  // their own). JSON answers get the few that mean something for data, not a document.
  const pageHeaders = securityHeaders(options.isProduction, socketOrigins(options.allowedOrigins))
  const dataHeaders = apiSecurityHeaders(options.isProduction)
  const allowed = new Set(options.allowedOrigins)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? dataHeaders : pageHeaders)
    // The id the logs know the request by: a client quotes it when reporting an error.
    reply.header('x-request-id', request.id)
    if (SAFE_METHODS.has(request.method)) return done()
    // A Bearer token is sent by a script, never added by a browser: no cross-site request carries it.
    if (request.headers.authorization?.toLowerCase().startsWith('bearer ')) return done()
    const origin = requestOrigin(request.headers.origin, request.headers.referer)
    if (origin !== undefined && !allowed.has(origin)) {
      return done(forbidden('Cross-origin request refused', 'CSRF_ORIGIN_MISMATCH'))
    }
    done()
  })
})

/**
 * The WebSocket origins of the app's own origins (ws:// for http://, wss:// for https://): the
 * only sockets a page may open besides 'self', which older browsers do not apply to sockets.
 */
export function socketOrigins(origins: string[]): string[] {
  return origins.map((origin) => origin.replace(/^http(s?):/, 'ws$1:'))
}

/**
 * The headers of every answer: the ones helmet 8 sets by default, with our content security
 * policy, referrer policy, and HSTS in production only (development is plain HTTP).
 */
export function securityHeaders(isProduction: boolean, sockets: string[]): Record<string, string> {
  return {
    'content-security-policy': renderContentSecurityPolicy(
      contentSecurityDirectives({ isProduction, socketOrigins: sockets }),
    ),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
}

/**
 * The headers of the API's answers, which a browser fetches as data and never renders: nothing may
 * load from or frame them, they are not sniffed as another type, and no other site may read them
 * (`cross-origin-resource-policy`). What only a document uses is left out (the referrer policy,
 * `upgrade-insecure-requests`): every open tab polls these, and each header is work on both ends.
 */
export function apiSecurityHeaders(isProduction: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
  }
}

/**
 * The page policy: only our own scripts, plus the inline ones a built page carries, each allowed
 * by its hash (web-app.ts adds them per HTML file); connections to our own origin and its socket.
 */
export function contentSecurityDirectives(options: {
  isProduction: boolean
  socketOrigins: string[]
  scriptHashes?: string[]
}) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...options.socketOrigins],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    scriptSrcAttr: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
  }
}

/** Renders directives the way helmet does, for headers set outside helmet. */
export function renderContentSecurityPolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join(';')
}

export function requestOrigin(origin: string | undefined, referer: string | undefined): string | undefined {
  const source = origin ?? referer
  if (source === undefined) return undefined
  try {
    return new URL(source).origin
  } catch {
    return 'invalid'
  }
}
