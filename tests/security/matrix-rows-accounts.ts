import { randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '#server/db/client.ts'
import { invitations, promotionRequests, registrationRequests, users } from '#server/db/schema/index.ts'
import { billingAdmins, everyone, json, type Row, signedIn } from './matrix-rows.ts'

/** Members, requests and an invitation of the demo organization that the account rows act on. */
export type AccountFixtures = {
  demoOrganizationId: string
  /** A plain member: its role is set to what it is, it is deactivated and reactivated. */
  demoMemberId: string
  demoRemovableMemberId: string
  demoInvitationId: string
  demoRegistrationIds: [string, string]
  demoPromotionIds: [string, string]
}

export async function insertAccountFixtures(
  db: Database,
  demo: { id: string; organizationId: string },
): Promise<AccountFixtures> {
  const member = async (status: 'active' | 'pending') => {
    const suffix = randomBytes(4).toString('hex')
    const [row] = await db
      .insert(users)
      .values({
        username: `matrix-${suffix}`,
        email: `matrix-${suffix}@example.com`,
        name: `Matrix ${suffix}`,
        passwordHash: 'not-used',
        organizationId: demo.organizationId,
        membershipStatus: status,
      })
      .returning({ id: users.id })
    return row!.id
  }
  const registration = async () => {
    const [row] = await db
      .insert(registrationRequests)
      .values({ userId: await member('pending'), organizationId: demo.organizationId })
      .returning({ id: registrationRequests.id })
    return row!.id
  }
  const promotion = async () => {
    const [row] = await db
      .insert(promotionRequests)
      .values({ userId: await member('active'), organizationId: demo.organizationId, reason: 'Matrix' })
      .returning({ id: promotionRequests.id })
    return row!.id
  }
  const [invitation] = await db
    .insert(invitations)
    .values({
      organizationId: demo.organizationId,
      email: 'matrix-invitee@example.com',
      tokenHash: randomUUID(),
      invitedBy: demo.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invitations.id })
  return {
    demoOrganizationId: demo.organizationId,
    demoMemberId: await member('active'),
    demoRemovableMemberId: await member('active'),
    demoInvitationId: invitation!.id,
    demoRegistrationIds: [await registration(), await registration()],
    demoPromotionIds: [await promotion(), await promotion()],
  }
}

/** Only the platform operator. */
const superAdminOnly = (status: number) => ({ ...billingAdmins(403), superAdmin: status })

/** The demo organization's admin acts; the operator's super_admin, of another organization, gets 404. */
const demoAdmins = (status: number) => ({ ...billingAdmins(status), superAdmin: 404 })
const NO_SUCH_TOKEN = 'matrix-no-such-invitation-token-000000'

export function accountRows(): Row[] {
  return [
    {
      method: 'GET',
      url: '/api/organization/members',
      request: () => ({ url: '/api/organization/members' }),
      expected: billingAdmins(200),
    },
    {
      method: 'PATCH',
      url: '/api/organization/members/:id',
      request: (fixtures) => ({
        url: `/api/organization/members/${fixtures.demoMemberId}`,
        ...json({ role: 'user' }),
      }),
      expected: demoAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/members/:id/deactivate',
      request: (fixtures) => ({ url: `/api/organization/members/${fixtures.demoMemberId}/deactivate` }),
      expected: demoAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/members/:id/reactivate',
      request: (fixtures) => ({ url: `/api/organization/members/${fixtures.demoMemberId}/reactivate` }),
      expected: demoAdmins(200),
    },
    {
      method: 'DELETE',
      url: '/api/organization/members/:id',
      request: (fixtures) => ({ url: `/api/organization/members/${fixtures.demoRemovableMemberId}` }),
      expected: demoAdmins(204),
    },
    {
      method: 'GET',
      url: '/api/organization/invitations',
      request: () => ({ url: '/api/organization/invitations' }),
      expected: billingAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/invitations',
      request: () => ({
        url: '/api/organization/invitations',
        ...json({ email: `matrix-${randomBytes(4).toString('hex')}@example.com` }),
      }),
      expected: billingAdmins(201),
    },
    {
      method: 'POST',
      url: '/api/organization/invitations/:id/resend',
      request: (fixtures) => ({ url: `/api/organization/invitations/${fixtures.demoInvitationId}/resend` }),
      expected: demoAdmins(200),
    },
    {
      method: 'DELETE',
      url: '/api/organization/invitations/:id',
      request: (fixtures) => ({ url: `/api/organization/invitations/${fixtures.demoInvitationId}` }),
      expected: demoAdmins(204),
    },
    {
      method: 'GET',
      url: '/api/organization/registrations',
      request: () => ({ url: '/api/organization/registrations' }),
      expected: billingAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/registrations/:id/approve',
      request: (fixtures) => ({
        url: `/api/organization/registrations/${fixtures.demoRegistrationIds[0]}/approve`,
        ...json({}),
      }),
      expected: demoAdmins(204),
    },
    {
      method: 'POST',
      url: '/api/organization/registrations/:id/reject',
      request: (fixtures) => ({
        url: `/api/organization/registrations/${fixtures.demoRegistrationIds[1]}/reject`,
        ...json({}),
      }),
      expected: demoAdmins(204),
    },
    {
      method: 'GET',
      url: '/api/organization/promotion-requests',
      request: () => ({ url: '/api/organization/promotion-requests' }),
      expected: billingAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/promotion-requests/:id/approve',
      request: (fixtures) => ({
        url: `/api/organization/promotion-requests/${fixtures.demoPromotionIds[0]}/approve`,
        ...json({}),
      }),
      expected: demoAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/organization/promotion-requests/:id/decline',
      request: (fixtures) => ({
        url: `/api/organization/promotion-requests/${fixtures.demoPromotionIds[1]}/decline`,
        ...json({ note: 'Not now' }),
      }),
      expected: demoAdmins(200),
    },
    {
      method: 'POST',
      url: '/api/invitations/preview',
      request: () => ({ url: '/api/invitations/preview', ...json({ token: NO_SUCH_TOKEN }) }),
      expected: everyone(404),
    },
    {
      method: 'POST',
      url: '/api/invitations/accept',
      request: () => ({
        url: '/api/invitations/accept',
        ...json({
          token: NO_SUCH_TOKEN,
          username: 'matrix-invitee',
          name: 'Matrix',
          password: 'a-long-and-unusual-passphrase',
        }),
      }),
      expected: everyone(404),
    },
    {
      method: 'GET',
      url: '/api/audit',
      request: () => ({ url: '/api/audit?action=member' }),
      expected: billingAdmins(200),
    },
    {
      method: 'GET',
      url: '/api/audit/csv',
      request: () => ({ url: '/api/audit/csv' }),
      expected: billingAdmins(200),
    },
    {
      method: 'GET',
      url: '/api/organization/settings',
      request: () => ({ url: '/api/organization/settings' }),
      expected: billingAdmins(200),
    },
    {
      method: 'PUT',
      url: '/api/organization/settings',
      request: () => ({
        url: '/api/organization/settings',
        ...json({ requireMfa: false, verifiedDomains: [] }),
      }),
      expected: billingAdmins(200),
    },
    {
      method: 'GET',
      url: '/api/admin/organizations',
      request: () => ({ url: '/api/admin/organizations?search=demo' }),
      expected: superAdminOnly(200),
    },
    {
      method: 'GET',
      url: '/api/admin/organizations/:id',
      request: (fixtures) => ({ url: `/api/admin/organizations/${fixtures.demoOrganizationId}` }),
      expected: superAdminOnly(200),
    },
    {
      method: 'PATCH',
      url: '/api/admin/organizations/:id',
      request: (fixtures) => ({
        url: `/api/admin/organizations/${fixtures.demoOrganizationId}`,
        ...json({ creditLimitCents: 5_000_000, billingCurrency: 'EUR' }),
      }),
      expected: superAdminOnly(200),
    },
    {
      method: 'PUT',
      url: '/api/user/preferences',
      request: () => ({ url: '/api/user/preferences', ...json({ theme: 'dark' }) }),
      expected: signedIn(200),
    },
    // The account's own: every signed-in person has one.
    {
      method: 'GET',
      url: '/api/user/notification-preferences',
      request: () => ({ url: '/api/user/notification-preferences' }),
      expected: signedIn(200),
    },
    {
      method: 'PUT',
      url: '/api/user/notification-preferences',
      request: () => ({
        url: '/api/user/notification-preferences',
        ...json(
          Object.fromEntries(
            ['cluster_status', 'orders', 'invoices', 'budget_alerts', 'ticket_replies', 'security'].map(
              (event) => [event, { email: true, app: true }],
            ),
          ),
        ),
      }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/user/password',
      request: () => ({
        url: '/api/user/password',
        ...json({ currentPassword: 'not-the-password', password: 'another-long-passphrase' }),
      }),
      expected: signedIn(401),
    },
    {
      method: 'POST',
      url: '/api/user/email',
      request: () => ({
        url: '/api/user/email',
        ...json({ password: 'not-the-password', email: 'matrix-moved@example.com' }),
      }),
      expected: signedIn(401),
    },
    {
      method: 'GET',
      url: '/api/auth/confirm-email',
      request: () => ({ url: '/api/auth/confirm-email?token=not-a-valid-token-at-all-000' }),
      expected: everyone(303),
    },
    {
      method: 'PATCH',
      url: '/api/user',
      request: () => ({ url: '/api/user', ...json({ name: 'Matrix Name' }) }),
      expected: signedIn(200),
    },
    {
      method: 'GET',
      url: '/api/user/sessions',
      request: () => ({ url: '/api/user/sessions' }),
      expected: signedIn(200),
    },
    {
      method: 'DELETE',
      url: '/api/user/sessions/:id',
      request: () => ({ url: `/api/user/sessions/${randomUUID()}` }),
      expected: signedIn(404),
    },
    {
      method: 'POST',
      url: '/api/user/sessions/revoke-others',
      request: () => ({ url: '/api/user/sessions/revoke-others' }),
      expected: signedIn(204),
    },
    {
      method: 'GET',
      url: '/api/user/promotion-request',
      request: () => ({ url: '/api/user/promotion-request' }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/user/promotion-request',
      request: () => ({ url: '/api/user/promotion-request', ...json({ reason: 'Matrix' }) }),
      // Admins are admins already.
      expected: { ...signedIn(201), admin: 409, superAdmin: 409 },
    },
  ]
}
