import { expect } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { supportAttachments, supportMessages, supportTickets } from '#server/db/schema/index.ts'
import { hashToken } from '#server/lib/tokens.ts'
import {
  billingAdmins,
  everyone,
  json,
  officersOnly,
  organizationOnly,
  type Row,
  signedIn,
} from './matrix-rows.ts'

/** The tracking link of the matrix's visitor ticket. */
export const MATRIX_TRACKING_TOKEN = 'matrix-tracking-token-0123456789'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

export type SupportFixtures = {
  /** Closed and rated: every change a member asks for is refused the same way (409). */
  demoTicketId: string
  demoTicketAttachmentId: string
  /** New: replies land, a reopening is refused (409). */
  demoOpenTicketId: string
  visitorAttachmentId: string
}

/** The demo organization's two tickets and a visitor's, straight into the tables. */
export async function insertSupportFixtures(
  db: Database,
  demo: { id: string; organizationId: string; email: string },
  sessionSecret: string,
): Promise<SupportFixtures> {
  const base = {
    requesterName: 'Demo User',
    requesterEmail: demo.email,
    category: 'technical' as const,
    priority: 'P3' as const,
    planId: 'basic',
    firstResponseMinutes: 2_160,
    nextResponseMinutes: 2_160,
    firstResponseDueAt: new Date(Date.now() + 86_400_000),
  }
  const [closed] = await db
    .insert(supportTickets)
    .values({
      ...base,
      number: 'TCK-2026-MATRIX1',
      organizationId: demo.organizationId,
      createdBy: demo.id,
      subject: 'Matrix closed ticket',
      status: 'closed',
      ratingScore: 4,
      closedAt: new Date(),
    })
    .returning()
  const [open] = await db
    .insert(supportTickets)
    .values({
      ...base,
      number: 'TCK-2026-MATRIX2',
      organizationId: demo.organizationId,
      createdBy: demo.id,
      subject: 'Matrix open ticket',
    })
    .returning()
  const [visitor] = await db
    .insert(supportTickets)
    .values({
      ...base,
      number: 'TCK-2026-MATRIX3',
      requesterName: 'A visitor',
      requesterEmail: 'matrix-visitor@example.com',
      category: 'sales',
      subject: 'Matrix visitor ticket',
      trackingTokenHash: hashToken(sessionSecret, MATRIX_TRACKING_TOKEN),
      trackingTokenExpiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning()
  const attach = async (ticketId: string, authorKind: 'customer' | 'visitor') => {
    const [message] = await db
      .insert(supportMessages)
      .values({ ticketId, authorKind, authorName: 'Matrix', body: 'Matrix message' })
      .returning()
    const [attachment] = await db
      .insert(supportAttachments)
      .values({
        ticketId,
        messageId: message!.id,
        fileName: 'matrix.png',
        contentType: 'image/png',
        size: PNG.length,
        content: PNG,
      })
      .returning()
    return attachment!.id
  }
  return {
    demoTicketId: closed!.id,
    demoTicketAttachmentId: await attach(closed!.id, 'customer'),
    demoOpenTicketId: open!.id,
    visitorAttachmentId: await attach(visitor!.id, 'visitor'),
  }
}

/** Members see their organization's tickets; visitors only through a tracking link; officers all. */
export function supportRows(): Row[] {
  const ticket = (id: string, suffix = '') => `/api/support/tickets/${id}${suffix}`
  const officerTicket = (id: string, suffix = '') => `/api/officers/tickets/${id}${suffix}`
  const reply = { body: 'Matrix reply' }
  return [
    {
      method: 'GET',
      url: '/api/support/overview',
      request: () => ({ url: '/api/support/overview' }),
      expected: signedIn(200),
    },
    {
      method: 'GET',
      url: '/api/support/resources',
      request: () => ({ url: '/api/support/resources' }),
      expected: signedIn(200),
    },
    {
      method: 'GET',
      url: '/api/support/tickets',
      request: () => ({ url: '/api/support/tickets' }),
      expected: signedIn(200),
      check: (caller, response) => {
        if (caller === 'visitor') return
        const mine = caller === 'user' || caller === 'admin'
        expect(response.json().items.length > 0).toBe(mine)
      },
    },
    {
      method: 'POST',
      url: '/api/support/tickets',
      request: () => ({
        url: '/api/support/tickets',
        ...json({ category: 'account', priority: 'P5', subject: 'Matrix', description: 'A question' }),
      }),
      expected: signedIn(201),
    },
    {
      method: 'GET',
      url: '/api/support/tickets/:id',
      request: ({ demoTicketId }) => ({ url: ticket(demoTicketId) }),
      expected: organizationOnly(200),
    },
    {
      method: 'POST',
      url: '/api/support/tickets/:id/messages',
      request: ({ demoOpenTicketId }) => ({ url: ticket(demoOpenTicketId, '/messages'), ...json(reply) }),
      expected: organizationOnly(200),
    },
    ...(['resolve', 'close'] as const).map(
      (move): Row => ({
        method: 'POST',
        url: `/api/support/tickets/:id/${move}`,
        request: ({ demoTicketId }) => ({ url: ticket(demoTicketId, `/${move}`) }),
        expected: organizationOnly(409),
      }),
    ),
    {
      method: 'POST',
      url: '/api/support/tickets/:id/reopen',
      request: ({ demoOpenTicketId }) => ({ url: ticket(demoOpenTicketId, '/reopen') }),
      expected: organizationOnly(409),
    },
    {
      method: 'POST',
      url: '/api/support/tickets/:id/rating',
      request: ({ demoTicketId }) => ({ url: ticket(demoTicketId, '/rating'), ...json({ score: 5 }) }),
      expected: organizationOnly(409),
    },
    {
      method: 'GET',
      url: '/api/support/tickets/:id/attachments/:attachmentId',
      request: ({ demoTicketId, demoTicketAttachmentId }) => ({
        url: ticket(demoTicketId, `/attachments/${demoTicketAttachmentId}`),
      }),
      expected: organizationOnly(200),
    },
    {
      method: 'POST',
      url: '/api/support/plan-upgrade',
      // Basic is no upgrade for any organization: the admins are refused the same way.
      request: () => ({
        url: '/api/support/plan-upgrade',
        payload: { planId: 'basic', currency: 'EUR' },
        headers: { 'content-type': 'application/json', 'idempotency-key': 'matrix-plan-upgrade' },
      }),
      expected: billingAdmins(422),
    },
    {
      method: 'POST',
      url: '/api/support/public/tickets',
      request: () => ({
        url: '/api/support/public/tickets',
        ...json({
          name: 'Matrix visitor',
          email: 'matrix-visitor@example.com',
          category: 'sales',
          subject: 'Matrix',
          description: 'A question from the public site',
        }),
      }),
      expected: everyone(201),
    },
    {
      method: 'POST',
      url: '/api/support/public/track',
      request: () => ({
        url: '/api/support/public/track',
        ...json({ number: 'TCK-2026-000999', email: 'matrix-visitor@example.com' }),
      }),
      expected: everyone(200),
    },
    {
      method: 'GET',
      url: '/api/support/public/thread',
      request: () => ({ url: `/api/support/public/thread?token=${MATRIX_TRACKING_TOKEN}` }),
      expected: everyone(200),
    },
    {
      method: 'POST',
      url: '/api/support/public/thread/messages',
      request: () => ({
        url: '/api/support/public/thread/messages',
        ...json({ ...reply, token: MATRIX_TRACKING_TOKEN }),
      }),
      expected: everyone(200),
    },
    {
      method: 'GET',
      url: '/api/support/public/thread/attachments/:attachmentId',
      request: ({ visitorAttachmentId }) => ({
        url: `/api/support/public/thread/attachments/${visitorAttachmentId}?token=${MATRIX_TRACKING_TOKEN}`,
      }),
      expected: everyone(200),
    },
    {
      method: 'POST',
      url: '/api/dev/support/expire-tracking-link',
      // Development only, for the browser tests; no ticket has this number.
      request: () => ({
        url: '/api/dev/support/expire-tracking-link',
        ...json({ number: 'TCK-2026-999999' }),
      }),
      expected: everyone(404),
    },
    {
      method: 'GET',
      url: '/api/officers/tickets',
      request: () => ({ url: '/api/officers/tickets' }),
      expected: officersOnly(200),
    },
    {
      method: 'GET',
      url: '/api/officers/support-officers',
      request: () => ({ url: '/api/officers/support-officers' }),
      expected: officersOnly(200),
    },
    {
      method: 'GET',
      url: '/api/officers/tickets/:id',
      request: ({ demoTicketId }) => ({ url: officerTicket(demoTicketId) }),
      expected: officersOnly(200),
    },
    {
      method: 'PATCH',
      url: '/api/officers/tickets/:id',
      request: ({ demoOpenTicketId }) => ({
        url: officerTicket(demoOpenTicketId),
        ...json({ priority: 'P4' }),
      }),
      expected: officersOnly(200),
    },
    {
      method: 'POST',
      url: '/api/officers/tickets/:id/messages',
      request: ({ demoOpenTicketId }) => ({
        url: officerTicket(demoOpenTicketId, '/messages'),
        ...json({ ...reply, internal: true }),
      }),
      expected: officersOnly(200),
    },
    {
      method: 'GET',
      url: '/api/officers/tickets/:id/attachments/:attachmentId',
      request: ({ demoTicketId, demoTicketAttachmentId }) => ({
        url: officerTicket(demoTicketId, `/attachments/${demoTicketAttachmentId}`),
      }),
      expected: officersOnly(200),
    },
  ]
}
