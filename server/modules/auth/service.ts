import { eq, or, sql } from 'drizzle-orm'
import { api } from '#common/contract/index.ts'
import { absoluteHref, href } from '#common/routes.ts'
import type { RegisterRequest, User } from '#common/schemas/auth.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { organizations, registrationRequests, users } from '#server/db/schema/index.ts'
import { inTransaction, type SqlExecutor } from '#server/db/transaction.ts'
import { conflict, notFound, unauthorized, unprocessable } from '#server/lib/errors.ts'
import { registrationPendingMail, verifyEmailMail } from '#server/mail/auth-mails.ts'
import { mailSecret, sendMail } from '#server/mail/template.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { createOrganizationWithBillingId } from '#server/modules/organizations/index.ts'
import {
  activeAdminsOf,
  findUserById,
  findUserForLogin,
  toUserResponse,
} from '#server/modules/users/index.ts'
import { assertMayEnter } from './account-gate.ts'
import { issueAuthToken } from './auth-tokens.ts'
import { clearLoginFailures } from './lockout.ts'
import { assertAcceptablePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { consumeRecoveryCode } from './recovery-codes.ts'
import {
  type ActiveSession,
  createSession,
  deleteSession,
  recordMfaAttempt,
  type SessionMeta,
} from './sessions.ts'
import { attemptSignIn, openSession } from './sign-in.ts'
import { consumeTotp } from './totp.ts'

export type NewSession = { token: string; expiresAt: Date }
const MAX_MFA_ATTEMPTS = 5

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
    return await inTransaction(ctx.db, async (tx, sqlExecutor) => {
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
        if (!vouchedDomain) await tellAdminsOfRegistration(ctx, tx, sqlExecutor, organization, input)
      }

      const verificationToken = await issueAuthToken(tx, config.sessionSecret, userId, 'verify_email')
      await sendMail(ctx.queue, sqlExecutor, verifyEmailMail, input, {
        name: input.name,
        url: mailSecret(config.secretsKey, verificationLink(config.appUrl, verificationToken)),
      })
      // A joiner typed a billing ID, perhaps a guessed one: the organization's name is theirs to
      // see once they are a member.
      await createNotification(tx, sqlExecutor, {
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
  tx: Queryable,
  sqlExecutor: SqlExecutor,
  organization: { id: string; name: string },
  applicant: { name: string; email: string },
) {
  for (const admin of await activeAdminsOf(tx, organization.id)) {
    await createNotification(tx, sqlExecutor, {
      userId: admin.id,
      type: 'info',
      title: 'New registration',
      message: `${applicant.name} (${applicant.email}) asks to join ${organization.name}.`,
      link: href('pendingRegistrations'),
    })
    await sendMail(ctx.queue, sqlExecutor, registrationPendingMail, admin, {
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

/**
 * The verification link opens the API, which records the proof and redirects to the page
 * (docs/decisions/003-mail-links.md): it is the one link in mail that is not a page's.
 */
export function verificationLink(appUrl: string, token: string): string {
  const url = new URL(api.auth.verifyEmail.path, appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export type LoginResult =
  | { kind: 'signed-in'; user: User; session: NewSession }
  | { kind: 'mfa-required'; session: NewSession }

const invalidCredentials = () => unauthorized('Invalid username or password', 'INVALID_CREDENTIALS')

export async function login(
  ctx: ServerContext,
  credentials: { username: string; password: string },
  meta: SessionMeta,
): Promise<LoginResult> {
  const { db, config } = ctx
  const account = await findUserForLogin(db, credentials.username)
  if (!account) {
    await verifyAgainstDummy(credentials.password)
    throw invalidCredentials()
  }
  const passwordRight = await attemptSignIn(db, {
    account,
    meta,
    policy: config.loginLockout,
    reason: 'password',
    prove: () => verifyPassword(account.passwordHash, credentials.password),
  })
  if (!passwordRight) throw invalidCredentials()
  assertMayEnter(account)
  if (account.mfaEnabled && account.mfaSecret) {
    // Failures are forgiven only once the second factor is given too.
    const session = await createSession(db, config.sessionSecret, account.id, { ...meta, mfaPending: true })
    return { kind: 'mfa-required', session }
  }
  const session = await inTransaction(db, async (tx) => {
    await clearLoginFailures(tx, account.id)
    return openSession(tx, config.sessionSecret, account, meta, 'password')
  })
  const { passwordHash: _hash, mfaSecret: _secret, ...user } = account
  return { kind: 'signed-in', user: toUserResponse(user), session }
}

/**
 * Second step of an MFA login: a code of the authenticator, or one of the recovery codes. The
 * pending session is replaced by a full one (new id).
 */
export async function completeMfaLogin(
  ctx: ServerContext,
  pending: ActiveSession | undefined,
  proof: { code: string } | { recoveryCode: string },
  meta: SessionMeta,
) {
  const { db, config } = ctx
  if (!pending?.mfaPending || !pending.user.mfaSecret) {
    throw unauthorized(
      'Your sign-in has expired. Please enter your username and password again.',
      'MFA_SESSION_MISSING',
    )
  }
  const attempts = await recordMfaAttempt(db, pending.idHash)
  if (attempts > MAX_MFA_ATTEMPTS) {
    await deleteSession(db, pending.idHash)
    throw unauthorized('Too many incorrect codes. Please sign in again.', 'MFA_TOO_MANY_ATTEMPTS')
  }
  const byRecoveryCode = 'recoveryCode' in proof
  // Wrong codes count against the account like wrong passwords, across fresh logins.
  const accepted = await attemptSignIn(db, {
    account: pending.user,
    meta,
    policy: config.loginLockout,
    reason: byRecoveryCode ? 'recovery_code' : 'mfa_code',
    prove: (tx) =>
      byRecoveryCode
        ? consumeRecoveryCode(tx, config.sessionSecret, pending.user.id, proof.recoveryCode)
        : consumeTotp(tx, config.secretsKey, pending.user.id, proof.code),
  })
  if (!accepted) {
    throw unauthorized(
      byRecoveryCode
        ? 'This recovery code is not valid or was already used'
        : validationMessage('mfaCodeInvalid'),
      byRecoveryCode ? 'INVALID_RECOVERY_CODE' : 'INVALID_MFA_CODE',
    )
  }
  assertMayEnter(pending.user)
  const session = await inTransaction(db, async (tx) => {
    await clearLoginFailures(tx, pending.user.id)
    await deleteSession(tx, pending.idHash)
    return openSession(tx, config.sessionSecret, pending.user, meta, byRecoveryCode ? 'recovery_code' : 'mfa')
  })
  const { mfaSecret: _secret, ...user } = pending.user
  return { user: toUserResponse(user), session }
}

/**
 * Development only (a developer's own machine, demo accounts only: server/modules/dev): sign in as
 * a demo account without its password or code, but never as an account the gate keeps out.
 */
export async function devLogin(ctx: ServerContext, username: string, meta: SessionMeta) {
  const account = await findUserForLogin(ctx.db, username)
  if (!account) throw notFound('No such demo user')
  assertMayEnter(account)
  const session = await inTransaction(ctx.db, (tx) =>
    openSession(tx, ctx.config.sessionSecret, account, meta, 'development'),
  )
  const { passwordHash: _hash, mfaSecret: _secret, ...user } = account
  return { user: toUserResponse(user), session }
}
