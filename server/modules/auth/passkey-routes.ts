import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { sessionMeta } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys.ts'

const endpoints = api.auth

/** Passkeys: the signed-in person's own, and signing in with one. */
export default async function passkeyRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.passkeyLoginOptions, async () => authenticationOptions(ctx))

  serve(app, endpoints.loginWithPasskey, async (request, reply) => {
    const result = await signInWithPasskey(
      ctx,
      request.body.challengeId,
      request.body.response as unknown as AuthenticationResponseJSON,
      sessionMeta(request),
    )
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
  })

  serve(app, endpoints.passkeys, async (request) => ({ items: await listPasskeys(ctx.db, request.user.id) }))

  serve(app, endpoints.passkeyRegistrationOptions, async (request) =>
    registrationOptions(ctx, callerOf(request)),
  )

  serve(app, endpoints.registerPasskey, async (request, reply) =>
    reply
      .status(201)
      .send(
        await registerPasskey(
          ctx,
          callerOf(request),
          request.body.name,
          request.body.response as unknown as RegistrationResponseJSON,
        ),
      ),
  )

  serve(app, endpoints.renamePasskey, async (request) =>
    renamePasskey(ctx.db, callerOf(request), request.params.id, request.body.name),
  )

  serve(app, endpoints.removePasskey, async (request, reply) => {
    await removePasskey(ctx, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })
}
