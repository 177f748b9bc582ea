import { z } from 'zod'
import { orderSchema } from '../schemas/orders.ts'
import {
  ATTACHMENT_TYPES,
  newTicketSchema,
  publicReplySchema,
  publicTicketSchema,
  ratingSchema,
  replySchema,
  supportOverviewSchema,
  supportPlanUpgradeSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReceiptSchema,
  ticketResourceSchema,
  ticketSchema,
  trackingTokenQuerySchema,
  trackTicketSchema,
} from '../schemas/support.ts'
import { defineEndpoints, file } from './endpoint.ts'
import { idempotencyHeaders, idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const supportTicketsPath = '/api/support/tickets'

/** A file of a thread: `:id` the ticket, `:attachmentId` the file. */
export const attachmentParams = idParams.extend({ attachmentId: z.uuid() })

/**
 * A file of a thread goes out in the type read from its content when it arrived (one of the
 * accepted types, listed here); images show inline, the others download.
 */
export const attachmentFile = file(
  [...new Set(Object.values(ATTACHMENT_TYPES))].join(', '),
  'The attached file, in the type read from its content: PNG, JPEG, PDF or plain text',
)

const member = { audience: 'member', token: 'support' } as const
const uploadLimits =
  'Each organization may send SUPPORT_REQUESTS_PER_HOUR tickets and replies an hour (429) and SUPPORT_UPLOAD_MB_PER_DAY of files over 24 hours (413 UPLOAD_QUOTA_EXCEEDED).'
const trackingLinkAnswers =
  'An unknown link answers 404; an expired one 410 TRACKING_LINK_EXPIRED (a link works 30 days from its mail, and at most 7 days after its ticket closed): ask for a new one on /track-ticket.'
/** A customer's move of their ticket: the ticket as it is after it. */
const move = {
  ...member,
  method: 'POST',
  params: idParams,
  responses: { 200: ticketSchema },
  errors: [404, 409],
  changes: ['tickets'],
} as const
/** A visitor's call from the public site: limited per address. */
const visitor = { audience: 'anyone', rateLimited: true } as const

/**
 * The support desk: the organization's tickets and support plan, for its members; and the public
 * site's tickets, followed through the private link mailed to the visitor. The officers' side of
 * the desk is in `officers`.
 */
export const support = defineEndpoints('support', {
  overview: {
    ...member,
    method: 'GET',
    path: '/api/support/overview',
    summary:
      "The organization's support plan with its response targets, the plans above it, and its open tickets",
    responses: { 200: supportOverviewSchema },
    reads: ['tickets', 'organization'],
  },
  resources: {
    ...member,
    method: 'GET',
    path: '/api/support/resources',
    summary: "What a ticket can be about: the organization's clusters, installations, orders and invoices",
    responses: { 200: z.object({ items: z.array(ticketResourceSchema) }) },
    reads: ['clusters', 'installations', 'orders', 'invoices'],
  },
  tickets: {
    ...member,
    method: 'GET',
    path: supportTicketsPath,
    summary: "The organization's tickets, most recently changed first",
    query: ticketListQuerySchema,
    responses: { 200: ticketListSchema },
    reads: ['tickets'],
  },
  openTicket: {
    ...member,
    method: 'POST',
    path: supportTicketsPath,
    summary: 'Open a ticket; its response clocks start from the organization’s support plan',
    description: `P1 needs a plan with 24/7 coverage (422 PRIORITY_NOT_COVERED). Attachments: at most 4, 10 MB each (413), PNG, JPEG, PDF, text or log, checked from their content (415). ${uploadLimits}`,
    body: newTicketSchema,
    responses: { 201: ticketSchema },
    errors: [404, 413, 415, 422, 429],
    changes: ['tickets'],
  },
  ticket: {
    ...member,
    method: 'GET',
    path: '/api/support/tickets/:id',
    summary: 'One ticket with its thread',
    params: idParams,
    responses: { 200: ticketSchema },
    errors: [404],
    reads: ['tickets'],
  },
  reply: {
    ...member,
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    summary: 'Reply in the thread; a resolved or closed ticket reopens',
    description: uploadLimits,
    params: idParams,
    body: replySchema,
    responses: { 200: ticketSchema },
    errors: [404, 413, 415, 429],
    changes: ['tickets'],
  },
  resolve: {
    ...move,
    path: '/api/support/tickets/:id/resolve',
    summary: 'Mark the ticket resolved',
  },
  close: {
    ...move,
    path: '/api/support/tickets/:id/close',
    summary: 'Close the ticket',
  },
  reopen: {
    ...move,
    path: '/api/support/tickets/:id/reopen',
    summary: 'Reopen the ticket',
  },
  rate: {
    ...member,
    method: 'POST',
    path: '/api/support/tickets/:id/rating',
    summary: 'Rate the answer of a resolved ticket, 1 to 5, with a comment if you like (once)',
    params: idParams,
    body: ratingSchema,
    responses: { 200: ticketSchema },
    errors: [404, 409],
    changes: ['tickets'],
  },
  attachment: {
    ...member,
    method: 'GET',
    path: '/api/support/tickets/:id/attachments/:attachmentId',
    summary: 'A file attached to the thread',
    params: attachmentParams,
    responses: { 200: attachmentFile },
    errors: [404],
    reads: ['tickets'],
  },
  upgradePlan: {
    audience: 'admin',
    token: 'support',
    method: 'POST',
    path: '/api/support/plan-upgrade',
    summary: 'Move the organization to a higher support plan (an order, in effect at once)',
    description:
      'Organization admins only. Needs an Idempotency-Key header: the same key and body return the same order (200). A plan that is not above the current one answers 422 NOT_AN_UPGRADE.',
    headers: idempotencyHeaders,
    body: supportPlanUpgradeSchema,
    responses: { 200: orderSchema, 201: orderSchema },
    errors: [404, 409, 422],
    changes: ['organization', 'orders', 'billing'],
  },

  openVisitorTicket: {
    ...visitor,
    method: 'POST',
    path: '/api/support/public/tickets',
    summary:
      'Send a ticket from the public site: its number and a private tracking link are mailed to the address given',
    description:
      'Limited per IP and per address (429). At most 2 files of 5 MB; SUPPORT_UPLOAD_MB_PER_DAY of files per address over 24 hours (413 UPLOAD_QUOTA_EXCEEDED). The answer never says whether the address is known.',
    body: publicTicketSchema,
    responses: { 201: ticketReceiptSchema },
    errors: [413, 415],
    changes: ['tickets'],
  },
  mailTrackingLink: {
    ...visitor,
    method: 'POST',
    path: '/api/support/public/track',
    summary:
      'Mail a new tracking link of a ticket, if the number and the address belong together (the links sent before stop working)',
    description:
      'The answer is the same whether they do or not: the ticket is shown only through the mailed link.',
    body: trackTicketSchema,
    responses: { 200: ticketReceiptSchema },
    errors: [413],
    // Only the ticket's links change, which no screen reads: the page that asked (an expired
    // link's) stays as it is until the visitor follows the new one.
  },
  trackedTicket: {
    ...visitor,
    method: 'GET',
    path: '/api/support/public/thread',
    summary: 'The ticket a tracking link opens',
    description: trackingLinkAnswers,
    query: trackingTokenQuerySchema,
    responses: { 200: ticketSchema },
    errors: [404, 410],
    reads: ['tickets'],
  },
  replyToTrackedTicket: {
    ...visitor,
    method: 'POST',
    path: '/api/support/public/thread/messages',
    summary: 'Reply in the thread a tracking link opens',
    description: `${trackingLinkAnswers} The link is checked before the files. At most 2 files of 5 MB.`,
    body: publicReplySchema,
    responses: { 200: ticketSchema },
    errors: [404, 410, 413, 415],
    changes: ['tickets'],
  },
  trackedAttachment: {
    ...visitor,
    method: 'GET',
    path: '/api/support/public/thread/attachments/:attachmentId',
    summary: 'A file of the thread a tracking link opens',
    description: trackingLinkAnswers,
    params: z.object({ attachmentId: z.uuid() }),
    query: trackingTokenQuerySchema,
    responses: { 200: attachmentFile },
    errors: [404, 410],
    reads: ['tickets'],
  },
})
