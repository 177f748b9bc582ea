import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { listSessions, revokeOtherSessions, revokeSession } from './account-sessions.ts'
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts'
import { changePassword, requestEmailChange } from './credentials.ts'

const endpoints = api.account

/** The signed-in person's own ways in: API tokens, password, address and sessions. */
export default async function accountCredentialRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.tokens, async (request) => ({ items: await listApiTokens(ctx.db, request.user.id) }))
  serve(app, endpoints.createToken, async (request, reply) =>
    reply.status(201).send(await createApiToken(ctx, callerOf(request), request.body)),
  )
  serve(app, endpoints.revokeToken, async (request, reply) => {
    await revokeApiToken(ctx, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.changePassword, async (request, reply) => {
    await changePassword(ctx, callerOf(request), request.body.currentPassword, request.body.password)
    return reply.status(204).send(null)
  })
  serve(app, endpoints.changeEmail, async (request, reply) => {
    await requestEmailChange(ctx, callerOf(request), request.body.password, request.body.email)
    return reply.status(202).send({ message: 'Open the link we sent to the new address to confirm it.' })
  })

  serve(app, endpoints.sessions, async (request) => ({
    items: await listSessions(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.revokeSession, async (request, reply) => {
    await revokeSession(ctx.db, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })
  serve(app, endpoints.revokeOtherSessions, async (request, reply) => {
    await revokeOtherSessions(ctx.db, callerOf(request))
    return reply.status(204).send(null)
  })
}
