import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { organizationOf } from '#server/modules/billing/index.ts'
import { usageCsv, usageOf } from './service.ts'

/** The organization's metered usage: every member reads it. */
export default async function usageRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { rates } = ctx

  serve(app, api.usage.get, async (request) =>
    usageOf(
      ctx.db,
      await organizationOf(ctx.db, callerOf(request).organizationId),
      request.query.month,
      new Date(),
      (await rates.current()).rates,
    ),
  )

  serve(app, api.usage.csv, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usage-${request.query.month}.csv"`)
      .send(await usageCsv(ctx.db, callerOf(request).organizationId, request.query.month)),
  )
}
