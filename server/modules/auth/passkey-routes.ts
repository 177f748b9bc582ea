import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  mfaRequiredSchema,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
  userSchema,
  webauthnOptionsSchema,
} from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, guessableRoute, sessionMeta } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys.ts'

const idParams = z.object({ id: z.uuid() })
const tags = ['auth']

/** Passkeys: the signed-in person's own, and signing in with one. */
export default async function passkeyRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(ownPasskeyRoutes, ctx)
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/api/login/passkey/options', {
    config: guessableRoute,
    schema: {
      tags,
      summary: 'A challenge for signing in with a passkey (used once, within five minutes)',
      response: {
        200: z.object({ challengeId: z.uuid(), options: webauthnOptionsSchema }),
        ...errorResponses(429),
      },
    },
    handler: async () => authenticationOptions(ctx),
  })

  api.post('/api/login/passkey', {
    config: guessableRoute,
    schema: {
      tags,
      summary:
        'Sign in with a passkey instead of a password; without user verification an account with two-factor authentication gives its code next',
      body: passkeySignInSchema,
      response: { 200: z.union([userSchema, mfaRequiredSchema]), ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      const result = await signInWithPasskey(
        ctx,
        request.body.challengeId,
        request.body.response as unknown as AuthenticationResponseJSON,
        sessionMeta(request),
      )
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
    },
  })
}

async function ownPasskeyRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/auth/passkeys', {
    schema: {
      tags,
      summary: "The signed-in person's passkeys",
      response: { 200: z.object({ items: z.array(passkeySchema) }), ...errorResponses(401) },
    },
    handler: async (request) => ({ items: await listPasskeys(ctx.db, request.user.id) }),
  })

  api.post('/api/auth/passkeys/options', {
    schema: {
      tags,
      summary: 'The options for the browser to create a new passkey',
      response: { 200: webauthnOptionsSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => registrationOptions(ctx, callerOf(request)),
  })

  api.post('/api/auth/passkeys', {
    schema: {
      tags,
      summary: "Register the browser's new passkey under a name",
      body: passkeyRegistrationSchema,
      response: { 201: passkeySchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
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
  })

  api.patch('/api/auth/passkeys/:id', {
    schema: {
      tags,
      summary: 'Rename a passkey',
      params: idParams,
      body: passkeyNameSchema,
      response: { 200: passkeySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      renamePasskey(ctx.db, callerOf(request), request.params.id, request.body.name),
  })

  api.delete('/api/auth/passkeys/:id', {
    schema: {
      tags,
      summary: 'Remove a passkey: it no longer signs in',
      params: idParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removePasskey(ctx, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })
}
