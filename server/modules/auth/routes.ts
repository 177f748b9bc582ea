import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  emailRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  mfaCodeSchema,
  mfaRequiredSchema,
  recoveryCodeSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  tokenSchema,
  userSchema,
} from '#common/schemas/auth.ts'
import { messageResponseSchema } from '#common/schemas/errors.ts'
import type { ServerContext } from '#server/context.ts'
import { HttpError, unauthorized } from '#server/lib/errors.ts'
import { errorResponses, guessableRoute, sessionMeta } from '#server/lib/http.ts'
import { confirmEmailChange } from '#server/modules/users/credentials.ts'
import {
  requestMagicLink,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithMagicLink,
  verifyEmail,
} from './email-links.ts'
import { completeMfaLogin, login, register } from './service.ts'
import { deleteSession } from './sessions.ts'

export default async function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/api/login', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with username or email and password',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      const result = await login(ctx, request.body, sessionMeta(request))
      await endCurrentSession(request)
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
    },
  })

  api.post('/api/login/mfa', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Complete a sign-in with the code of the authenticator app',
      body: mfaCodeSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      const result = await completeMfaLogin(
        ctx,
        await request.loadSession(),
        { code: request.body.code },
        sessionMeta(request),
      )
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.user
    },
  })

  api.post('/api/login/recovery-code', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Complete a sign-in with one of the recovery codes instead of the authenticator',
      body: recoveryCodeSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      const result = await completeMfaLogin(
        ctx,
        await request.loadSession(),
        { recoveryCode: request.body.code },
        sessionMeta(request),
      )
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.user
    },
  })

  api.post('/api/register', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Create an account (and its organization, or a request to join one) and sign in',
      body: registerRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      const result = await register(ctx, request.body, sessionMeta(request))
      await endCurrentSession(request)
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.user
    },
  })

  api.post('/api/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Sign out',
      response: { 200: messageResponseSchema, ...errorResponses(403) },
    },
    handler: async (request, reply) => {
      await endCurrentSession(request)
      reply.clearSessionCookie()
      return { message: 'Logged out' }
    },
  })

  api.post('/api/auth/resend-verification', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Send the email verification link again',
      body: emailRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
    },
    handler: async (request) => {
      await resendVerification(ctx, request.body.email)
      return {
        message: 'If this address belongs to an unverified account, a new verification link is on its way.',
      }
    },
  })

  /**
   * A link in mail that proves an address opens the API, which records the proof and sends the
   * browser to the result page (docs/decisions/003-mail-links.md).
   */
  const mailedAddressLinks = [
    {
      url: '/api/auth/verify-email',
      summary: 'The link of the verification mail: verifies the address and opens the result page',
      prove: verifyEmail,
    },
    {
      url: '/api/auth/confirm-email',
      summary: 'The link of an address change: the account takes the new address and the result page opens',
      prove: confirmEmailChange,
    },
  ]
  for (const { url, summary, prove } of mailedAddressLinks)
    api.get(url, {
      schema: {
        tags: ['auth'],
        summary,
        querystring: z.object({ token: z.string().max(500).optional() }),
        response: { 303: z.null() },
      },
      handler: async (request, reply) => {
        const parsed = tokenSchema.safeParse(request.query.token)
        let status = 'verified'
        try {
          if (!parsed.success) throw unauthorized()
          await prove(ctx, parsed.data)
        } catch (error) {
          if (!(error instanceof HttpError)) throw error
          status = 'invalid'
        }
        return reply.redirect(`/verify-email?status=${status}`, 303)
      },
    })

  api.post('/api/auth/forgot-password', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Mail a password reset link',
      body: emailRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
    },
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body.email)
      return { message: 'If an account uses this address, a link to reset the password is on its way.' }
    },
  })

  api.post('/api/auth/reset-password', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the token of a reset link',
      body: resetPasswordRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 403, 422, 429) },
    },
    handler: async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password)
      return { message: 'Your password has been changed. Please sign in with it.' }
    },
  })

  api.post('/api/auth/magic-link', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Mail a one-time sign-in link',
      body: emailRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
    },
    handler: async (request) => {
      await requestMagicLink(ctx, request.body.email)
      return { message: 'If an account uses this address, a sign-in link is on its way.' }
    },
  })

  api.post('/api/auth/magic-link/verify', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with the token of a magic link',
      body: tokenRequestSchema,
      response: { 200: z.union([userSchema, mfaRequiredSchema]), ...errorResponses(400, 403, 429) },
    },
    handler: async (request, reply) => {
      const result = await signInWithMagicLink(ctx, request.body.token, sessionMeta(request))
      await endCurrentSession(request)
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
    },
  })

  /** Signing in (again) starts a new session; the old one ends once the new one exists. */
  async function endCurrentSession(request: FastifyRequest) {
    const current = await request.loadSession()
    if (current) await deleteSession(ctx.db, current.idHash)
  }
}
