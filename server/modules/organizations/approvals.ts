import { and, desc, eq } from 'drizzle-orm'
import { absoluteHref, href } from '#common/routes.ts'
import type { PromotionRequest, PromotionStatus, Registration } from '#common/schemas/accounts.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  organizations,
  promotionRequests,
  registrationRequests,
  sessions,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import {
  promotionDecidedMail,
  promotionRequestedMail,
  registrationApprovedMail,
  registrationRejectedMail,
} from '#server/mail/account-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import { activeAdminsOf } from '#server/modules/users/index.ts'
import { retireAccount } from './members.ts'

/*
 * What waits for an organization's admins: registrations made with its billing ID, and members'
 * requests to become admins. Each decision is mailed to the person and audited.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null

export async function listRegistrations(
  db: Queryable,
  organizationId: string,
  status: Registration['status'],
): Promise<Registration[]> {
  const rows = await db
    .select({
      id: registrationRequests.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      emailVerified: users.emailVerified,
      status: registrationRequests.status,
      createdAt: registrationRequests.createdAt,
      decidedAt: registrationRequests.decidedAt,
    })
    .from(registrationRequests)
    .innerJoin(users, eq(users.id, registrationRequests.userId))
    .where(
      and(eq(registrationRequests.organizationId, organizationId), eq(registrationRequests.status, status)),
    )
    .orderBy(desc(registrationRequests.createdAt))
    .limit(200)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  }))
}

/** Approves or rejects a registration; a rejected account is retired so its address is free again. */
export async function decideRegistration(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  approve: boolean,
  note: string | null,
) {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [request] = await tx
      .select({
        id: registrationRequests.id,
        status: registrationRequests.status,
        user: users,
        organization: organizations.name,
      })
      .from(registrationRequests)
      .innerJoin(users, eq(users.id, registrationRequests.userId))
      .innerJoin(organizations, eq(organizations.id, registrationRequests.organizationId))
      .where(
        and(eq(registrationRequests.id, id), eq(registrationRequests.organizationId, caller.organizationId)),
      )
      .for('update', { of: registrationRequests })
    if (!request) throw notFound('Registration not found')
    if (request.status !== 'pending')
      throw conflict('This registration has already been decided.', 'ALREADY_DECIDED')
    const { user } = request
    await tx
      .update(registrationRequests)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: caller.userId, decidedAt: new Date() })
      .where(eq(registrationRequests.id, id))
    if (approve) {
      await admitMember(uow, user.id, request.organization)
    } else {
      await retireAccount(tx, { userId: user.id, change: 'registration_rejected', actor: caller })
    }
    const template = approve ? registrationApprovedMail : registrationRejectedMail
    await sendMail(uow, template, user, {
      name: user.name,
      organization: request.organization,
      note,
      url: absoluteHref(ctx.config.appUrl, approve ? 'signIn' : 'contact'),
    })
    await recordAudit(
      tx,
      caller,
      approve ? 'registration.approved' : 'registration.rejected',
      { type: 'registration', id, label: user.email },
      note ? { note } : {},
    )
  })
}

/** The registrant becomes an active member and is told so in the app. */
async function admitMember(uow: UnitOfWork, userId: string, organization: string) {
  const { tx } = uow
  await tx
    .update(users)
    .set({ membershipStatus: 'active', updatedAt: new Date() })
    .where(eq(users.id, userId))
  await createNotification(uow, {
    userId,
    type: 'success',
    title: 'Registration approved',
    message: `You are now a member of ${organization}.`,
  })
}

/**
 * Called once a registrant's address is proven (its link was opened): a registration made at a
 * domain the organization still vouches for is approved by itself, never before.
 */
export async function admitVouchedRegistrant(ctx: ServerContext, uow: UnitOfWork, userId: string) {
  const { tx } = uow
  const [request] = await tx
    .select({
      id: registrationRequests.id,
      vouchedDomain: registrationRequests.vouchedDomain,
      user: users,
      organization: organizations,
    })
    .from(registrationRequests)
    .innerJoin(users, eq(users.id, registrationRequests.userId))
    .innerJoin(organizations, eq(organizations.id, registrationRequests.organizationId))
    .where(and(eq(registrationRequests.userId, userId), eq(registrationRequests.status, 'pending')))
    .for('update', { of: registrationRequests })
  const domain = request?.vouchedDomain
  if (!request || !domain || request.user.membershipStatus !== 'pending') return
  // The address must still be at the domain, and the organization must still vouch for it.
  if (request.user.email.split('@')[1] !== domain || !request.organization.verifiedDomains.includes(domain))
    return
  await tx
    .update(registrationRequests)
    .set({ status: 'approved', decidedAt: new Date() })
    .where(eq(registrationRequests.id, request.id))
  await admitMember(uow, userId, request.organization.name)
  await sendMail(uow, registrationApprovedMail, request.user, {
    name: request.user.name,
    organization: request.organization.name,
    note: null,
    url: absoluteHref(ctx.config.appUrl, 'signIn'),
  })
  await recordAudit(
    tx,
    { system: true, organizationId: request.organization.id },
    'registration.approved',
    { type: 'registration', id: request.id, label: request.user.email },
    { verifiedDomain: domain },
  )
}

