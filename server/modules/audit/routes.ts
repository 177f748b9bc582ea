import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { auditEntrySchema, auditQuerySchema } from '#common/schemas/accounts.ts'
import { pageSchema } from '#common/schemas/pagination.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireAdmin } from '#server/plugins/auth.ts'
import { auditCsv, listAuditEntries } from './log.ts'

const tags = ['organization']
const csvQuery = auditQuerySchema.omit({ limit: true, cursor: true })

/** The audit log: admins read their organization's, super_admin every organization's. */
export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireAdmin)

  api.get('/api/audit', {
    schema: {
      tags,
      summary: 'Audit entries, newest first, filtered by action, actor and days',
      querystring: auditQuerySchema,
      response: { 200: pageSchema(auditEntrySchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listAuditEntries(ctx.db, callerOf(request), request.query),
  })

  api.get('/api/audit/csv', {
    schema: {
      tags,
      summary: 'The filtered audit log as CSV (at most 10,000 entries)',
      querystring: csvQuery,
      response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(await auditCsv(ctx.db, callerOf(request), request.query)),
  })
}
