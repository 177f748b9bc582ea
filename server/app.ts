import { randomBytes } from 'node:crypto'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type onSendHookHandler,
} from 'fastify'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { api } from '#common/contract/index.ts'
import type { AppContext, ServerContext } from './context.ts'
import { type ChangeFeed, startChangeFeed } from './db/change-feed.ts'
import { type OpenApiDocument, openApiDocument } from './lib/openapi.ts'
import { requestValidatorCompiler } from './lib/request-validator.ts'
import { responseSerializerCompiler } from './lib/response-serializer.ts'
import { serve } from './lib/serve.ts'
import auditRoutes from './modules/audit/routes.ts'
import { createSessionStore, onAddressProven, onRevokeClusterCredentials } from './modules/auth/index.ts'
import authRoutes from './modules/auth/routes.ts'
import billingRoutes from './modules/billing/routes.ts'
import catalogRoutes from './modules/catalog/routes.ts'
import { revokeClusterCredentialsOf } from './modules/clusters/index.ts'
import clusterRoutes from './modules/clusters/routes.ts'
import customSolutionRoutes from './modules/custom-solutions/routes.ts'
import dashboardRoutes from './modules/dashboard/routes.ts'
import devRoutes from './modules/dev/routes.ts'
import gdprRoutes from './modules/gdpr/routes.ts'
import leadRoutes from './modules/leads/routes.ts'
import legalRoutes from './modules/legal/routes.ts'
import marketplaceRoutes from './modules/marketplace/routes.ts'
import notificationRoutes from './modules/notifications/routes.ts'
import officerRoutes from './modules/officers/routes.ts'
import orderRoutes from './modules/orders/routes.ts'
import { admitVouchedRegistrant } from './modules/organizations/index.ts'
import organizationRoutes from './modules/organizations/routes.ts'
import providerRoutes from './modules/providers/routes.ts'
import ratesRoutes from './modules/rates/routes.ts'
import supportRoutes from './modules/support/routes.ts'
import systemRoutes from './modules/system/routes.ts'
import usageRoutes from './modules/usage/routes.ts'
import userRoutes from './modules/users/routes.ts'
import auth from './plugins/auth.ts'
import errorHandler from './plugins/error-handler.ts'
import rateLimiting from './plugins/rate-limit.ts'
import security, { apiSecurityHeaders } from './plugins/security.ts'
import webApp from './plugins/web-app.ts'
import realtimeRoutes from './realtime/routes.ts'
import { AccessLog, requestLogger } from './request-logging.ts'

export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * What a module must do when a module it builds on acts, handed down here since the lower one
 * cannot import it: auth's revocation ends a person's kubeconfigs (clusters), and an address
 * proven by a mailed link admits a registrant at a vouched domain (organizations). Every process
 * builds the app (a worker too), so this runs once per process; adding the same function again
 * changes nothing.
 */
function connectModules() {
  onRevokeClusterCredentials(revokeClusterCredentialsOf)
  onAddressProven(admitVouchedRegistrant)
}

/**
 * Builds the whole application from plugins and modules without listening, so tests can `inject`
 * into the real thing. Order: framework plugins, our decorators, then routes.
 */
