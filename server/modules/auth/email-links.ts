import { eq } from 'drizzle-orm'
import { api } from '#common/contract/index.ts'
import { absoluteHref } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import { magicLinkMail, passwordResetMail, verifyEmailMail } from '#server/mail/auth-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { mailSecret, type Recipient } from '#server/mail/template.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { findUserByEmail, findUserById, toUserResponse } from '#server/modules/users/index.ts'
import { assertMayEnter } from './account-gate.ts'
import { consumeAuthToken, issueAuthToken, revokeAuthTokens } from './auth-tokens.ts'
import { clearLoginFailures } from './lockout.ts'
import { assertAcceptablePassword, hashPassword } from './passwords.ts'
import { revokeAccess } from './revocation.ts'
import { createSession, type SessionMeta } from './sessions.ts'
import { openSession } from './sign-in.ts'

/*
 * The flows that prove ownership of a mailbox. Requests for a link answer the same whether or not
 * the address has an account, so they cannot be used to find out who is a customer.
 */

export async function resendVerification(ctx: ServerContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user || user.emailVerified) return
  await inTransaction(ctx, (uow) => mailVerificationLink(ctx, uow, user))
}

/** Mails the link that proves a person's address: on registration, and again whenever they ask. */
export async function mailVerificationLink(
  ctx: ServerContext,
  uow: UnitOfWork,
  person: Recipient & { id: string; name: string },
): Promise<void> {
  const { tx } = uow
  const token = await issueAuthToken(tx, ctx.config.sessionSecret, person.id, 'verify_email')
  await sendMail(uow, verifyEmailMail, person, {
    name: person.name,
    url: mailSecret(ctx.config.secretsKey, verificationLink(ctx.config.appUrl, token)),
  })
}

/**
 * The verification link opens the API, which records the proof and redirects to the page
 * (docs/decisions/003-mail-links.md): it is the one link in mail that is not a page's.
 */
function verificationLink(appUrl: string, token: string): string {
  const url = new URL(api.auth.verifyEmail.path, appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export async function verifyEmail(ctx: ServerContext, token: string): Promise<void> {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const userId = await consumeAuthToken(tx, ctx.config.sessionSecret, token, 'verify_email')
    await addressProven(ctx, uow, userId)
  })
}

/**
 * What follows from a proven address beyond auth: a registrant at a domain their organization
 * vouches for joins it (the organizations module, which builds on auth, registers this at start-up
 * in server/app.ts). Each runs in the proof's transaction.
 */
export type AddressProvenListener = (ctx: ServerContext, uow: UnitOfWork, userId: string) => Promise<void>

const addressProvenListeners = new Set<AddressProvenListener>()

export function onAddressProven(listener: AddressProvenListener): void {
  addressProvenListeners.add(listener)
}

/** A link mailed to the address was opened: the address is verified, and the listeners hear of it. */
async function addressProven(ctx: ServerContext, uow: UnitOfWork, userId: string) {
  const { tx } = uow
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId))
  for (const listener of addressProvenListeners) await listener(ctx, uow, userId)
}

export async function requestPasswordReset(ctx: ServerContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user) return
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const token = await issueAuthToken(tx, ctx.config.sessionSecret, user.id, 'reset_password')
    await sendMail(uow, passwordResetMail, user, {
      name: user.name,
      url: mailSecret(ctx.config.secretsKey, absoluteHref(ctx.config.appUrl, 'resetPassword', { token })),
    })
  })
}

/**
 * Sets the new password and ends every way in that someone else may have added (sessions, API
 * tokens, kubeconfigs, passkeys); the mail link also proves the address. It lifts a lockout too,
 * as the lockout message promises.
 */
export async function resetPassword(ctx: ServerContext, token: string, password: string): Promise<void> {
  assertAcceptablePassword(password)
  const passwordHash = await hashPassword(password)
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const userId = await consumeAuthToken(tx, ctx.config.sessionSecret, token, 'reset_password')
    const [person] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email, organizationId: users.organizationId })
    await addressProven(ctx, uow, userId)
    const actor = { userId, organizationId: person!.organizationId, label: person!.email }
    await revokeAccess(tx, { userId, change: 'password_reset', actor })
    await clearLoginFailures(tx, userId)
    await revokeAuthTokens(tx, userId)
    await recordAudit(
      tx,
      actor,
      'password.changed',
      { type: 'user', id: userId, label: person!.email },
      {
        via: 'reset',
      },
    )
  })
}

export async function requestMagicLink(ctx: ServerContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user) return
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const token = await issueAuthToken(tx, ctx.config.sessionSecret, user.id, 'magic_link')
    await sendMail(uow, magicLinkMail, user, {
      name: user.name,
      url: mailSecret(ctx.config.secretsKey, absoluteHref(ctx.config.appUrl, 'magicLink', { token })),
    })
  })
}

/**
 * A magic link replaces the password, not the second factor: an MFA account still has to give
 * its code. The link is consumed by a POST from the page, never by the GET a mail scanner makes.
 */
export async function signInWithMagicLink(ctx: ServerContext, token: string, meta: SessionMeta) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const userId = await consumeAuthToken(tx, ctx.config.sessionSecret, token, 'magic_link')
    await addressProven(ctx, uow, userId)
    const [account] = await tx
      .select({
        id: users.id,
        email: users.email,
        organizationId: users.organizationId,
        membershipStatus: users.membershipStatus,
        role: users.role,
        isOfficer: users.isOfficer,
        mfaEnabled: users.mfaEnabled,
        mfaSecret: users.mfaSecret,
      })
      .from(users)
      .where(eq(users.id, userId))
    assertMayEnter(account!)
    if (account!.mfaEnabled && account!.mfaSecret) {
      const session = await createSession(tx, ctx.config.sessionSecret, userId, { ...meta, mfaPending: true })
      return { kind: 'mfa-required' as const, session }
    }
    const session = await openSession(tx, ctx.config.sessionSecret, account!, meta, 'magic_link')
    const user = await findUserById(tx, userId)
    return { kind: 'signed-in' as const, user: toUserResponse(user!), session }
  })
}
