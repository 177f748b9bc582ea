import { and, eq, gt, gte, lte, sql } from 'drizzle-orm'
import { absoluteHref } from '#common/routes.ts'
import type {
  ContactRequest,
  ContactSalesRequest,
  CustomQuoteRequest,
  DemoBookingReceipt,
  DemoBookingRequest,
  DemoSlotsResponse,
  LeadKind,
  LeadReceipt,
  NewsletterConfirmResponse,
  NewsletterSubscribeRequest,
  WorkloadMigrationRequest,
} from '#common/schemas/leads.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { type Lead, leads, type NewLead, newsletterSubscriptions } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { badRequest, conflict, unprocessable } from '#server/lib/errors.ts'
import { generateToken, hashToken } from '#server/lib/tokens.ts'
import {
  leadConfirmationMail,
  newsletterAlreadySubscribedMail,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  salesLeadMail,
  salesNewsletterMail,
} from '#server/mail/lead-mails.ts'
import { sendMail } from '#server/mail/send-mail.ts'
import { mailSecret } from '#server/mail/template.ts'
import { NEWSLETTER_TOKEN_LIFETIME_MS } from './constants.ts'
import { DEMO_SLOT_RULES, demoSlotStarts, isOfferedDemoSlot } from './demo-slots.ts'

/** The lead forms other than the demo booking, each with the request its schema gives. */
export type LeadSubmission =
  | { kind: 'contact_sales'; request: ContactSalesRequest }
  | { kind: 'custom_quote'; request: CustomQuoteRequest }
  | { kind: 'workload_migration'; request: WorkloadMigrationRequest }
  | { kind: 'contact'; request: ContactRequest }

/** The sentence each form's answer carries (the web app shows its own, translated). */
const RECEIVED_MESSAGES: Record<LeadKind, string> = {
  contact_sales: 'Thank you. Our sales team will reply within one business day.',
  custom_quote: 'Thank you. We will send you a tailored quote within two business days.',
  schedule_demo: 'Your demo is booked. A confirmation is on its way to your inbox.',
  workload_migration: 'Thank you. A migration architect will contact you within two business days.',
  contact: 'Thank you for your message. We will get back to you within two business days.',
}

const SUBSCRIBE_MESSAGE = 'Check your inbox: we sent you a link to confirm your subscription.'
const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Please subscribe again to get a new one.'

/** Stores a lead and mails it to the sales inbox and a confirmation to the person. */
export async function submitLead(ctx: ServerContext, submission: LeadSubmission): Promise<LeadReceipt> {
  const lead = await storeLeadAndMail(ctx, toNewLead(submission.kind, submission.request))
  return { id: lead.id, message: RECEIVED_MESSAGES[submission.kind] }
}

/** The demo slots still free: those on offer now minus those booked. */
export async function listDemoSlots(db: Queryable, now = new Date()): Promise<DemoSlotsResponse> {
  const starts = demoSlotStarts(now)
  const booked = await db
    .select({ start: leads.demoSlotStart })
    .from(leads)
    .where(and(gte(leads.demoSlotStart, starts[0]!), lte(leads.demoSlotStart, starts.at(-1)!)))
  const bookedTimes = new Set(booked.map((row) => row.start?.getTime()))
  const slotMs = DEMO_SLOT_RULES.slotMinutes * 60_000
  return {
    timeZone: DEMO_SLOT_RULES.timeZone,
    slotMinutes: DEMO_SLOT_RULES.slotMinutes,
    slots: starts
      .filter((start) => !bookedTimes.has(start.getTime()))
      .map((start) => ({
        start: start.toISOString(),
        end: new Date(start.getTime() + slotMs).toISOString(),
      })),
  }
}

/** Books one demo slot; a slot that is not on offer is refused, one booked already is a conflict. */
export async function bookDemo(
  ctx: ServerContext,
  request: DemoBookingRequest,
  now = new Date(),
): Promise<DemoBookingReceipt> {
  const slotStart = new Date(request.slotStart)
  if (!isOfferedDemoSlot(slotStart, now))
    throw unprocessable(validationMessage('demoSlotNotOffered'), 'SLOT_NOT_OFFERED')
  const lead = await storeLeadAndMail(ctx, {
    ...toNewLead('schedule_demo', request),
    demoSlotStart: slotStart,
  })
  return { id: lead.id, message: RECEIVED_MESSAGES.schedule_demo, slotStart: slotStart.toISOString() }
}

