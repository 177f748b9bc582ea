import { eq, or, sql } from 'drizzle-orm'
import { absoluteHref, href } from '#common/routes.ts'
import type { RegisterRequest } from '#common/schemas/auth.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { organizations, registrationRequests, users } from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import { conflict, unprocessable } from '#server/lib/errors.ts'
import { registrationPendingMail } from '#server/mail/auth-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import {
  assertAcceptablePassword,
  createSession,
  hashPassword,
  mailVerificationLink,
  type SessionMeta,
} from '#server/modules/auth/index.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { activeAdminsOf, findUserById, toUserResponse } from '#server/modules/users/index.ts'
import { createOrganizationWithBillingId } from './billing-ids.ts'

/**
 * Creates the account and signs it in. By default it creates a new organization, with a Billing ID
 * of the server's making, and this user as its admin. A person joining their company gives its
 * Billing ID instead and becomes a pending member whom the organization's admins approve, or who
 * joins once their address is verified when it is at a domain the organization vouches for.
 */
export async function register(ctx: ServerContext, input: RegisterRequest, meta: SessionMeta) {
  assertAcceptablePassword(input.password)
  const passwordHash = await hashPassword(input.password)
  const { config } = ctx
  try {
    return await inTransaction(ctx, async (uow) => {
      const { tx } = uow
      const taken = await tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          or(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.email, input.email)),
        )
      if (taken.some((row) => row.email === input.email)) {
        throw conflict(validationMessage('emailTaken'), 'EMAIL_TAKEN')
      }
      if (taken.length > 0) throw conflict(validationMessage('usernameTaken'), 'USERNAME_TAKEN')

      const joining = input.joining
      const organization = joining
        ? await organizationToJoin(tx, input.companyId)
        : await createOrganizationWithBillingId(tx, { name: input.companyName, language: input.language })
      // A domain the organization vouches for joins by itself, but only once the address is
      // proven (server/modules/organizations/approvals.ts); any other waits for an admin.
      const emailDomain = input.email.split('@')[1] ?? ''
      const vouchedDomain = joining && organization.verifiedDomains.includes(emailDomain) ? emailDomain : null

      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          name: input.name,
          passwordHash,
          organizationId: organization.id,
          role: joining ? 'user' : 'admin',
          membershipStatus: joining ? 'pending' : 'active',
          language: input.language,
        })
        .returning({ id: users.id })
      const userId = user!.id
      await recordAudit(
        tx,
        { userId, organizationId: organization.id, label: input.email, ...meta },
        'account.registered',
        { type: 'user', id: userId, label: input.email },
        { joining },
      )

      if (joining) {
        await tx
          .insert(registrationRequests)
          .values({ userId, organizationId: organization.id, vouchedDomain })
        if (!vouchedDomain) await tellAdminsOfRegistration(ctx, uow, organization, input)
      }

      await mailVerificationLink(ctx, uow, {
        id: userId,
        name: input.name,
        email: input.email,
        language: input.language,
      })
      // A joiner typed a billing ID, perhaps a guessed one: the organization's name is theirs to
      // see once they are a member.
      await createNotification(uow, {
        userId,
        type: 'success',
        title: 'Welcome to Clusterdeck',
        message: vouchedDomain
          ? `Open the link we mailed to ${input.email}: once your address is verified, you join the organization with billing ID ${organization.billingId}.`
          : joining
            ? `Your request to join the organization with billing ID ${organization.billingId} waits for an administrator's approval.`
            : `Your organization ${organization.name} is ready; its Billing ID is ${organization.billingId}: colleagues give it when they register to join you. Configure your first cluster when you are.`,
      })
      const session = await createSession(tx, config.sessionSecret, userId, {
        ...meta,
        holder: { role: joining ? 'user' : 'admin', isOfficer: false },
      })
      const created = await findUserById(tx, userId)
      return { user: toUserResponse(created!), session }
    })
  } catch (error) {
    // Two registrations racing for one username or email: the loser gets the same answer.
    if (isUniqueViolation(error))
      throw conflict('This username or email is already registered.', 'ALREADY_REGISTERED')
    throw error
  }
}

/**
 * The organization a joiner named by its Billing ID, locked against a concurrent change of its
 * vouched domains. An unknown ID is refused beside the field: nothing would ever approve it.
 */
async function organizationToJoin(tx: Queryable, billingId: string | undefined) {
  const [organization] = billingId
    ? await tx.select().from(organizations).where(eq(organizations.billingId, billingId)).for('update')
    : []
  if (!organization) throw unprocessable(validationMessage('billingIdUnknown'), 'BILLING_ID_UNKNOWN')
  return organization
}

/** A registration waiting for them: every active admin of the organization is told in the app and by mail. */
async function tellAdminsOfRegistration(
  ctx: ServerContext,
  uow: UnitOfWork,
  organization: { id: string; name: string },
  applicant: { name: string; email: string },
) {
  const { tx } = uow
  for (const admin of await activeAdminsOf(tx, organization.id)) {
    await createNotification(uow, {
      userId: admin.id,
      type: 'info',
      title: 'New registration',
      message: `${applicant.name} (${applicant.email}) asks to join ${organization.name}.`,
      link: href('pendingRegistrations'),
    })
    await sendMail(uow, registrationPendingMail, admin, {
      name: admin.name,
      applicant: `${applicant.name} (${applicant.email})`,
      url: absoluteHref(ctx.config.appUrl, 'pendingRegistrations'),
    })
  }
}

/** Drizzle wraps the driver's error, so PostgreSQL's code is found on its cause. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } }
  return code === '23505' || cause?.code === '23505'
}
