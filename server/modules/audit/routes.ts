import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { auditCsv, listAuditEntries } from './log.ts'

/** The audit log: admins read their organization's, super_admin every organization's. */
export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.audit.list, async (request) => listAuditEntries(ctx.db, callerOf(request), request.query))

  serve(app, api.audit.csv, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(await auditCsv(ctx.db, callerOf(request), request.query)),
  )
}
