import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  decisionSchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationSchema,
  memberRoleRequestSchema,
  memberSchema,
  organizationDirectoryEntrySchema,
  organizationOverviewSchema,
  organizationSearchSchema,
  organizationSettingsResponseSchema,
  organizationSettingsSchema,
  organizationTermsSchema,
  promotionQuerySchema,
  promotionRequestSchema,
  registrationQuerySchema,
  registrationSchema,
} from '#common/schemas/accounts.ts'
import { invitationAcceptanceSchema, tokenRequestSchema, userSchema } from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, guessableRoute, sessionMeta } from '#server/lib/http.ts'
import { requireAdmin, requireSuperAdmin } from '#server/plugins/auth.ts'
import { decidePromotion, decideRegistration, listPromotionRequests, listRegistrations } from './approvals.ts'
import {
  acceptInvitation,
  invite,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts'
import { changeRole, listMembers, removeMember, setActive } from './members.ts'
import {
  listOrganizations,
  organizationDirectoryEntry,
  organizationSettings,
  updateOrganizationSettings,
  updateOrganizationTerms,
} from './settings.ts'

const idParams = z.object({ id: z.uuid() })
const tags = ['organization']

/** An organization as its admins run it: members, invitations and what waits for their approval. */
export default async function organizationRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(adminRoutes, ctx)
  await app.register(operatorRoutes, ctx)
  await app.register(invitationRoutes, ctx)
}

async function adminRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireAdmin)

  api.get('/api/organization/members', {
    schema: {
      tags,
      summary: "The organization's members: role, state, last sign-in and two-factor authentication",
      response: { 200: z.object({ items: z.array(memberSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listMembers(ctx.db, callerOf(request).organizationId) }),
  })

  api.patch('/api/organization/members/:id', {
    schema: {
      tags,
      summary: "Change a member's role: their sessions end, and the last admin stays one (409)",
      params: idParams,
      body: memberRoleRequestSchema,
      response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => changeRole(ctx.db, callerOf(request), request.params.id, request.body.role),
  })

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    api.post(`/api/organization/members/:id/${action}`, {
      schema: {
        tags,
        summary: active
          ? 'Let a deactivated member sign in again'
          : 'Deactivate a member: their sessions and tokens end at once (409 for the last admin)',
        params: idParams,
        response: { 200: memberSchema, ...errorResponses(401, 403, 404, 409) },
      },
      handler: async (request) => setActive(ctx.db, callerOf(request), request.params.id, active),
    })
  }

  api.delete('/api/organization/members/:id', {
    schema: {
      tags,
      summary: 'Remove a member: the account is closed and its history kept (409 for the last admin)',
      params: idParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeMember(ctx.db, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })

  api.get('/api/organization/settings', {
    schema: {
      tags,
      summary: "The organization's rules: two-factor authentication for all, domains approved at once",
      response: { 200: organizationSettingsResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => organizationSettings(ctx.db, callerOf(request).organizationId),
  })

  api.put('/api/organization/settings', {
    schema: {
      tags,
      summary: "Change the organization's rules",
      body: organizationSettingsSchema,
      response: { 200: organizationSettingsResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => updateOrganizationSettings(ctx.db, callerOf(request), request.body),
  })

  api.get('/api/organization/invitations', {
    schema: {
      tags,
      summary: 'Invitations not yet accepted',
      response: { 200: z.object({ items: z.array(invitationSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listInvitations(ctx.db, callerOf(request).organizationId) }),
  })

  api.post('/api/organization/invitations', {
    schema: {
      tags,
      summary: 'Invite someone by email: the mailed link works for 7 days',
      body: invitationRequestSchema,
      response: { 201: invitationSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await invite(ctx, callerOf(request), request.body)),
  })

  api.post('/api/organization/invitations/:id/resend', {
    schema: {
      tags,
      summary: 'Mail a new link (the previous one stops working), valid 7 more days',
      params: idParams,
      response: { 200: invitationSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => resendInvitation(ctx, callerOf(request), request.params.id),
  })

  api.delete('/api/organization/invitations/:id', {
    schema: {
      tags,
      summary: 'Revoke an invitation: its link stops working',
      params: idParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeInvitation(ctx, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })

  api.get('/api/organization/registrations', {
    schema: {
      tags,
      summary: "Registrations made with the organization's billing ID",
      querystring: registrationQuerySchema,
      response: { 200: z.object({ items: z.array(registrationSchema) }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      items: await listRegistrations(ctx.db, callerOf(request).organizationId, request.query.status),
    }),
  })

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    api.post(`/api/organization/registrations/:id/${action}`, {
      schema: {
        tags,
        summary: approve
          ? 'Approve a registration: the person may sign in, and is mailed'
          : 'Reject a registration: the account is closed, and the person is mailed',
        params: idParams,
        body: decisionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request, reply) => {
        await decideRegistration(ctx, callerOf(request), request.params.id, approve, request.body.note)
        return reply.status(204).send(null)
      },
    })
  }

  api.get('/api/organization/promotion-requests', {
    schema: {
      tags,
      summary: "Members' requests to become admins",
      querystring: promotionQuerySchema,
      response: {
        200: z.object({ items: z.array(promotionRequestSchema) }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({
      items: await listPromotionRequests(ctx.db, callerOf(request).organizationId, request.query.status),
    }),
  })

  for (const [action, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    api.post(`/api/organization/promotion-requests/:id/${action}`, {
      schema: {
        tags,
        summary: approve
          ? 'Approve a promotion request: the member becomes an admin and their sessions end'
          : 'Decline a promotion request, with a note to the member',
        params: idParams,
        body: decisionSchema,
        response: { 200: promotionRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request) =>
        decidePromotion(ctx, callerOf(request), request.params.id, approve, request.body.note),
    })
  }
}

/** Every organization, as the platform operator (super_admin) sees and sets its terms. */
async function operatorRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireSuperAdmin)

  api.get('/api/admin/organizations', {
    schema: {
      tags,
      summary: 'Every organization, found by name or billing ID (super_admin)',
      querystring: organizationSearchSchema,
      response: {
        200: z.object({ items: z.array(organizationOverviewSchema) }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({ items: await listOrganizations(ctx.db, request.query.search) }),
  })

  api.get('/api/admin/organizations/:id', {
    schema: {
      tags,
      summary: 'One organization with its members (super_admin)',
      params: idParams,
      response: { 200: organizationDirectoryEntrySchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => organizationDirectoryEntry(ctx.db, request.params.id),
  })

  api.patch('/api/admin/organizations/:id', {
    schema: {
      tags,
      summary: "Set an organization's credit limit and billing currency (super_admin only)",
      params: idParams,
      body: organizationTermsSchema,
      response: { 200: organizationDirectoryEntrySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      updateOrganizationTerms(ctx.db, callerOf(request), request.params.id, request.body),
  })
}

/** The invitation's link, before an account exists. */
async function invitationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/api/invitations/preview', {
    config: guessableRoute,
    schema: {
      tags,
      summary: "What an invitation's link is for: the organization, the inviter and the address",
      body: tokenRequestSchema,
      response: { 200: invitationPreviewSchema, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => previewInvitation(ctx, request.body.token),
  })

  api.post('/api/invitations/accept', {
    config: guessableRoute,
    schema: {
      tags,
      summary: 'Accept an invitation: the account is created in the organization and signed in',
      body: invitationAcceptanceSchema,
      response: { 200: userSchema, ...errorResponses(400, 404, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      const result = await acceptInvitation(ctx, request.body, sessionMeta(request))
      reply.setSessionCookie(result.session.token, result.session.expiresAt)
      return result.user
    },
  })
}
