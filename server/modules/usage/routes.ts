import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { usageQuerySchema, usageSchema } from '#common/schemas/billing.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { organizationOf } from '#server/modules/billing/service.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember } from '#server/plugins/auth.ts'
import { usageCsv, usageOf } from './service.ts'

const csvQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) })

/** The organization's metered usage: every member reads it. */
export default async function usageRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })

  api.get('/api/usage', {
    schema: {
      tags: ['usage'],
      summary: "A month's cost per day, by kind and by cluster, with the forecast for the current month",
      querystring: usageQuerySchema,
      response: { 200: usageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      usageOf(
        ctx.db,
        await organizationOf(ctx.db, callerOf(request).organizationId),
        request.query.month,
        new Date(),
        (await rates.current()).rates,
      ),
  })

  api.get('/api/usage/csv', {
    schema: {
      tags: ['usage'],
      summary: "A month's usage records as CSV",
      querystring: csvQuery,
      response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${request.query.month}.csv"`)
        .send(await usageCsv(ctx.db, callerOf(request).organizationId, request.query.month)),
  })
}
