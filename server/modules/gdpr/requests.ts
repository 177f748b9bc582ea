import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { absoluteHref, href } from '#common/routes.ts'
import {
  ERASURE_EXTENSION_MONTHS,
  EXPORT_VALID_DAYS,
  type GdprRequest,
  type OfficerGdprRequest,
} from '#common/schemas/gdpr.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { gdprRequests, organizations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import type { Caller } from '#server/lib/caller.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import {
  erasureApprovedMail,
  erasureExtendedMail,
  erasureRefusedMail,
  exportReadyMail,
} from '#server/mail/account-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { createNotification, notifyOfficers } from '#server/modules/notifications/index.ts'
import { buildExportArchive } from './archive.ts'
import { eraseAccount, erasurePreview } from './erasure.ts'

/*
 * A person's GDPR requests. An export is built by a job and downloadable for 7 days from a link
 * that needs their session. An erasure waits in the officers' queue with its legal deadline (a
 * month, extendable by two with a notice) and is blocked while the organization owes invoices.
 */

const DAY_MS = 24 * 60 * 60 * 1000
type Row = typeof gdprRequests.$inferSelect

const toRequest = (row: Row): GdprRequest => ({
  id: row.id,
  kind: row.kind,
  status:
    row.status === 'ready' && row.archiveExpiresAt && row.archiveExpiresAt <= new Date()
      ? 'expired'
      : row.status,
  deadlineAt: row.deadlineAt.toISOString(),
  reason: row.reason,
  archiveExpiresAt: row.archiveExpiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
})

const addMonths = (date: Date, months: number) => {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + months)
  return next
}

export async function listOwnRequests(db: Queryable, caller: Caller): Promise<GdprRequest[]> {
  const rows = await db
    .select()
    .from(gdprRequests)
    .where(eq(gdprRequests.userId, caller.userId))
    .orderBy(desc(gdprRequests.createdAt))
    .limit(20)
  return rows.map(toRequest)
}

async function requester(tx: Queryable, caller: Caller) {
  const [row] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, caller.userId))
  return row!
}

async function assertNoneWaiting(tx: Queryable, caller: Caller, kind: Row['kind']) {
  const [waiting] = await tx
    .select({ id: gdprRequests.id })
    .from(gdprRequests)
    .where(
      and(
        eq(gdprRequests.userId, caller.userId),
        eq(gdprRequests.kind, kind),
        eq(gdprRequests.status, 'pending'),
      ),
    )
  if (waiting) throw conflict('A request of this kind is already in progress', 'GDPR_REQUEST_PENDING')
}

/** Asks for an export: a job builds it, in the transaction's wake. */
export async function requestExport(ctx: ServerContext, caller: Caller) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    await assertNoneWaiting(tx, caller, 'export')
    const person = await requester(tx, caller)
    const [row] = await tx
      .insert(gdprRequests)
      .values({
        userId: caller.userId,
        organizationId: caller.organizationId,
        kind: 'export',
        ...person,
        deadlineAt: addMonths(new Date(), 1),
      })
      .returning()
    await uow.enqueue(QUEUES.gdprExport, { requestId: row!.id })
    await recordAudit(tx, caller, 'gdpr.export_requested', {
      type: 'gdpr_request',
      id: row!.id,
      label: person.email,
    })
    return toRequest(row!)
  })
}

/** The export job: the archive is stored with its expiry, and the person told. */
export async function buildExport(ctx: ServerContext, requestId: string) {
  const [request] = await ctx.db.select().from(gdprRequests).where(eq(gdprRequests.id, requestId))
  if (request?.status !== 'pending') return
  const now = new Date()
  const archive = await buildExportArchive(ctx.db, request.userId, now)
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [ready] = await tx
      .update(gdprRequests)
      .set({
        status: 'ready',
        archive,
        archiveExpiresAt: new Date(now.getTime() + EXPORT_VALID_DAYS * DAY_MS),
        decidedAt: now,
      })
      .where(and(eq(gdprRequests.id, requestId), eq(gdprRequests.status, 'pending')))
      .returning({ id: gdprRequests.id })
    if (!ready) return
    const [person] = await tx.select().from(users).where(eq(users.id, request.userId))
    if (!person) return
    await createNotification(uow, {
      userId: person.id,
      type: 'success',
      title: 'Your data export is ready',
      message: `Download it from your account page within ${EXPORT_VALID_DAYS} days.`,
      link: href('account'),
    })
    await sendMail(uow, exportReadyMail, person, {
      name: person.name,
      url: absoluteHref(ctx.config.appUrl, 'account'),
      days: EXPORT_VALID_DAYS,
    })
  })
}

/** The ZIP of one of the caller's own exports, while it is downloadable. */
export async function exportArchive(db: Queryable, caller: Caller, id: string): Promise<Buffer> {
  const [row] = await db
    .select({ archive: gdprRequests.archive })
    .from(gdprRequests)
    .where(
      and(
        eq(gdprRequests.id, id),
        eq(gdprRequests.userId, caller.userId),
        eq(gdprRequests.kind, 'export'),
        eq(gdprRequests.status, 'ready'),
        sql`${gdprRequests.archiveExpiresAt} > now()`,
      ),
    )
  if (!row?.archive) throw notFound('This export is not available any more: ask for a new one')
  return row.archive
}

