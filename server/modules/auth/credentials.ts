import { and, eq, ne } from 'drizzle-orm'
import { api } from '#common/contract/index.ts'
import { absoluteHref } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict } from '#server/lib/errors.ts'
import {
  confirmNewEmailMail,
  emailChangeNoticeMail,
  passwordChangedMail,
} from '#server/mail/account-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { mailSecret } from '#server/mail/template.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { channelsFor } from '#server/modules/notifications/index.ts'
import { consumeAuthToken, issueAuthToken } from './auth-tokens.ts'
import { assertAcceptablePassword, hashPassword } from './passwords.ts'
import { confirmPassword } from './reauthentication.ts'
import { revokeAccess } from './revocation.ts'

/** Changing one's password and address: both need the password again. */

const self = (caller: Caller) => ({ type: 'user' as const, id: caller.userId, label: caller.label ?? null })

/** A new password: every other way in ends, and the person is told by mail. */
export async function changePassword(ctx: ServerContext, caller: Caller, current: string, next: string) {
  await confirmPassword(ctx, caller, current)
  assertAcceptablePassword(next)
  const passwordHash = await hashPassword(next)
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [person] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, caller.userId))
      .returning()
    // Every other session, API token, kubeconfig and passkey ends: whoever knew the old password
    // may have added them.
    const revoked = await revokeAccess(tx, {
      userId: caller.userId,
      change: 'password_changed',
      actor: caller,
      keepSessionId: caller.sessionId,
    })
    if ((await channelsFor(tx, caller.userId, 'security')).email)
      await sendMail(uow, passwordChangedMail, person!, {
        name: person!.name,
        url: absoluteHref(ctx.config.appUrl, 'forgotPassword'),
      })
    await recordAudit(tx, caller, 'password.changed', self(caller), { sessionsEnded: revoked.sessions })
  })
}

/** Asks for a new address: a link goes to it, and the current address is told. */
export async function requestEmailChange(
  ctx: ServerContext,
  caller: Caller,
  password: string,
  email: string,
) {
  await confirmPassword(ctx, caller, password)
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (taken) throw conflict('An account with this email already exists.', 'EMAIL_TAKEN')
    const [person] = await tx
      .update(users)
      .set({ pendingEmail: email, updatedAt: new Date() })
      .where(eq(users.id, caller.userId))
      .returning()
    const token = await issueAuthToken(tx, ctx.config.sessionSecret, caller.userId, 'change_email')
    const link = new URL(api.auth.confirmEmail.path, ctx.config.appUrl)
    link.searchParams.set('token', token)
    await sendMail(
      uow,
      confirmNewEmailMail,
      { email, language: person!.language },
      {
        name: person!.name,
        url: mailSecret(ctx.config.secretsKey, link.toString()),
      },
    )
    await sendMail(uow, emailChangeNoticeMail, person!, {
      name: person!.name,
      newEmail: email,
      url: absoluteHref(ctx.config.appUrl, 'account'),
    })
    await recordAudit(tx, caller, 'email.change_requested', self(caller), { to: email })
  })
}

/** The new address's link: the account takes it, unless someone registered it meanwhile. */
export async function confirmEmailChange(ctx: ServerContext, token: string) {
  await inTransaction(ctx.db, async ({ tx }) => {
    const userId = await consumeAuthToken(tx, ctx.config.sessionSecret, token, 'change_email')
    const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!person?.pendingEmail) throw conflict('There is no address change to confirm', 'NO_EMAIL_CHANGE')
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, person.pendingEmail), ne(users.id, userId)))
    if (taken) throw conflict('An account with this email already exists.', 'EMAIL_TAKEN')
    await tx
      .update(users)
      .set({ email: person.pendingEmail, pendingEmail: null, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
    await recordAudit(
      tx,
      { userId, organizationId: person.organizationId, label: person.pendingEmail },
      'email.changed',
      { type: 'user', id: userId, label: person.pendingEmail },
      { from: person.email },
    )
  })
}
