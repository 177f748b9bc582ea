import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  erasureRequestSchema,
  gdprDecisionSchema,
  gdprRequestSchema,
  officerGdprRequestSchema,
} from '#common/schemas/gdpr.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireOfficer, requireUser } from '#server/plugins/auth.ts'
import {
  decideErasure,
  exportArchive,
  extendErasure,
  listErasuresForOfficers,
  listOwnRequests,
  requestErasure,
  requestExport,
} from './requests.ts'

const idParams = z.object({ id: z.uuid() })
const tags = ['gdpr']

/** Requests under the GDPR: a person's own, and the officers' erasure queue. */
export default async function gdprRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(ownRoutes, ctx)
  await app.register(officerRoutes, ctx)
}

async function ownRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/user/gdpr', {
    schema: {
      tags,
      summary: "The signed-in person's export and erasure requests",
      response: { 200: z.object({ items: z.array(gdprRequestSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listOwnRequests(ctx.db, callerOf(request)) }),
  })

  api.post('/api/user/gdpr/export', {
    schema: {
      tags,
      summary: 'Ask for an export of everything about you: a ZIP built in the background',
      response: { 201: gdprRequestSchema, ...errorResponses(401, 403, 409) },
    },
    handler: async (request, reply) => reply.status(201).send(await requestExport(ctx, callerOf(request))),
  })

  api.get('/api/user/gdpr/:id/archive', {
    schema: {
      tags,
      summary: 'Download an export (for 7 days, signed in as its owner)',
      params: idParams,
      response: { 200: z.string().describe('ZIP'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="clusterdeck-data-export.zip"')
        // A Buffer goes out as it is, past the response serializer the schema's type is for.
        .send((await exportArchive(ctx.db, callerOf(request), request.params.id)) as unknown as string),
  })

  api.post('/api/user/gdpr/erasure', {
    schema: {
      tags,
      summary: 'Ask for your account to be erased: officers answer within a month',
      body: erasureRequestSchema,
      response: { 201: gdprRequestSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await requestErasure(ctx, callerOf(request), request.body.reason)),
  })
}

async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireOfficer)

  api.get('/api/officers/gdpr-requests', {
    schema: {
      tags,
      summary: 'Erasure requests waiting, nearest deadline first, each with what it deletes and keeps',
      response: { 200: z.object({ items: z.array(officerGdprRequestSchema) }), ...errorResponses(401, 403) },
    },
    handler: async () => ({ items: await listErasuresForOfficers(ctx.db) }),
  })

  api.post('/api/officers/gdpr-requests/:id/approve', {
    schema: {
      tags,
      summary: 'Erase the account (409 while its organization has unpaid invoices)',
      params: idParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await decideErasure(ctx, callerOf(request), request.params.id, true, null)
      return reply.status(204).send(null)
    },
  })

  api.post('/api/officers/gdpr-requests/:id/refuse', {
    schema: {
      tags,
      summary: 'Refuse the erasure, with the reason mailed to the person',
      params: idParams,
      body: gdprDecisionSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await decideErasure(ctx, callerOf(request), request.params.id, false, request.body.reason)
      return reply.status(204).send(null)
    },
  })

  api.post('/api/officers/gdpr-requests/:id/extend', {
    schema: {
      tags,
      summary: 'Extend the deadline by two months, once, with the reason mailed to the person',
      params: idParams,
      body: gdprDecisionSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await extendErasure(ctx, callerOf(request), request.params.id, request.body.reason)
      return reply.status(204).send(null)
    },
  })
}