/**
 * Subscribes an address, pending until the mailed link is opened. Asking again while pending sends
 * a new link (the old one stops working); an address already confirmed is told so by mail. The
 * answer is the same either way, so it does not tell who is subscribed.
 */
export async function subscribeToNewsletter(
  ctx: ServerContext,
  request: NewsletterSubscribeRequest,
): Promise<{ message: string }> {
  const token = generateToken()
  const pendingValues = {
    language: request.language,
    tokenHash: hashToken(ctx.config.sessionSecret, token),
    tokenExpiresAt: new Date(Date.now() + NEWSLETTER_TOKEN_LIFETIME_MS),
  }
  await inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [pending] = await tx
      .insert(newsletterSubscriptions)
      .values({ email: request.email, ...pendingValues })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { ...pendingValues, updatedAt: sql`now()` },
        setWhere: eq(newsletterSubscriptions.status, 'pending'),
      })
      .returning({ id: newsletterSubscriptions.id })
    const subscriber = { email: request.email, language: request.language }
    if (pending)
      await sendMail(uow, newsletterConfirmationMail, subscriber, {
        url: mailSecret(ctx.config.secretsKey, absoluteHref(ctx.config.appUrl, 'newsletter', { token })),
      })
    else await sendMail(uow, newsletterAlreadySubscribedMail, subscriber, {})
  })
  return { message: SUBSCRIBE_MESSAGE }
}

/**
 * Confirms the subscription of a mailed link, once, in one statement (two requests racing with the
 * link cannot both confirm). A link used before answers `already_confirmed`.
 */
export async function confirmNewsletter(
  ctx: ServerContext,
  token: string,
): Promise<NewsletterConfirmResponse> {
  const tokenHash = hashToken(ctx.config.sessionSecret, token)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const [confirmed] = await tx
      .update(newsletterSubscriptions)
      .set({ status: 'confirmed', confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(newsletterSubscriptions.tokenHash, tokenHash),
          eq(newsletterSubscriptions.status, 'pending'),
          gt(newsletterSubscriptions.tokenExpiresAt, sql`now()`),
        ),
      )
      .returning()
    if (confirmed) {
      const { email, language } = confirmed
      await sendMail(uow, salesNewsletterMail, ctx.config.salesInbox, {
        subscriber: email,
        language,
      })
      await sendMail(uow, newsletterWelcomeMail, { email, language }, {})
      return { status: 'confirmed', message: 'Your subscription is confirmed. Welcome aboard!' }
    }
    const [earlier] = await tx
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.tokenHash, tokenHash))
    if (earlier?.status === 'confirmed')
      return { status: 'already_confirmed', message: 'Your subscription was already confirmed.' }
    throw badRequest(INVALID_LINK_MESSAGE, 'INVALID_TOKEN')
  })
}

/**
 * The columns every lead has, and the fields of its own form as `details` (empty optional fields
 * left out). Every field of a lead request is a string.
 */
function toNewLead(kind: LeadKind, request: Record<string, string>): NewLead {
  const { name, email, company, message, language, slotStart: _slotStart, ...details } = request
  return {
    kind,
    name: name!,
    email: email!,
    company: company || null,
    message: message || null,
    language: language === 'fr' ? 'fr' : 'en',
    details: Object.fromEntries(Object.entries(details).filter(([, value]) => value !== '')),
  }
}

/** One transaction: the lead and both mails exist together or not at all. */
async function storeLeadAndMail(ctx: ServerContext, lead: NewLead): Promise<Lead> {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    // The only unique value a lead holds is its demo slot: no row back means it was just booked.
    const [stored] = await tx.insert(leads).values(lead).onConflictDoNothing().returning()
    if (!stored) throw conflict(validationMessage('demoSlotTaken'), 'SLOT_TAKEN')
    await sendMail(uow, salesLeadMail, ctx.config.salesInbox, stored)
    await sendMail(uow, leadConfirmationMail, stored, stored)
    return stored
  })
}
