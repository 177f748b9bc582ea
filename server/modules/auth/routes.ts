import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '#common/contract/index.ts'
import { tokenSchema } from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import { HttpError, unauthorized } from '#server/lib/errors.ts'
import { sessionMeta } from '#server/lib/http.ts'
import { type RequestOf, serve } from '#server/lib/serve.ts'
import accountCredentialRoutes from './account-routes.ts'
import { confirmEmailChange } from './credentials.ts'
import {
  requestMagicLink,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithMagicLink,
  verifyEmail,
} from './email-links.ts'
import mfaRoutes from './mfa-routes.ts'
import passkeyRoutes from './passkey-routes.ts'
import { completeMfaLogin, login } from './service.ts'
import { deleteSession } from './sessions.ts'

const endpoints = api.auth

/**
 * Signing in and out and proving an address; the signed-in person's second factor, passkeys and
 * other ways in are served by the routes registered here too. Registering is the organizations
 * module's (it founds or joins an organization).
 */
export default async function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(mfaRoutes, ctx)
  await app.register(passkeyRoutes, ctx)
  await app.register(accountCredentialRoutes, ctx)

  serve(app, endpoints.login, async (request, reply) => {
    const result = await login(ctx, request.body, sessionMeta(request))
    await endCurrentSession(request)
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
  })

  serve(app, endpoints.loginWithMfaCode, async (request, reply) => {
    const result = await completeMfaLogin(
      ctx,
      await request.loadSession(),
      { code: request.body.code },
      sessionMeta(request),
    )
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.user
  })

  serve(app, endpoints.loginWithRecoveryCode, async (request, reply) => {
    const result = await completeMfaLogin(
      ctx,
      await request.loadSession(),
      { recoveryCode: request.body.code },
      sessionMeta(request),
    )
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.user
  })

  serve(app, endpoints.logout, async (request, reply) => {
    await endCurrentSession(request)
    reply.clearSessionCookie()
    return { message: 'Logged out' }
  })

  serve(app, endpoints.resendVerification, async (request) => {
    await resendVerification(ctx, request.body.email)
    return {
      message: 'If this address belongs to an unverified account, a new verification link is on its way.',
    }
  })

  /**
   * A link in mail that proves an address opens the API, which records the proof and sends the
   * browser to the result page (docs/decisions/003-mail-links.md).
   */
  const openMailedLink =
    (prove: (ctx: ServerContext, token: string) => Promise<unknown>) =>
    async (request: RequestOf<typeof endpoints.verifyEmail>, reply: FastifyReply) => {
      const parsed = tokenSchema.safeParse(request.query.token)
      let status: 'verified' | 'invalid' = 'verified'
      try {
        if (!parsed.success) throw unauthorized()
        await prove(ctx, parsed.data)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        status = 'invalid'
      }
      if (prefersJson(request)) return reply.send({ status })
      return reply.redirect(`/verify-email?status=${status}`, 303)
    }
  serve(app, endpoints.verifyEmail, openMailedLink(verifyEmail))
  serve(app, endpoints.confirmEmail, openMailedLink(confirmEmailChange))

  serve(app, endpoints.forgotPassword, async (request) => {
    await requestPasswordReset(ctx, request.body.email)
    return { message: 'If an account uses this address, a link to reset the password is on its way.' }
  })

  serve(app, endpoints.resetPassword, async (request) => {
    await resetPassword(ctx, request.body.token, request.body.password)
    return { message: 'Your password has been changed. Please sign in with it.' }
  })

  serve(app, endpoints.requestMagicLink, async (request) => {
    await requestMagicLink(ctx, request.body.email)
    return { message: 'If an account uses this address, a sign-in link is on its way.' }
  })

  serve(app, endpoints.loginWithMagicLink, async (request, reply) => {
    const result = await signInWithMagicLink(ctx, request.body.token, sessionMeta(request))
    await endCurrentSession(request)
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.kind === 'mfa-required' ? { mfaRequired: true as const } : result.user
  })

  /** Signing in (again) starts a new session; the old one ends once the new one exists. */
  async function endCurrentSession(request: FastifyRequest) {
    const current = await request.loadSession()
    if (current) await deleteSession(ctx.db, current.idHash)
  }
}

/** A client that names JSON before HTML in its Accept header (a browser names HTML first). */
function prefersJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  const json = accept.indexOf('application/json')
  const html = accept.indexOf('text/html')
  return json >= 0 && (html < 0 || json < html)
}
