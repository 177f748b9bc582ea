import { and, desc, eq, sql } from 'drizzle-orm'
import { absoluteHref } from '#common/routes.ts'
import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationPreview,
  type InvitationRequest,
} from '#common/schemas/accounts.ts'
import type { InvitationAcceptance } from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type InvitationRow, invitations, organizations, users } from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import { invitationMail } from '#server/mail/account-mails.ts'
import { invitationForAccountHolderMail } from '#server/mail/invitation-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { mailSecret } from '#server/mail/template.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import type { SessionMeta } from '#server/modules/auth/index.ts'
import { assertAcceptablePassword, hashPassword, openSession } from '#server/modules/auth/index.ts'
import { findUserById, toUserResponse } from '#server/modules/users/index.ts'

/*
 * Invitations: an admin names an address, the mailed link (a random token whose keyed hash is
 * kept, valid 7 days) lets that person create their account straight into the organization. An
 * address that already has an account elsewhere is invited all the same, so the answer does not
 * tell who has an account; its holder is told by mail instead of getting a link.
 */

const VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000

function toInvitation(row: InvitationRow & { inviterName: string }): Invitation {
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= Date.now()
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: expired ? 'expired' : row.status,
    invitedBy: row.inviterName,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

/** The organization's invitations not yet accepted, newest first. */
export async function listInvitations(db: Queryable, organizationId: string): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.createdAt))
    .limit(200)
  return rows.map((row) => toInvitation({ ...row.invitation, inviterName: row.inviterName }))
}

export async function invite(ctx: ServerContext, caller: Caller, request: InvitationRequest) {
  const role = request.role ?? 'user'
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [existing] = await tx
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, request.email))
    if (existing?.organizationId === caller.organizationId)
      throw conflict('This person is already a member of your organization.', 'ALREADY_MEMBER')
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, caller.organizationId),
          eq(invitations.email, request.email),
          eq(invitations.status, 'pending'),
          sql`${invitations.expiresAt} > now()`,
        ),
      )
    if (open)
      throw conflict('An invitation to this address is still open: resend it instead.', 'ALREADY_INVITED')
    const token = generateToken()
    const [row] = await tx
      .insert(invitations)
      .values({
        organizationId: caller.organizationId,
        email: request.email,
        role,
        tokenHash: hashToken(ctx.config.sessionSecret, token),
        invitedBy: caller.userId,
        expiresAt: new Date(Date.now() + VALID_MS),
      })
      .returning()
    await mailInvitee(ctx, uow, row!, token)
    await recordAudit(
      tx,
      caller,
      'invitation.sent',
      { type: 'invitation', id: row!.id, label: row!.email },
      { role },
    )
    return toInvitation({ ...row!, inviterName: await nameOf(tx, caller.userId) })
  })
}

/** A new link (the old one stops working) and seven more days. */
export async function resendInvitation(ctx: ServerContext, caller: Caller, id: string) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const invitation = await openInvitation(tx, caller, id)
    const token = generateToken()
    const [row] = await tx
      .update(invitations)
      .set({
        tokenHash: hashToken(ctx.config.sessionSecret, token),
        expiresAt: new Date(Date.now() + VALID_MS),
        updatedAt: new Date(),
      })
      .where(eq(invitations.id, invitation.id))
      .returning()
    await mailInvitee(ctx, uow, row!, token)
    await recordAudit(tx, caller, 'invitation.resent', { type: 'invitation', id, label: row!.email })
    return toInvitation({ ...row!, inviterName: await nameOf(tx, row!.invitedBy) })
  })
}

export async function revokeInvitation(ctx: ServerContext, caller: Caller, id: string) {
  await inTransaction(ctx.db, async ({ tx }) => {
    const invitation = await openInvitation(tx, caller, id)
    await tx
      .update(invitations)
      .set({ status: 'revoked', updatedAt: new Date() })
      .where(eq(invitations.id, id))
    await recordAudit(tx, caller, 'invitation.revoked', { type: 'invitation', id, label: invitation.email })
  })
}

