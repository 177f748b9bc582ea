import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderQuoteSchema, orderSchema } from '#common/schemas/clusters.ts'
import {
  connectionCredentialsSchema,
  installationListQuerySchema,
  installationOrderRequestSchema,
  installationSchema,
  installationSummarySchema,
  reconfigureInstallationSchema,
  revealCredentialsSchema,
  uninstallInstallationSchema,
  upgradeInstallationSchema,
} from '#common/schemas/installations.ts'
import { installCheckSchema, installRequestSchema } from '#common/schemas/products.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, guessableRoute, idempotencyHeaders } from '#server/lib/http.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember } from '#server/plugins/auth.ts'
import {
  reconfigureInstallation,
  retryInstallation,
  revealCredentials,
  rollBackInstallation,
  rotateCredentials,
  uninstallInstallation,
  upgradeInstallation,
} from './changes.ts'
import { findInstallation, listInstallations } from './installations.ts'
import { checkInstall, placeInstallationOrder, quoteInstallationOrder } from './service.ts'

const idParams = z.object({ id: z.uuid() })
const accepted = { 202: installationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) }

/**
 * Products on the organization's clusters: check, quote and order an installation, then list,
 * read, upgrade, reconfigure, roll back, retry and uninstall it — plain calls a script or a
 * Terraform provider can manage installations with.
 */
export default async function marketplaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)
  // Quotes preview the invoice and orders are weighed against the credit limit, both in the
  // organization's billing currency.
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })

  /** A change was accepted: the installation as it stands now, its operation under way. */
  const acceptedInstallation = async (request: FastifyRequest, id: string, reply: FastifyReply) =>
    reply.status(202).send(await findInstallation(ctx.db, callerOf(request), id))

  api.post('/api/products/:id/check', {
    schema: {
      tags: ['marketplace'],
      summary: 'Check an installation before ordering it: the settings with their defaults and the price',
      description:
        '400 names each setting at fault against the product’s JSON Schema; 422 says why the cluster or the catalog cannot take it (type, Kubernetes version, state, capacity, plan, version, namespace).',
      params: z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) }),
      body: installRequestSchema,
      response: { 200: installCheckSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request) => {
      const checked = await checkInstall(ctx.db, callerOf(request), request.params.id, request.body)
      return { settings: checked.settings, monthlyPriceCents: checked.monthlyPriceCents }
    },
  })

  api.post('/api/installations/quote', {
    schema: {
      tags: ['marketplace'],
      summary:
        "The server's price of a product order, with the promotion applied or refused, and what its invoice will charge",
      description:
        "`invoice` is in the organization's billing currency at today's rate: its credits used first, VAT by its country and VAT number, and the ways to pay the rest.",
      body: installationOrderRequestSchema,
      response: { 200: orderQuoteSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request) =>
      quoteInstallationOrder(ctx, callerOf(request), request.body, (await rates.current()).rates),
  })

  api.post('/api/installations', {
    schema: {
      tags: ['marketplace'],
      summary: 'Order a product onto a cluster (install it)',
      description:
        'Needs an Idempotency-Key header: the same key and body return the same order (200). The order names the installation it created (`installationId`); an order above the credit limit waits for an officer first.',
      headers: idempotencyHeaders,
      body: installationOrderRequestSchema,
      response: { 200: orderSchema, 201: orderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const placed = await placeInstallationOrder(
        ctx,
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
        (await rates.current()).rates,
      )
      reply.status(placed.created ? 201 : 200)
      return placed.order
    },
  })

  api.get('/api/installations', {
    schema: {
      tags: ['marketplace'],
      summary: "The organization's installations, of a kind, status or cluster",
      querystring: installationListQuerySchema,
      response: {
        200: z.object({ items: z.array(installationSummarySchema) }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({
      items: await listInstallations(ctx.db, callerOf(request), request.query),
    }),
  })

  api.get('/api/installations/:id', {
    schema: {
      tags: ['marketplace'],
      summary: 'One installation: status, settings, version, connection details and its operations',
      params: idParams,
      response: { 200: installationSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => findInstallation(ctx.db, callerOf(request), request.params.id),
  })

  api.post('/api/installations/:id/upgrade', {
    schema: {
      tags: ['marketplace'],
      summary: 'Upgrade to a newer version offered by the catalog',
      params: idParams,
      body: upgradeInstallationSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await upgradeInstallation(
        ctx,
        callerOf(request),
        request.params.id,
        request.body.version,
        request.body.settings,
      )
      return acceptedInstallation(request, request.params.id, reply)
    },
  })

  api.post('/api/installations/:id/reconfigure', {
    schema: {
      tags: ['marketplace'],
      summary: 'Apply new settings (checked against the product’s JSON Schema)',
      params: idParams,
      body: reconfigureInstallationSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await reconfigureInstallation(ctx, callerOf(request), request.params.id, request.body.settings)
      return acceptedInstallation(request, request.params.id, reply)
    },
  })

  api.post('/api/installations/:id/rollback', {
    schema: {
      tags: ['marketplace'],
      summary: 'Go back to the version and settings before the last upgrade',
      params: idParams,
      response: accepted,
    },
    handler: async (request, reply) => {
      await rollBackInstallation(ctx, callerOf(request), request.params.id)
      return acceptedInstallation(request, request.params.id, reply)
    },
  })

  api.post('/api/installations/:id/retry', {
    schema: {
      tags: ['marketplace'],
      summary: 'Resume a failed operation from the step that failed',
      params: idParams,
      response: accepted,
    },
    handler: async (request, reply) => {
      await retryInstallation(ctx, callerOf(request), request.params.id)
      return acceptedInstallation(request, request.params.id, reply)
    },
  })

  api.delete('/api/installations/:id', {
    schema: {
      tags: ['marketplace'],
      summary: "Uninstall; the body repeats the product's name to confirm",
      params: idParams,
      body: uninstallInstallationSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await uninstallInstallation(ctx, callerOf(request), request.params.id, request.body.confirmName)
      return acceptedInstallation(request, request.params.id, reply)
    },
  })

  api.post('/api/installations/:id/credentials/reveal', {
    config: guessableRoute,
    schema: {
      tags: ['marketplace'],
      summary: 'The connection password, after the caller types their own password again',
      params: idParams,
      body: revealCredentialsSchema,
      response: { 200: connectionCredentialsSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) =>
      revealCredentials(ctx, callerOf(request), request.params.id, request.body.password),
  })

  api.post('/api/installations/:id/credentials/rotate', {
    schema: {
      tags: ['marketplace'],
      summary: 'Replace the connection password; the release is reconfigured with it',
      params: idParams,
      response: accepted,
    },
    handler: async (request, reply) => {
      await rotateCredentials(ctx, callerOf(request), request.params.id)
      return acceptedInstallation(request, request.params.id, reply)
    },
  })
}
