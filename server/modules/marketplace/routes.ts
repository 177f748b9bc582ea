import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
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

const endpoints = api.marketplace

/**
 * Products on the organization's clusters: check, quote and order an installation, then list,
 * read, upgrade, reconfigure, roll back, retry and uninstall it — plain calls a script or a
 * Terraform provider can manage installations with.
 */
export default async function marketplaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Quotes preview the invoice and orders are weighed against the credit limit, both in the
  // organization's billing currency.
  const { rates } = ctx

  /** A change was accepted: the installation as it stands now, its operation under way. */
  const accepted = async (request: FastifyRequest, reply: FastifyReply, id: string) =>
    reply.status(202).send(await findInstallation(ctx.db, callerOf(request), id))

  serve(app, endpoints.check, async (request) => {
    const checked = await checkInstall(ctx.db, callerOf(request), request.params.id, request.body)
    return { settings: checked.settings, monthlyPriceCents: checked.monthlyPriceCents }
  })
  serve(app, endpoints.quote, async (request) =>
    quoteInstallationOrder(ctx, callerOf(request), request.body, (await rates.current()).rates),
  )
  serve(app, endpoints.install, async (request, reply) => {
    const placed = await placeInstallationOrder(
      ctx,
      callerOf(request),
      request.body,
      request.headers['idempotency-key'],
      (await rates.current()).rates,
    )
    reply.status(placed.created ? 201 : 200)
    return placed.order
  })

  serve(app, endpoints.installations, async (request) => ({
    items: await listInstallations(ctx.db, callerOf(request), request.query),
  }))
  serve(app, endpoints.installation, async (request) =>
    findInstallation(ctx.db, callerOf(request), request.params.id),
  )

  serve(app, endpoints.upgrade, async (request, reply) => {
    await upgradeInstallation(
      ctx,
      callerOf(request),
      request.params.id,
      request.body.version,
      request.body.settings,
    )
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.reconfigure, async (request, reply) => {
    await reconfigureInstallation(ctx, callerOf(request), request.params.id, request.body.settings)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.rollBack, async (request, reply) => {
    await rollBackInstallation(ctx, callerOf(request), request.params.id)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.retry, async (request, reply) => {
    await retryInstallation(ctx, callerOf(request), request.params.id)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.uninstall, async (request, reply) => {
    await uninstallInstallation(ctx, callerOf(request), request.params.id, request.body.confirmName)
    return accepted(request, reply, request.params.id)
  })

  serve(app, endpoints.revealCredentials, async (request) =>
    revealCredentials(ctx, callerOf(request), request.params.id, request.body.password),
  )
  serve(app, endpoints.rotateCredentials, async (request, reply) => {
    await rotateCredentials(ctx, callerOf(request), request.params.id)
    return accepted(request, reply, request.params.id)
  })
}
