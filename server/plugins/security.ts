import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        ...contentSecurityDirectives({ isProduction: options.isProduction }),
        // helmet adds upgrade-insecure-requests unless told not to; plain-HTTP development cannot have it.
        ...(options.isProduction ? {} : { upgradeInsecureRequests: null }),
      },
    },
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })

  const allowed = new Set(options.allowedOrigins)
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    // A Bearer token is sent by a script, never added by a browser: no cross-site request carries it.
    if (request.headers.authorization?.toLowerCase().startsWith('bearer ')) return
    const origin = requestOrigin(request.headers.origin, request.headers.referer)
    if (origin !== undefined && !allowed.has(origin)) {
      throw forbidden('Cross-origin request refused', 'CSRF_ORIGIN_MISMATCH')
    }
  })
})

/**
 * The page policy: only our own scripts, plus the inline ones a built page carries, each allowed
 * by its hash (web-app.ts adds them per HTML file).
 */
export function contentSecurityDirectives(options: { isProduction: boolean; scriptHashes?: string[] }) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
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