const promotionColumns = {
  id: promotionRequests.id,
  userId: promotionRequests.userId,
  name: users.name,
  email: users.email,
  reason: promotionRequests.reason,
  status: promotionRequests.status,
  note: promotionRequests.note,
  createdAt: promotionRequests.createdAt,
  decidedAt: promotionRequests.decidedAt,
}
type PromotionRow = Omit<PromotionRequest, 'createdAt' | 'decidedAt'> & {
  createdAt: Date
  decidedAt: Date | null
}
const toPromotion = (row: PromotionRow): PromotionRequest => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
})

export async function listPromotionRequests(
  db: Queryable,
  organizationId: string,
  status: PromotionStatus,
): Promise<PromotionRequest[]> {
  const rows = await db
    .select(promotionColumns)
    .from(promotionRequests)
    .innerJoin(users, eq(users.id, promotionRequests.userId))
    .where(and(eq(promotionRequests.organizationId, organizationId), eq(promotionRequests.status, status)))
    .orderBy(desc(promotionRequests.createdAt))
    .limit(200)
  return rows.map(toPromotion)
}

/** The caller's latest request, if any. */
export async function myPromotionRequest(db: Queryable, caller: Caller): Promise<PromotionRequest | null> {
  const [row] = await db
    .select(promotionColumns)
    .from(promotionRequests)
    .innerJoin(users, eq(users.id, promotionRequests.userId))
    .where(eq(promotionRequests.userId, caller.userId))
    .orderBy(desc(promotionRequests.createdAt))
    .limit(1)
  return row ? toPromotion(row) : null
}

export async function askForPromotion(ctx: ServerContext, caller: Caller, reason: string) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [me] = await tx.select().from(users).where(eq(users.id, caller.userId)).for('update')
    if (me?.role !== 'user') throw conflict('You are already an admin of your organization.', 'ALREADY_ADMIN')
    const [waiting] = await tx
      .select({ id: promotionRequests.id })
      .from(promotionRequests)
      .where(and(eq(promotionRequests.userId, caller.userId), eq(promotionRequests.status, 'pending')))
    if (waiting)
      throw conflict('Your request to become an admin is already waiting for an answer.', 'ALREADY_ASKED')
    const [row] = await tx
      .insert(promotionRequests)
      .values({ userId: caller.userId, organizationId: caller.organizationId, reason })
      .returning()
    await tellAdmins(ctx, uow, caller.organizationId, me, reason)
    await recordAudit(tx, caller, 'promotion.requested', {
      type: 'promotion_request',
      id: row!.id,
      label: me.email,
    })
    return toPromotion({ ...row!, name: me.name, email: me.email })
  })
}

/** An approved request makes the member an admin; their sessions end so the new role starts clean. */
export async function decidePromotion(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  approve: boolean,
  note: string | null,
) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [request] = await tx
      .select({ request: promotionRequests, user: users, organization: organizations.name })
      .from(promotionRequests)
      .innerJoin(users, eq(users.id, promotionRequests.userId))
      .innerJoin(organizations, eq(organizations.id, promotionRequests.organizationId))
      .where(and(eq(promotionRequests.id, id), eq(promotionRequests.organizationId, caller.organizationId)))
      .for('update', { of: promotionRequests })
    if (!request) throw notFound('Promotion request not found')
    if (request.request.status !== 'pending')
      throw conflict('This request has already been answered.', 'ALREADY_DECIDED')
    const { user } = request
    const decidedAt = new Date()
    const status = approve ? ('approved' as const) : ('declined' as const)
    await tx
      .update(promotionRequests)
      .set({ status, note, decidedBy: caller.userId, decidedAt })
      .where(eq(promotionRequests.id, id))
    if (approve) {
      await tx.update(users).set({ role: 'admin', updatedAt: decidedAt }).where(eq(users.id, user.id))
      await tx.delete(sessions).where(eq(sessions.userId, user.id))
    }
    await createNotification(uow, {
      userId: user.id,
      type: approve ? 'success' : 'info',
      title: approve ? 'You are now an admin' : 'Promotion request declined',
      message: approve
        ? `Your request to become an admin of ${request.organization} was approved.`
        : `Your request to become an admin of ${request.organization} was declined.`,
      link: href('account'),
    })
    await sendMail(uow, promotionDecidedMail, user, {
      name: user.name,
      organization: request.organization,
      note,
      approved: approve,
      url: absoluteHref(ctx.config.appUrl, 'signIn'),
    })
    await recordAudit(
      tx,
      caller,
      approve ? 'promotion.approved' : 'promotion.declined',
      { type: 'user', id: user.id, label: user.email },
      { request: id, ...(note ? { note } : {}) },
    )
    return toPromotion({ ...request.request, status, note, decidedAt, name: user.name, email: user.email })
  })
}

async function tellAdmins(
  ctx: ServerContext,
  uow: UnitOfWork,
  organizationId: string,
  applicant: { name: string; email: string },
  reason: string,
) {
  const { tx } = uow
  const admins = await activeAdminsOf(tx, organizationId)
  for (const admin of admins) {
    await createNotification(uow, {
      userId: admin.id,
      type: 'info',
      title: 'Promotion request',
      message: `${applicant.name} (${applicant.email}) asks to become an admin.`,
      link: href('promotionRequests'),
    })
    await sendMail(uow, promotionRequestedMail, admin, {
      name: admin.name,
      applicant: `${applicant.name} (${applicant.email})`,
      reason,
      url: absoluteHref(ctx.config.appUrl, 'promotionRequests'),
    })
  }
}
