import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { INVITATION_VALID_DAYS } from '#common/schemas/accounts.ts'
import type { Queryable } from '#server/db/client.ts'
import { invitations, promotionRequests, registrationRequests, users } from '#server/db/schema/index.ts'
import { recordAudit } from '#server/modules/audit/index.ts'

const DAY_MS = 24 * 3_600_000

/**
 * What waits for the demo organization's admins on `npm start`: a registration with its billing
 * ID, a member's request to become admin and an open invitation, each in the audit log.
 */
export async function seedDemoAccounts(
  tx: Queryable,
  organizationId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const named = async (username: string) =>
    (
      await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.username, username)))
    )[0]!
  const admin = await named('admin')
  const secure = await named('secure')
  const registeredAt = new Date(now.getTime() - 2 * DAY_MS)
  const [applicant] = await tx
    .insert(users)
    .values({
      username: 'priya',
      email: 'priya.patel@example.com',
      name: 'Priya Patel',
      passwordHash,
      organizationId,
      membershipStatus: 'pending',
      emailVerified: true,
      createdAt: registeredAt,
    })
    .returning({ id: users.id })
  await tx
    .insert(registrationRequests)
    .values({ userId: applicant!.id, organizationId, createdAt: registeredAt })
  await recordAudit(
    tx,
    { userId: applicant!.id, organizationId, label: 'priya.patel@example.com' },
    'account.registered',
    { type: 'user', id: applicant!.id, label: 'priya.patel@example.com' },
    { joining: true },
  )

  const [promotion] = await tx
    .insert(promotionRequests)
    .values({
      userId: secure.id,
      organizationId,
      reason: 'I run the platform team’s on-call and need to manage members and billing alerts.',
      createdAt: new Date(now.getTime() - DAY_MS),
    })
    .returning({ id: promotionRequests.id })
  await recordAudit(tx, { userId: secure.id, organizationId, label: secure.email }, 'promotion.requested', {
    type: 'promotion_request',
    id: promotion!.id,
    label: secure.email,
  })

  const [invitation] = await tx
    .insert(invitations)
    .values({
      organizationId,
      email: 'jordan.lee@example.com',
      invitedBy: admin.id,
      // The link of this demo invitation was never mailed: nobody holds its token.
      tokenHash: randomBytes(32).toString('base64url'),
      expiresAt: new Date(now.getTime() + (INVITATION_VALID_DAYS - 1) * DAY_MS),
      createdAt: new Date(now.getTime() - DAY_MS),
    })
    .returning({ id: invitations.id })
  await recordAudit(tx, { userId: admin.id, organizationId, label: admin.email }, 'invitation.sent', {
    type: 'invitation',
    id: invitation!.id,
    label: 'jordan.lee@example.com',
  })
}
