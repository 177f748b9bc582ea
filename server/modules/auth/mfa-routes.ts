import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { confirmMfaEnrolment, disableMfa, regenerateRecoveryCodes, startMfaEnrolment } from './mfa.ts'

const endpoints = api.auth

/** The signed-in person's second factor: an authenticator app and its recovery codes. */
export default async function mfaRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.setUpMfa, async (request) =>
    startMfaEnrolment(ctx, callerOf(request), request.body.password),
  )

  serve(app, endpoints.enableMfa, async (request) => ({
    recoveryCodes: await confirmMfaEnrolment(ctx, callerOf(request), request.body.code),
  }))

  serve(app, endpoints.regenerateRecoveryCodes, async (request) => ({
    recoveryCodes: await regenerateRecoveryCodes(ctx, callerOf(request), request.body.password),
  }))

  serve(app, endpoints.disableMfa, async (request) => {
    await disableMfa(ctx, callerOf(request), request.body.password, request.body.code)
    return { message: 'Two-factor authentication is off' }
  })
}
