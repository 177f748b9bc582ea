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
} from '../schemas/accounts.ts'
import { invitationAcceptanceSchema, tokenRequestSchema, userSchema } from '../schemas/auth.ts'
import { defineEndpoints, empty } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const adminOrganizationsByIdPath = '/api/admin/organizations/:id'
const organizationInvitationsPath = '/api/organization/invitations'
const organizationMembersByIdPath = '/api/organization/members/:id'
const organizationSettingsPath = '/api/organization/settings'

/** The organization's admins (and the operator), with a token holding the organization scope. */
const admin = { audience: 'admin', token: 'organization' } as const
/** A change of one member: the last active admin stays one (409), an operator is the operator's (403). */
const memberChange = {
  ...admin,
  params: idParams,
  responses: { 200: memberSchema },
  errors: [404, 409],
  changes: ['members', 'audit'],
} as const
/** A decision on what waits for the admins, with a note mailed to the person. */
const decision = { ...admin, params: idParams, body: decisionSchema, errors: [404, 409] } as const
/** The platform operator (super_admin): every organization; never with a token. */
const operator = { audience: 'superAdmin' } as const

/** An organization as its admins run it: members, invitations and what waits for their approval. */
export const organization = defineEndpoints('organization', {
  members: {
    ...admin,
    method: 'GET',
    path: '/api/organization/members',
    summary: "The organization's members: role, state, last sign-in and two-factor authentication",
    responses: { 200: z.object({ items: z.array(memberSchema) }) },
    reads: ['members'],
  },
  changeRole: {
    ...memberChange,
    method: 'PATCH',
    path: organizationMembersByIdPath,
    summary: "Change a member's role: their sessions end, and the last admin stays one (409)",
    body: memberRoleRequestSchema,
    // An admin may change their own role.
    changes: ['members', 'account', 'audit'],
  },
  deactivateMember: {
    ...memberChange,
    method: 'POST',
    path: '/api/organization/members/:id/deactivate',
    summary: 'Deactivate a member: their sessions and tokens end at once (409 for the last admin)',
  },
  reactivateMember: {
    ...memberChange,
    method: 'POST',
    path: '/api/organization/members/:id/reactivate',
    summary: 'Let a deactivated member sign in again',
    // Only a deactivated member changes, never the caller: no last admin, no self.
    errors: [404],
  },
  removeMember: {
    ...memberChange,
    method: 'DELETE',
    path: organizationMembersByIdPath,
    summary: 'Remove a member: the account is closed and its history kept (409 for the last admin)',
    responses: { 204: empty('Removed') },
  },
  settings: {
    ...admin,
    method: 'GET',
    path: organizationSettingsPath,
    summary: "The organization's rules: two-factor authentication for all, domains approved at once",
    responses: { 200: organizationSettingsResponseSchema },
    errors: [404],
    reads: ['organization'],
  },
  updateSettings: {
    ...admin,
    method: 'PUT',
    path: organizationSettingsPath,
    summary: "Change the organization's rules",
    body: organizationSettingsSchema,
    responses: { 200: organizationSettingsResponseSchema },
    errors: [404],
    changes: ['organization', 'audit'],
  },
  invitations: {
    ...admin,
    method: 'GET',
    path: organizationInvitationsPath,
    summary: 'Invitations not yet accepted',
    responses: { 200: z.object({ items: z.array(invitationSchema) }) },
    reads: ['invitations'],
  },
  invite: {
    ...admin,
    method: 'POST',
    path: organizationInvitationsPath,
    summary: 'Invite someone by email: the mailed link works for 7 days',
    body: invitationRequestSchema,
    responses: { 201: invitationSchema },
    errors: [409],
    changes: ['invitations', 'audit'],
  },
  resendInvitation: {
    ...admin,
    method: 'POST',
    path: '/api/organization/invitations/:id/resend',
    summary: 'Mail a new link (the previous one stops working), valid 7 more days',
    params: idParams,
    responses: { 200: invitationSchema },
    errors: [404],
    changes: ['invitations', 'audit'],
  },
  revokeInvitation: {
    ...admin,
    method: 'DELETE',
    path: '/api/organization/invitations/:id',
    summary: 'Revoke an invitation: its link stops working',
    params: idParams,
    responses: { 204: empty('Revoked') },
    errors: [404],
    changes: ['invitations', 'audit'],
  },
  registrations: {
    ...admin,
    method: 'GET',
    path: '/api/organization/registrations',
    summary: "Registrations made with the organization's billing ID",
    query: registrationQuerySchema,
    responses: { 200: z.object({ items: z.array(registrationSchema) }) },
    reads: ['registrations'],
  },
  approveRegistration: {
    ...decision,
    method: 'POST',
    path: '/api/organization/registrations/:id/approve',
    summary: 'Approve a registration: the person may sign in, and is mailed',
    responses: { 204: empty('Approved') },
    changes: ['registrations', 'members', 'audit'],
  },
  rejectRegistration: {
    ...decision,
    method: 'POST',
    path: '/api/organization/registrations/:id/reject',
    summary: 'Reject a registration: the account is closed, and the person is mailed',
    responses: { 204: empty('Rejected') },
    changes: ['registrations', 'members', 'audit'],
  },
  promotionRequests: {
    ...admin,
    method: 'GET',
    path: '/api/organization/promotion-requests',
    summary: "Members' requests to become admins",
    query: promotionQuerySchema,
    responses: { 200: z.object({ items: z.array(promotionRequestSchema) }) },
    reads: ['promotionRequests'],
  },
  approvePromotion: {
    ...decision,
    method: 'POST',
    path: '/api/organization/promotion-requests/:id/approve',
    summary: 'Approve a promotion request: the member becomes an admin and their sessions end',
    responses: { 200: promotionRequestSchema },
    changes: ['promotionRequests', 'members', 'audit'],
  },
  declinePromotion: {
    ...decision,
    method: 'POST',
    path: '/api/organization/promotion-requests/:id/decline',
    summary: 'Decline a promotion request, with a note to the member',
    responses: { 200: promotionRequestSchema },
    changes: ['promotionRequests', 'audit'],
  },
  directory: {
    ...operator,
    method: 'GET',
    path: '/api/admin/organizations',
    summary: 'Every organization, found by name or billing ID (super_admin)',
    query: organizationSearchSchema,
    responses: { 200: z.object({ items: z.array(organizationOverviewSchema) }) },
    reads: ['organization', 'members'],
  },
  directoryEntry: {
    ...operator,
    method: 'GET',
    path: adminOrganizationsByIdPath,
    summary: 'One organization with its members (super_admin)',
    params: idParams,
    responses: { 200: organizationDirectoryEntrySchema },
    errors: [404],
    reads: ['organization', 'members'],
  },
  updateTerms: {
    ...operator,
    method: 'PATCH',
    path: adminOrganizationsByIdPath,
    summary: "Set an organization's credit limit and billing currency (super_admin only)",
    params: idParams,
    body: organizationTermsSchema,
    responses: { 200: organizationDirectoryEntrySchema },
    errors: [404],
    changes: ['organization', 'billing', 'audit'],
  },
  previewInvitation: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/invitations/preview',
    summary: "What an invitation's link is for: the organization, the inviter and the address",
    rateLimited: true,
    body: tokenRequestSchema,
    responses: { 200: invitationPreviewSchema },
    errors: [404],
    reads: ['invitations'],
  },
  acceptInvitation: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/invitations/accept',
    summary: 'Accept an invitation: the account is created in the organization and signed in',
    description: 'The answer sets the session cookie.',
    rateLimited: true,
    body: invitationAcceptanceSchema,
    responses: { 200: userSchema },
    errors: [404, 409, 422],
    changes: ['session', 'account', 'invitations', 'members'],
  },
})
