import type { FastifyInstance, FastifyRequest } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { sessionMeta } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import { deleteSession } from '#server/modules/auth/index.ts'
import {
  askForPromotion,
  decidePromotion,
  decideRegistration,
  listPromotionRequests,
  listRegistrations,
  myPromotionRequest,
} from './approvals.ts'
import {
  acceptInvitation,
  invite,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts'
import { changeRole, listMembers, removeMember, setActive } from './members.ts'
import { register } from './registration.ts'
import {
  listOrganizations,
  organizationDirectoryEntry,
  organizationSettings,
  updateOrganizationSettings,
  updateOrganizationTerms,
} from './settings.ts'

const endpoints = api.organization

/**
 * An organization as its admins run it: members, invitations and what waits for their approval;
 * every organization as the platform operator sees it; the ways into one before an account exists
 * (registering, an invitation's link); and a member's request to be promoted.
 */
export default async function organizationRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.members, async (request) => ({
    items: await listMembers(ctx.db, callerOf(request).organizationId),
  }))
  serve(app, endpoints.changeRole, async (request) =>
    changeRole(ctx.db, callerOf(request), request.params.id, request.body.role),
  )
  for (const [endpoint, active] of [
    [endpoints.deactivateMember, false],
    [endpoints.reactivateMember, true],
  ] as const) {
    serve(app, endpoint, async (request) => setActive(ctx.db, callerOf(request), request.params.id, active))
  }
  serve(app, endpoints.removeMember, async (request, reply) => {
    await removeMember(ctx.db, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.settings, async (request) =>
    organizationSettings(ctx.db, callerOf(request).organizationId),
  )
  serve(app, endpoints.updateSettings, async (request) =>
    updateOrganizationSettings(ctx.db, callerOf(request), request.body),
  )

  serve(app, endpoints.invitations, async (request) => ({
    items: await listInvitations(ctx.db, callerOf(request).organizationId),
  }))
  serve(app, endpoints.invite, async (request, reply) =>
    reply.status(201).send(await invite(ctx, callerOf(request), request.body)),
  )
  serve(app, endpoints.resendInvitation, async (request) =>
    resendInvitation(ctx, callerOf(request), request.params.id),
  )
  serve(app, endpoints.revokeInvitation, async (request, reply) => {
    await revokeInvitation(ctx, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.registrations, async (request) => ({
    items: await listRegistrations(ctx.db, callerOf(request).organizationId, request.query.status),
  }))
  for (const [endpoint, approve] of [
    [endpoints.approveRegistration, true],
    [endpoints.rejectRegistration, false],
  ] as const) {
    serve(app, endpoint, async (request, reply) => {
      await decideRegistration(ctx, callerOf(request), request.params.id, approve, request.body.note)
      return reply.status(204).send(null)
    })
  }

  serve(app, endpoints.promotionRequests, async (request) => ({
    items: await listPromotionRequests(ctx.db, callerOf(request).organizationId, request.query.status),
  }))
  serve(app, endpoints.approvePromotion, async (request) =>
    decidePromotion(ctx, callerOf(request), request.params.id, true, request.body.note),
  )
  serve(app, endpoints.declinePromotion, async (request) =>
    decidePromotion(ctx, callerOf(request), request.params.id, false, request.body.note),
  )

  serve(app, endpoints.directory, async (request) => ({
    items: await listOrganizations(ctx.db, request.query.search),
  }))
  serve(app, endpoints.directoryEntry, async (request) =>
    organizationDirectoryEntry(ctx.db, request.params.id),
  )
  serve(app, endpoints.updateTerms, async (request) =>
    updateOrganizationTerms(ctx.db, callerOf(request), request.params.id, request.body),
  )

  serve(app, endpoints.previewInvitation, async (request) => previewInvitation(ctx, request.body.token))
  serve(app, endpoints.acceptInvitation, async (request, reply) => {
    const result = await acceptInvitation(ctx, request.body, sessionMeta(request))
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.user
  })

  serve(app, api.auth.register, async (request, reply) => {
    const result = await register(ctx, request.body, sessionMeta(request))
    // Registering signs in anew: a session this browser had ends once the new one exists.
    await endCurrentSession(request)
    reply.setSessionCookie(result.session.token, result.session.expiresAt)
    return result.user
  })

  serve(app, api.account.promotionRequest, async (request) => ({
    request: await myPromotionRequest(ctx.db, callerOf(request)),
  }))
  serve(app, api.account.requestPromotion, async (request, reply) =>
    reply.status(201).send(await askForPromotion(ctx, callerOf(request), request.body.reason)),
  )

  async function endCurrentSession(request: FastifyRequest) {
    const current = await request.loadSession()
    if (current) await deleteSession(ctx.db, current.idHash)
  }
}