/** Asks for erasure: officers decide before the legal deadline, a month from now. */
export async function requestErasure(ctx: ServerContext, caller: Caller, reason: string | null) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    await assertNoneWaiting(tx, caller, 'erasure')
    const person = await requester(tx, caller)
    const [row] = await tx
      .insert(gdprRequests)
      .values({
        userId: caller.userId,
        organizationId: caller.organizationId,
        kind: 'erasure',
        ...person,
        reason,
        deadlineAt: addMonths(new Date(), 1),
      })
      .returning()
    await notifyOfficers(uow, {
      title: 'Erasure request',
      message: `${person.name} (${person.email}) asks for their account to be erased.`,
      link: href('officersPanel'),
    })
    await recordAudit(tx, caller, 'gdpr.erasure_requested', {
      type: 'gdpr_request',
      id: row!.id,
      label: person.email,
    })
    return toRequest(row!)
  })
}

/** The officers' queue: erasures waiting, the nearest deadline first, each with its preview. */
export async function listErasuresForOfficers(db: Queryable): Promise<OfficerGdprRequest[]> {
  const rows = await db
    .select({ request: gdprRequests, organizationName: organizations.name })
    .from(gdprRequests)
    .innerJoin(organizations, eq(organizations.id, gdprRequests.organizationId))
    .where(and(eq(gdprRequests.kind, 'erasure'), eq(gdprRequests.status, 'pending')))
    .orderBy(asc(gdprRequests.deadlineAt))
    .limit(100)
  const answers: OfficerGdprRequest[] = []
  // One preview per request: the queue is short (a handful a month), so its counts are read in turn.
  for (const { request, organizationName } of rows)
    answers.push({
      ...toRequest(request),
      name: request.name,
      email: request.email,
      organizationName,
      extended: request.extendedAt !== null,
      preview: await erasurePreview(db, request.userId, request.organizationId, request.email),
    })
  return answers
}

async function pendingErasure(tx: Queryable, id: string) {
  const [row] = await tx
    .select()
    .from(gdprRequests)
    .where(and(eq(gdprRequests.id, id), eq(gdprRequests.kind, 'erasure')))
    .for('update')
  if (!row) throw notFound('Request not found')
  if (row.status !== 'pending') throw conflict('This request has already been decided', 'ALREADY_DECIDED')
  return row
}

export async function decideErasure(
  ctx: ServerContext,
  officer: Caller,
  id: string,
  approve: boolean,
  reason: string | null,
) {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const request = await pendingErasure(tx, id)
    const [person] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, request.userId))
    if (approve) {
      const preview = await erasurePreview(tx, request.userId, request.organizationId, request.email)
      if (preview.unpaidInvoices > 0)
        throw conflict(
          `The organization has ${preview.unpaidInvoices} unpaid invoice(s): the account is erased once they are paid.`,
          'UNPAID_INVOICES',
        )
      // The person's organization's log shows what ended; the officer's decision is logged below.
      await eraseAccount(tx, request.userId, request.email, {
        system: true,
        organizationId: request.organizationId,
      })
    }
    await tx
      .update(gdprRequests)
      .set({
        status: approve ? 'approved' : 'refused',
        reason: approve ? request.reason : reason,
        decidedBy: officer.userId,
        decidedAt: new Date(),
      })
      .where(eq(gdprRequests.id, id))
    // The person is mailed at the address they asked from: an erased account has none left.
    await sendMail(
      uow,
      approve ? erasureApprovedMail : erasureRefusedMail,
      { email: request.email, language: person?.language ?? 'en' },
      {
        name: request.name,
        reason,
        deadline: request.deadlineAt.toISOString().slice(0, 10),
        url: absoluteHref(ctx.config.appUrl, approve ? 'privacyPolicy' : 'account'),
      },
    )
    await recordAudit(
      tx,
      { ...officer, organizationId: request.organizationId },
      approve ? 'gdpr.erasure_approved' : 'gdpr.erasure_refused',
      { type: 'gdpr_request', id, label: approve ? null : request.email },
      reason ? { reason } : {},
    )
  })
}

/** Two more months, once, with the reason told to the person. */
export async function extendErasure(ctx: ServerContext, officer: Caller, id: string, reason: string) {
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const request = await pendingErasure(tx, id)
    if (request.extendedAt) throw conflict('The deadline has already been extended once', 'ALREADY_EXTENDED')
    const deadlineAt = addMonths(request.deadlineAt, ERASURE_EXTENSION_MONTHS)
    await tx.update(gdprRequests).set({ deadlineAt, extendedAt: new Date() }).where(eq(gdprRequests.id, id))
    const [person] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, request.userId))
    await sendMail(
      uow,
      erasureExtendedMail,
      { email: request.email, language: person?.language ?? 'en' },
      {
        name: request.name,
        reason,
        deadline: deadlineAt.toISOString().slice(0, 10),
        url: absoluteHref(ctx.config.appUrl, 'account'),
      },
    )
    await recordAudit(
      tx,
      { ...officer, organizationId: request.organizationId },
      'gdpr.erasure_extended',
      {
        type: 'gdpr_request',
        id,
        label: request.email,
      },
      { reason, deadlineAt: deadlineAt.toISOString() },
    )
  })
}
