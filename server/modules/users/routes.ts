import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountSessionSchema,
  apiTokenRequestSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  notificationPreferencesSchema,
  preferencesSchema,
  profileRequestSchema,
  promotionAskSchema,
  promotionRequestSchema,
} from '#common/schemas/accounts.ts'
import {
  emailChangeSchema,
  languageRequestSchema,
  passwordChangeSchema,
  userSchema,
} from '#common/schemas/auth.ts'
import { messageResponseSchema } from '#common/schemas/errors.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, guessableRoute } from '#server/lib/http.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '#server/modules/auth/api-tokens.ts'
import { askForPromotion, myPromotionRequest } from '#server/modules/organizations/approvals.ts'
import { requireMember, requireUser } from '#server/plugins/auth.ts'
import {
  listSessions,
  notificationPreferences,
  revokeOtherSessions,
  revokeSession,
  updateNotificationPreferences,
  updatePreferences,
  updateProfile,
} from './account.ts'
import { changePassword, requestEmailChange } from './credentials.ts'
import { toUserResponse } from './queries.ts'
import { setLanguage } from './service.ts'

/** Answers of GET /api/user kept per instance, one per signed-in person. */
const CACHED_ACCOUNTS = 20_000

/** The signed-in person's own account. */
export default async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const accounts = answerCache(ctx.changes, CACHED_ACCOUNTS)
  api.addHook('preValidation', requireUser)

  api.get('/api/user', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      response: { 200: userSchema, 304: z.void(), ...errorResponses(401) },
    },
    handler: async (request, reply) => {
      const { id, organizationId } = request.user
      return sendCachedAnswer(request, reply, accounts, {
        key: id,
        topics: [`user:${id}`, `organization:${organizationId}`],
        load: async () => toUserResponse(request.user),
      })
    },
  })

  api.put('/api/user/language', {
    schema: {
      tags: ['auth'],
      summary: "The signed-in user's language, for the mails they get",
      body: languageRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => setLanguage(ctx.db, request.user.id, request.body.language),
  })

  api.patch('/api/user', {
    schema: {
      tags: ['account'],
      summary: "The signed-in user's name",
      body: profileRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => updateProfile(ctx.db, callerOf(request), request.body.name),
  })

  api.get('/api/user/tokens', {
    schema: {
      tags: ['account'],
      summary: "The signed-in user's API tokens still valid (never the tokens themselves)",
      response: { 200: z.object({ items: z.array(apiTokenSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listApiTokens(ctx.db, request.user.id) }),
  })

  api.post('/api/user/tokens', {
    schema: {
      tags: ['account'],
      summary: 'Create a personal API token: its scopes never exceed your role; shown in this answer only',
      body: apiTokenRequestSchema,
      response: { 201: createdApiTokenSchema, ...errorResponses(400, 401, 403, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createApiToken(ctx, callerOf(request), request.body)),
  })

  api.delete('/api/user/tokens/:id', {
    schema: {
      tags: ['account'],
      summary: 'Revoke an API token: it stops at once',
      params: z.object({ id: z.uuid() }),
      response: { 204: z.null(), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeApiToken(ctx, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })

  api.post('/api/user/password', {
    config: guessableRoute,
    schema: {
      tags: ['account'],
      summary: 'Change the password (the current one first): every other session ends',
      body: passwordChangeSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 422, 429) },
    },
    handler: async (request, reply) => {
      await changePassword(ctx, callerOf(request), request.body.currentPassword, request.body.password)
      return reply.status(204).send(null)
    },
  })

  api.post('/api/user/email', {
    config: guessableRoute,
    schema: {
      tags: ['account'],
      summary: 'Change the address (the password first): a link confirms the new one, the old one is told',
      body: emailChangeSchema,
      response: { 202: messageResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request, reply) => {
      await requestEmailChange(ctx, callerOf(request), request.body.password, request.body.email)
      return reply.status(202).send({ message: 'Open the link we sent to the new address to confirm it.' })
    },
  })

  api.put('/api/user/preferences', {
    schema: {
      tags: ['account'],
      summary: 'Theme, currency, billing cycle and language, applied on any browser the person signs in from',
      body: preferencesSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => updatePreferences(ctx.db, callerOf(request), request.body),
  })

  api.get('/api/user/notification-preferences', {
    schema: {
      tags: ['account'],
      summary: 'Which events reach the person by email and in the app',
      response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => notificationPreferences(ctx.db, request.user.id),
  })

  api.put('/api/user/notification-preferences', {
    schema: {
      tags: ['account'],
      summary: 'Choose which events reach the person by email and in the app',
      body: notificationPreferencesSchema,
      response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => updateNotificationPreferences(ctx.db, callerOf(request), request.body),
  })

  api.get('/api/user/sessions', {
    schema: {
      tags: ['account'],
      summary: 'Where the signed-in user is signed in, the current session marked',
      response: { 200: z.object({ items: z.array(accountSessionSchema) }), ...errorResponses(401) },
    },
    handler: async (request) => ({ items: await listSessions(ctx.db, callerOf(request)) }),
  })

  api.delete('/api/user/sessions/:id', {
    schema: {
      tags: ['account'],
      summary: 'Sign out one session',
      params: z.object({ id: z.uuid() }),
      response: { 204: z.null(), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeSession(ctx.db, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })

  api.post('/api/user/sessions/revoke-others', {
    schema: {
      tags: ['account'],
      summary: 'Sign out every session but this one',
      response: { 204: z.null(), ...errorResponses(401, 403) },
    },
    handler: async (request, reply) => {
      await revokeOtherSessions(ctx.db, callerOf(request))
      return reply.status(204).send(null)
    },
  })

  await app.register(async (memberApp) => {
    const member = memberApp.withTypeProvider<ZodTypeProvider>()
    member.addHook('preValidation', requireMember)

    member.get('/api/user/promotion-request', {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's latest request to become an admin",
        response: {
          200: z.object({ request: promotionRequestSchema.nullable() }),
          ...errorResponses(401, 403),
        },
      },
      handler: async (request) => ({ request: await myPromotionRequest(ctx.db, callerOf(request)) }),
    })

    member.post('/api/user/promotion-request', {
      schema: {
        tags: ['account'],
        summary: "Ask the organization's admins to become an admin, with a reason",
        body: promotionAskSchema,
        response: { 201: promotionRequestSchema, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await askForPromotion(ctx, callerOf(request), request.body.reason)),
    })
  })
}