export async function buildApp(ctx: ServerContext, options: { loggerInstance?: FastifyBaseLogger } = {}) {
  const { config } = ctx
  connectModules()
  const accessLog = new AccessLog()
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    genReqId: requestIds(),
    logController: accessLog,
    childLoggerFactory: requestLogger,
    frameworkErrors: answerFrameworkError(config.isProduction),
    // A plugin that reads the built pages at start-up can take more than the default 10 s on a
    // loaded machine; a plugin that never finishes still fails the start, a minute later.
    pluginTimeout: 60_000,
  })
  accessLog.writeTo(app.log)
  app.setValidatorCompiler(requestValidatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler(config.isProduction ? 'compiled' : 'checked'))
  acceptEmptyJsonBodies(app)
  recordRoutes(app)

  const allowedOrigins = [
    ...new Set([config.appOrigin, ...(config.isProduction ? [] : developmentOrigins(config.port))]),
  ]

  await app.register(errorHandler)
  await app.register(security, { allowedOrigins, isProduction: config.isProduction })
  await app.register(rateLimiting, {
    db: ctx.db,
    max: config.rateLimit.perIp,
    windowSeconds: config.rateLimit.windowSeconds,
  })
  const changes = await startChangeFeed(ctx.db.$client, (error, message) =>
    app.log.warn({ err: error }, message),
  )
  app.decorate('changes', changes)
  ctx.realtime.deliverAfter(() => changes.sync())
  // Read-your-writes: a change answers once this instance's caches have heard of what it wrote.
  // A hook of the routes that change things only: reads, the hot path, skip it altogether.
  const heardOwnWrites: onSendHookHandler = (_request, _reply, payload, done) => {
    changes.sync().then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  }
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return
    route.onSend = [...[route.onSend ?? []].flat(), heardOwnWrites]
  })
  const sessions = createSessionStore(ctx.db, config.sessionSecret, changes)
  app.addHook('onClose', async () => {
    await sessions.close()
    await changes.close()
  })
  await app.register(auth, {
    sessions,
    isProduction: config.isProduction,
    db: ctx.db,
    secret: config.sessionSecret,
  })
  const appCtx: AppContext = { ...ctx, changes }

  await app.register(systemRoutes, ctx)
  await app.register(authRoutes, ctx)
  await app.register(userRoutes, appCtx)
  await app.register(organizationRoutes, ctx)
  await app.register(auditRoutes, ctx)
  await app.register(gdprRoutes, ctx)
  await app.register(notificationRoutes, appCtx)
  await app.register(officerRoutes, ctx)
  await app.register(catalogRoutes, appCtx)
  await app.register(marketplaceRoutes, ctx)
  await app.register(customSolutionRoutes, ctx)
  await app.register(supportRoutes, ctx)
  await app.register(ratesRoutes, ctx)
  await app.register(dashboardRoutes, appCtx)
  await app.register(leadRoutes, ctx)
  await app.register(legalRoutes, ctx)
  await app.register(orderRoutes, ctx)
  await app.register(clusterRoutes, ctx)
  await app.register(providerRoutes, ctx)
  await app.register(billingRoutes, ctx)
  await app.register(usageRoutes, ctx)
  await app.register(realtimeRoutes, { ...ctx, allowedOrigins })
  // Signing in without a password and reading every mailed link: on this machine only.
  if (config.devRoutes) await app.register(devRoutes, ctx)
  else if (!config.isProduction)
    app.log.warn(
      `Development routes are off: HOST ${config.host} is not a loopback address (${api.development.signIn.path} and /dev/mailbox answer 404)`,
    )

  // Written from the endpoints this instance serves, once, on the first ask.
  let document: OpenApiDocument | undefined
  serve(app, api.system.openApi, async () => {
    document ??= openApiDocument(app.registeredEndpoints, { serverUrl: config.appUrl })
    return document
  })
  await app.register(webApp, {
    clientDir: config.webClientDir,
    isProduction: config.isProduction,
    allowedOrigins,
    seller: config.seller,
  })
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registers, in order (the authorization matrix checks it is complete). */
    registeredRoutes: RegisteredRoute[]
    /** The contract's endpoints the app serves, in the order registered (the OpenAPI document's). */
    registeredEndpoints: Endpoint[]
    /** What PostgreSQL says changed, heard by this instance's caches. */
    changes: ChangeFeed
  }
}

export type RegisteredRoute = { method: string; url: string; hidden: boolean; endpoint?: Endpoint }

function recordRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = []
  const endpoints: Endpoint[] = []
  app.decorate('registeredRoutes', routes)
  app.decorate('registeredEndpoints', endpoints)
  app.addHook('onRoute', (route) => {
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide)
    const endpoint = route.config?.endpoint
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, hidden, ...(endpoint ? { endpoint } : {}) })
    // Fastify adds a HEAD route of its own beside each GET, with the same config.
    if (endpoint && [route.method].flat().includes(endpoint.method)) endpoints.push(endpoint)
  })
}

/** The documented routes that serve no endpoint of the contract: none (a test holds it). */
export function routesOutsideContract(routes: readonly RegisteredRoute[]): string[] {
  return routes
    .filter((route) => !route.hidden && !route.endpoint && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`)
}

/**
 * Fastify rejects a malformed URL escape or an over-long path itself, before hooks run: answer
 * those in our error shape, with the security headers the hooks would have added.
 */
function answerFrameworkError(isProduction: boolean): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const headers = apiSecurityHeaders(isProduction)
  return (error, _request, reply: FastifyReply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
    reply
      .headers(headers)
      .status(status)
      .send({ message: status === 414 ? 'The URL is too long' : 'The URL is malformed', code: 'BAD_URL' })
  }
}

/**
 * The web app sends `Content-Type: application/json` on body-less calls such as logout; an empty
 * body then means "no body" instead of a JSON syntax error.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })
}

/**
 * Request ids for the logs: this process's random prefix and a counter, unique across instances
 * and far cheaper than a random UUID per request.
 */
function requestIds(): () => string {
  const instance = randomBytes(4).toString('hex')
  let count = 0
  return () => `${instance}-${(++count).toString(36)}`
}

/** Outside production the app is reached as localhost and 127.0.0.1 alike. */
function developmentOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
}