/** What the link shows before the person accepts; an unknown, used or lapsed link is a 404. */
export async function previewInvitation(ctx: ServerContext, token: string): Promise<InvitationPreview> {
  const found = await invitationByToken(ctx.db, ctx.config.sessionSecret, token)
  return {
    email: found.invitation.email,
    organizationName: found.organizationName,
    invitedBy: found.inviterName,
    role: found.invitation.role,
    expiresAt: found.invitation.expiresAt.toISOString(),
  }
}

/** Creates the account in the organization (the link proves the address) and signs it in. */
export async function acceptInvitation(ctx: ServerContext, input: InvitationAcceptance, meta: SessionMeta) {
  assertAcceptablePassword(input.password)
  const passwordHash = await hashPassword(input.password)
  return inTransaction(ctx.db, async ({ tx }) => {
    const { invitation } = await invitationByToken(tx, ctx.config.sessionSecret, input.token, true)
    const [taken] = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${input.username.toLowerCase()} or ${users.email} = ${invitation.email}`,
      )
    if (taken?.email === invitation.email)
      throw conflict('An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN')
    if (taken) throw conflict('This username is taken. Please choose another.', 'USERNAME_TAKEN')
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: invitation.email,
        name: input.name,
        passwordHash,
        role: invitation.role,
        organizationId: invitation.organizationId,
        emailVerified: true,
        language: input.language,
      })
      .returning({ id: users.id })
    await tx
      .update(invitations)
      .set({ status: 'accepted', acceptedUserId: user!.id, updatedAt: new Date() })
      .where(eq(invitations.id, invitation.id))
    const entrant = {
      id: user!.id,
      email: invitation.email,
      organizationId: invitation.organizationId,
      membershipStatus: 'active' as const,
      role: invitation.role,
      isOfficer: false,
    }
    await recordAudit(
      tx,
      { userId: user!.id, organizationId: invitation.organizationId, label: invitation.email, ...meta },
      'invitation.accepted',
      { type: 'invitation', id: invitation.id, label: invitation.email },
    )
    const session = await openSession(tx, ctx.config.sessionSecret, entrant, meta, 'invitation')
    return { user: toUserResponse((await findUserById(tx, user!.id))!), session }
  })
}

async function invitationByToken(db: Queryable, secret: string, token: string, lock = false) {
  const query = db
    .select({ invitation: invitations, organizationName: organizations.name, inviterName: users.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(secret, token)),
        eq(invitations.status, 'pending'),
        sql`${invitations.expiresAt} > now()`,
      ),
    )
  const [row] = lock ? await query.for('update', { of: invitations }) : await query
  if (!row)
    throw notFound(
      'This invitation link is not valid any more. Ask an administrator of the organization for a new one.',
      'INVITATION_INVALID',
    )
  return row
}

async function openInvitation(tx: Queryable, caller: Caller, id: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.organizationId, caller.organizationId),
        eq(invitations.status, 'pending'),
      ),
    )
    .for('update')
  if (!row) throw notFound('Invitation not found')
  return row
}

async function nameOf(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
  return row?.name ?? ''
}

/** The link to whoever may use it; the holder of an account at that address is told instead. */
async function mailInvitee(ctx: ServerContext, uow: UnitOfWork, invitation: InvitationRow, token: string) {
  const { tx } = uow
  const [holder] = await tx
    .select({ name: users.name, language: users.language })
    .from(users)
    .where(eq(users.email, invitation.email))
  if (!holder) return mailInvitation(ctx, uow, invitation, token)
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
  await sendMail(
    uow,
    invitationForAccountHolderMail,
    { email: invitation.email, language: holder.language },
    {
      name: holder.name,
      inviter: await nameOf(tx, invitation.invitedBy),
      organization: organization?.name ?? '',
    },
  )
}

async function mailInvitation(ctx: ServerContext, uow: UnitOfWork, invitation: InvitationRow, token: string) {
  const { tx } = uow
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
  const [inviter] = await tx
    .select({ name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, invitation.invitedBy))
  // The invitee has no language yet: the mail speaks the inviter's.
  await sendMail(
    uow,
    invitationMail,
    { email: invitation.email, language: inviter?.language ?? 'en' },
    {
      inviter: inviter?.name ?? '',
      organization: organization?.name ?? '',
      url: mailSecret(ctx.config.secretsKey, absoluteHref(ctx.config.appUrl, 'acceptInvitation', { token })),
      days: INVITATION_VALID_DAYS,
    },
  )
}
